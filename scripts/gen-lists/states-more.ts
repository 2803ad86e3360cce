/**
 * Synthetic samples of the state lists added in issue 24, each in its agency's layout with
 * the quirks of the real file: titles above the header, header names with colons or spaces,
 * one name cell, several NPIs in a cell, N/A, serial or yyyymmdd dates, a tab text file; and
 * issue 54's (MS, MT, SC, VT, WA, Arizona's State Exclusions): an entity-type column, a.k.a.
 * rows, an unnamed column, several names in a cell, a legend below the table.
 */
import { LineWriter, quoteAll } from './output';
import { mdy, ymd, type Person } from './population';
import { PROVIDER_TYPES, subjectAt, typedCell, type Subject, type ToRow } from './states';
import { XlsxWriter } from './xlsx-writer';

export interface Layout {
  dir: string;
  file: string;
  state: string;
  /** Rows above the header (titles, contact lines, a "Start Table" marker). */
  above: string[][];
  header: string[];
  dateColumns?: string[];
  toRow: ToRow;
  /** The sheet's name (Sheet1 when not set). */
  sheet?: string;
  /** Rows written below a subject's row (Montana's a.k.a. rows, Mississippi's numbered empty rows). */
  rowsAfter?: (s: Subject, j: number) => string[][];
  /** Rows below the table (Vermont's legend). */
  below?: string[][];
}

const person = (s: Subject): Person => s.person as Person;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "June 30, 2023", as Mississippi writes its exclusion periods. */
const longDate = (iso: string): string => `${MONTHS[+iso.slice(5, 7) - 1]} ${+iso.slice(8, 10)}, ${iso.slice(0, 4)}`;
/** A value padded with spaces, as Vermont's fixed-width export leaves them. */
const pad = (value: string, width: number): string => value.padEnd(width, ' ');
/** Mississippi's row number: one is skipped after every 50th row (the numbered empty row). */
const msNumber = (j: number): number => j + 1 + Math.floor(j / 50);
const MS_HEADER = ['#', 'Provider Entity \n(Org/Ind)', 'Role', 'Provider Organization Name\n (Applicable for Organizations Only)', 'Provider First Name\n(Applicable for Individuals Only)', 'Provider Last Name\n(Applicable for Individuals Only)', 'Provider MI Name\n(Applicable for Individuals Only)', 'Provider Suffix Name\n(Applicable for Individuals Only)', 'Provider Address Line 12', 'Provider Address Line 2 ', 'City', 'State', 'Zipcode', 'NPI', 'Medicaid ID', 'Date of Birth', 'Provider Type', 'Provider Speciality ', 'Termination Effective Date', 'Termination End Date', 'Exclusion Period', 'Termination Reason', 'Sanction Type', 'Additional Notes '];
const initial = (p: Person): string => (p.middle ? ` ${p.middle[0]}` : '');
/** Days since 1899-12-30: a date left as a number in a cell without a date format. */
const serial = (iso: string): string => String(Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000));

export function writeSheet(dir: string, layout: Layout, count: number, seed: number): void {
  const book = new XlsxWriter(`${dir}/${layout.dir}/${layout.file}`, { dateStyle: 'builtin' });
  book.addSheet(layout.sheet ?? 'Sheet1');
  for (const row of layout.above) book.writeRow(row);
  book.writeRow(layout.header);
  const isDate = layout.header.map((h) => layout.dateColumns?.includes(h) ?? false);
  for (let j = 0; j < count; j += 1) {
    const s = subjectAt(seed, layout.state, count, j);
    const row = layout.toRow(s, j);
    if (row) book.writeRow(row.map((value, i) => typedCell(value, isDate[i])));
    for (const after of layout.rowsAfter?.(s, j) ?? []) book.writeRow(after);
  }
  for (const row of layout.below ?? []) book.writeRow(row);
  book.close();
}

const WORKBOOKS: Layout[] = [
  { dir: 'state-ga', file: 'ga-oig-exclusions.xlsx', state: 'GA', above: [['', 'Department of Community Health Office of Inspector General List of Excluded Individuals and Entities (synthetic sample)'], []], header: ['LAST NAME', 'FIRST NAME', 'MIDDLE NAME', 'BUSINESS NAME', 'GENERAL', 'STATE', 'SANCDATE', 'NPI'], toRow: (s) => {
    if (s.business) return ['', '', '', s.business.name, 'PHARMACY', 'GA', ymd(s.excluded), s.r.chance(0.5) ? s.business.npi : ''];
    const p = person(s);
    return [p.last, p.first, p.middle, '', p.general, 'GA', ymd(s.excluded), s.r.chance(0.3) ? p.npi : ''];
  } },
  { dir: 'state-il', file: 'il-provider-sanctions.xlsx', state: 'IL', above: [], header: ['Provider Name', 'License #', 'NPI', 'Provider Type', 'Affiliation', 'Action Date', 'Action Type', 'Address', 'Address 2', 'City', 'State', 'Zip Code'], dateColumns: ['Action Date'], toRow: (s) => {
    const date = s.r.chance(0.2) ? serial(s.excluded) : mdy(s.excluded);
    const action = s.r.pick(['Terminated', 'Suspended', 'Barred', 'Voluntary Withdrawal']);
    if (s.business) return [s.business.name, '', s.business.npi, 'GROUP', '', date, action, s.business.street, '', s.business.city, 'IL', `${s.business.zip} - ${s.r.digits(4)}`];
    const p = person(s);
    return [`${p.last} ${p.first}${initial(p)}`, `036${s.r.digits(6)}`, s.r.chance(0.4) ? p.npi : '', 'PHYSICIAN', '', date, action, p.street, '', p.city, 'IL', p.zip];
  } },
  { dir: 'state-in', file: 'in-provider-terminations.xlsx', state: 'IN', above: [['Provider Terminations (synthetic sample)']], header: ['Provider Name', 'National Provider Identification (NPI)', 'Service Location Address', 'Termination Effective Date '], dateColumns: ['Termination Effective Date '], toRow: (s) => {
    if (s.business) return [s.business.name, s.r.chance(0.3) ? `${s.business.npi}/${subjectAt(0, 'IN', 1, 0).business?.npi ?? s.business.npi}` : s.business.npi, `${s.business.city}, IN`, mdy(s.excluded)];
    const p = person(s);
    return [`${p.first}${initial(p)} ${p.last}${s.r.chance(0.5) ? `, ${s.r.pick(['MD', 'DO', 'DDS', 'RN'])}` : ''}`, p.npi, `${p.city}, IN`, mdy(s.excluded)];
  } },
  { dir: 'state-ia', file: 'ia-excluded-individuals-entities.xlsx', state: 'IA', above: [['PLEASE DIRECT ALL INQUIRIES TO PROGRAM INTEGRITY (synthetic sample)']], header: ['Enrollment Type', 'Specialty', 'NPI', 'Affiliated NPI', 'Last Name', 'First Name', 'Legal Business Name', 'Type of Sanction', 'Effective Date', 'Sanction End Date', 'Eligible to Reapply Date', 'Authority', 'State License Type', 'State License Number'], dateColumns: ['Effective Date', 'Sanction End Date'], toRow: (s) => {
    const end = s.r.chance(0.6) ? 'Indefinite' : s.r.chance(0.5) ? 'Federal Authority' : mdy(`${+s.excluded.slice(0, 4) + 5}-01-01`);
    if (s.business) return ['Organization', 'Pharmacy', s.business.npi, '', '', '', s.business.name, 'Termination', mdy(s.excluded), end, '', '441 IAC 79.2(2)', 'N/A', 'N/A'];
    const p = person(s);
    return ['Individual', 'LPN', s.r.chance(0.3) ? `X000${s.r.digits(6)}` : '', '', p.last, `${p.first}${p.middle ? ` ${p.middle}` : ''}`, '', 'Termination', mdy(s.excluded), end, '', 'OIG - 1128(a)(1)', 'LPN', p.license];
  } },
  { dir: 'state-ks', file: 'ks-medicaid-terminations.xlsx', state: 'KS', above: [['', '', '', '', '', '', 'REVISED: (synthetic sample)']], header: ['Termination Date:', 'D/B/A Business Name:', 'Name:', 'Provider Type:', 'KMAP Provider #:', 'NPI #:', 'Comments:'], dateColumns: ['Termination Date:'], toRow: (s) => {
    const kmap = `${s.r.digits(9)}A`;
    if (s.business) return [mdy(s.excluded), '', s.business.name, 'HCBS', `${kmap}; ${kmap.slice(0, 9)}B`, s.business.npi, 'Non-compliance with provider agreement.'];
    const p = person(s);
    const alias = p.otherLast ? ` / ${p.first} ${p.otherLast}` : '';
    return [mdy(s.excluded), s.r.chance(0.2) ? `${p.last} Family Services` : '', `${p.first}${initial(p)} ${p.last}${alias}`, s.r.pick(PROVIDER_TYPES), s.r.chance(0.5) ? kmap : 'N/A', s.r.chance(0.5) ? p.npi : 'N/A', 'HHS-OIG excluded participation.'];
  } },
  { dir: 'state-ky', file: 'ky-medicaid-termination-list.xlsx', state: 'KY', above: [['Document Information: PI = Program Integrity (synthetic sample)'], ['Start Table']], header: ['First Name', 'Last Name or Practice Name', 'NPI', 'License', 'Effective Date', 'Reason for Term/Exclusion', 'Timeframe of Term/Exclusion'], dateColumns: ['Effective Date'], toRow: (s) => {
    if (s.business) return ['N/A', s.business.name, s.business.npi, 'N/A', mdy(s.excluded), 'Violation of KMAP Policy', 'N/A'];
    const p = person(s);
    return [`${p.first} `, p.last, s.r.chance(0.6) ? p.npi : 'N/A', p.license, mdy(s.excluded), 'License Suspended', 'N/A'];
  } },
  { dir: 'state-nc', file: 'nc-state-excluded-providers.xlsx', state: 'NC', above: [['STATE EXCLUDED PROVIDERS LIST (synthetic sample)'], ['NC Medicaid - Division of Health Benefits'], [], ['The name(s) in the "OWNERSHIP" column are not excluded unless listed under "EXCLUDED ENTITY".'], [], ['Terminations through (synthetic sample)']], header: ['EXCLUDED ENTITY', 'NPI/ATYPICAL ID (EXCLUDED)', 'EFFECTIVE DATE', 'REASON FOR EXCLUSION  ', 'CITY', 'STATE', 'ZIP CODE', 'OWNERSHIP'], dateColumns: ['EFFECTIVE DATE'], toRow: (s) => {
    const owner = person(subjectAt(0, 'NC-OWNER', 10, 1));
    if (s.business) return [s.business.name, s.business.npi, mdy(s.excluded), 'STATE', s.business.city, 'NC', s.business.zip, `${owner.first} ${owner.last}`];
    const p = person(s);
    const name = `${p.first}${p.middle ? ` ${p.middle}` : ''} ${p.last}`;
    return [name, s.r.chance(0.8) ? p.npi : 'N/A', mdy(s.excluded), s.r.pick(['STATE', 'FEDERAL', 'OIG/STATE']), p.city, 'NC', p.zip, name];
  } },
  { dir: 'state-nd', file: 'nd-provider-exclusions.xlsx', state: 'ND', above: [['ND Provider Exclusion List (synthetic sample)', '', '', 'Provider Type: ', 'AFC = Adult Foster Care'], ['Sanctions as of (synthetic sample)'], ['For verifications, contact HHS Program Integrity']], header: ['Provider Name', 'Business Name', 'Street Address', 'City', 'State', 'Zip', 'Medicaid Provider Number', 'Medicare Provider Number', 'NPI', 'License Number', 'Provider Type ', 'Practice State', 'Sanction Type', 'Exclusion Date', 'Reason for Exclusion', 'Verification Contact'], dateColumns: ['Exclusion Date'], toRow: (s) => {
    if (s.business) return [s.business.name, s.business.name, s.business.street, s.business.city, 'ND', s.business.zip, s.r.digits(7), 'N/A', s.business.npi, 'N/A', 'AHCF', 'ND', 'Termination', mdy(s.excluded), 'Failure to comply with rules and regulations.', 'HHS Program Integrity Unit'];
    const p = person(s);
    const alias = p.otherLast ? ` (aka ${p.otherLast})` : '';
    return [`${p.last}${alias}, ${p.first}`, 'N/A', p.street, p.city, 'ND', p.zip, 'N/A', 'N/A', s.r.chance(0.3) ? p.npi : 'N/A', s.r.chance(0.2) ? `R${s.r.digits(5)}; L${s.r.digits(5)}` : p.license, 'RN', 'ND', 'Termination; Exclusion', s.r.chance(0.2) ? ` ${+s.excluded.slice(5, 7)}/${+s.excluded.slice(8, 10)}/${s.excluded.slice(0, 4)}` : mdy(s.excluded), 'Reciprocal to OIG Exclusion', 'HHS Program Integrity Unit'];
  } },
  // Mississippi: title and legend rows, header cells with line breaks, an organization's row naming its owner, a numbered empty row now and then, 12/31/2999 for no end.
  { dir: 'state-ms', file: 'ms-sanctioned-providers.xlsx', state: 'MS', above: [['Sanctioned Providers List (synthetic sample)'], [], [], ['Updated: (synthetic sample)'], [], ['Sanction Type:   DOM = Division of Medicaid   ME = Medicare Exclusion'], ['LB = Licensing Board   OIG = OIG Exclusion'], []], header: MS_HEADER, dateColumns: [MS_HEADER[15], MS_HEADER[18], MS_HEADER[19]], toRow: (s, j) => {
    const n = String(msNumber(j));
    const ended = s.r.chance(0.4) ? `${+s.excluded.slice(0, 4) + 10}${s.excluded.slice(4)}` : null;
    const tail = [mdy(s.excluded), mdy(ended ?? '2999-12-31'), `${longDate(s.excluded)} - ${ended ? longDate(ended) : 'Indefinite'}`, s.r.pick(['Criminal Conduct', 'Licensing Problems', 'Fraud Conviction']), s.r.pick(['DOM-Division of Medicaid', 'OIG-OIG Exclusion', 'ME-Medicare Exclusion', 'LB-Licensing Board'])];
    if (s.business) {
      const owner = person(subjectAt(0, 'MS-OWNER', 10, j % 9));
      return [n, 'Organization', 'Provider', s.business.name, owner.first, owner.last, owner.middle.slice(0, 1), '', s.business.street, '', s.business.city, 'MS', s.business.zip, s.r.chance(0.7) ? s.business.npi : '', s.r.digits(9), '', 'Custodial Care Facility', '', ...tail, 'The owner pled guilty.'];
    }
    const p = person(s);
    return [n, 'Individual', 'Provider', ' ', p.first, p.last, p.middle.slice(0, 1), p.suffix, `${p.street}\n`, '', p.city, 'MS', p.zip, s.r.chance(0.4) ? p.npi : '', '', s.r.chance(0.3) ? mdy(p.dob) : '', s.r.pick(['Registered Nurse', 'Physician', 'Nurse Aide']), '', ...tail, ''];
  }, rowsAfter: (_s, j) => (j % 50 === 49 ? [[String(msNumber(j) + 1)]] : []) },
  // Montana: an unnamed fifth column with the action, a maiden name in parentheses, a.k.a. rows below their record.
  { dir: 'state-mt', file: 'mt-terminated-excluded-providers.xlsx', state: 'MT', above: [], header: ['Terminated/Excluded Provider(s)', 'Healthcare Profession', 'NPI', 'Effective Date'], dateColumns: ['Effective Date'], toRow: (s) => {
    const action = s.r.pick(['State Termination', 'OIG Exclusion']);
    if (s.business) return [s.business.name, s.r.pick(['Pharmacy/DME', 'Home Health Agency', 'Ambulance']), s.r.chance(0.5) ? s.business.npi : '', mdy(s.excluded), action];
    const p = person(s);
    const middle = p.middle ? ` ${s.r.chance(0.5) ? p.middle : `${p.middle[0]}.`}` : '';
    return [`${p.last}${p.otherLast ? ` (${p.otherLast})` : ''}, ${p.first}${middle}`, s.r.pick(['Physician', 'Registered Nurse', 'CNA', 'Counselor']), s.r.chance(0.4) ? p.npi : '', mdy(s.excluded), action];
  }, rowsAfter: (s) => {
    const p = s.person;
    return p?.nickname ? [[`a.k.a. ${p.nickname} ${p.last}`]] : p?.middle && p.index % 5 === 0 ? [[`a.k.a ${p.first} ${p.middle} ${p.last}`]] : [];
  } },
  // South Carolina: a date and a title above the header, one name cell, "Not Found" for no NPI.
  { dir: 'state-sc', file: 'sc-excluded-terminated-providers.xlsx', state: 'SC', above: [['Reviewed and Updated:  (synthetic sample)'], ['South Carolina List of Sanctioned Individuals/Entities']], header: ['Individual//Entity', 'NPI', 'City', 'State', 'Zip', 'Last Known Profession/Provider Type', 'Excluded/Terminated', 'Action Date'], dateColumns: ['Action Date'], toRow: (s) => {
    const action = s.r.pick(['Excluded', 'Terminated for Cause']);
    if (s.business) return [s.business.name, s.r.chance(0.6) ? s.business.npi : 'Not Found', s.business.city, 'SC', s.business.zip, 'Private Sector Bus - Mental/Rehab', action, mdy(s.excluded)];
    const p = person(s);
    return [`${p.last}, ${p.first}${p.middle ? ` ${p.middle}` : ''}`, s.r.chance(0.3) ? p.npi : 'Not Found', p.city, 'SC', p.zip, s.r.pick(['Ind-Lic HC Serv Prov - Health Care Aide', 'Physician', 'Registered Nurse']), action, mdy(s.excluded)];
  } },
  // Vermont: #VALUE! and the title above the header, values padded with spaces, two "State" columns, 12/31/2382 for no end, a legend below.
  { dir: 'state-vt', file: 'vt-excluded-providers.xlsx', sheet: 'Excluded Providers', state: 'VT', above: [['#VALUE!', 'Vermont Monthly List of For Cause Exclusions (synthetic sample)']], header: ['VT Medicaid Provider ID ', 'Provider NPI', 'Provider Full Name', 'Provider Type ', 'Provider City', 'State', 'State', 'Reason or "Cause" for Exclusion', 'Provider Exclusion Status Effective Date', 'Provider Exclusion Status End Date', 'Reinstatement Date with Vermont Medicaid if Applicable'], toRow: (s) => {
    const id = `000${s.r.digits(4)}`;
    const reason = pad(s.r.pick(['TERMINATED DUE TO SANCTIONS', 'TERMED DUE TO MEDICARE/OTHER STATE EXCLUSION', 'LICENSE REVOKED']), 45);
    const reinstated = s.r.chance(0.1) ? mdy(`${+s.excluded.slice(0, 4) + 4}-05-01`) : '';
    if (s.business) return [id, s.business.npi, pad(s.business.name, 50), pad('PHARMACY', 35), pad(s.business.city.toUpperCase(), 20), 'VT', '22', reason, mdy(s.excluded), '12/31/2382', ''];
    const p = person(s);
    const name = `${p.last},${p.first}${p.middle ? ` ${p.middle[0]}` : ''}${p.suffix ? ` ${p.suffix}` : ''}${s.r.chance(0.6) ? ` ${s.r.pick(['MD', 'DMD', 'RN', 'LPN'])}` : ''}`;
    return [id, s.r.chance(0.5) ? p.npi : '', pad(name.toUpperCase(), 50), pad(s.r.pick(['PHYSICIAN', 'DENTIST', 'NURSE']), 35), pad(p.city.toUpperCase(), 20), 'VT', '07', reason, mdy(s.excluded), '12/31/2382', reinstated];
  }, below: [[], ['Names listed on the spreadsheet are of Providers Excluded for "Cause" from participation with Vermont Medicaid (synthetic sample).'], ['Key']] },
  // Washington: three title rows, a practice with its other name and its owner in one cell (one a line), their NPIs likewise, NBSP padding and ProviderOne ids.
  { dir: 'state-wa', file: 'wa-provider-termination-exclusion-list.xlsx', sheet: 'Termination and exclusion list', state: 'WA', above: [['Provider Termination and Exclusion List (synthetic sample)'], ['Updated (synthetic sample)'], []], header: ['Name', 'License #', 'NPI # or P1 #', 'Date of Exclusion', 'Action'], dateColumns: ['Date of Exclusion'], toRow: (s, j) => {
    const action = s.r.pick(['Terminate Medicaid Authority', 'License Suspended', 'License Surrendered']);
    if (s.business) {
      const owner = person(subjectAt(0, 'WA-OWNER', 10, j % 9));
      const names = [s.business.name, ...(s.business.dba ? [s.business.dba] : []), `${owner.last}, ${owner.first} ${owner.middle ? `${owner.middle[0]}. ` : ''}DN`];
      return [names.join('\n'), `DN${s.r.digits(8)}`, `${s.business.npi}\n${owner.npi}`, mdy(s.excluded), action];
    }
    const p = person(s);
    const npi = s.r.chance(0.2) ? `P1 - ${s.r.digits(7)}` : s.r.chance(0.3) ? `${p.npi}\u00a0\u00a0` : p.npi;
    return [`${p.last}, ${p.first}${initial(p)}${p.middle && s.r.chance(0.5) ? '.' : ''}${s.r.chance(0.5) ? ` ${s.r.pick(['MD', 'RN', 'LPN', 'DDS'])}` : ''}`, `${s.r.pick(['MD', 'RN', 'LP'])}${s.r.digits(8)}`, npi, mdy(s.excluded), action];
  } },
  // Arizona's State Exclusions workbook: one name column (a person first name first), "Permanent" as an end.
  { dir: 'state-az-exclusions', file: 'az-state-exclusions.xlsx', sheet: 'State Exclusions', state: 'AZ-X', above: [], header: ['NPI', 'Provider Name', 'Exclusion Effective Date', 'Exclusion End Date'], dateColumns: ['Exclusion Effective Date', 'Exclusion End Date'], toRow: (s) => {
    const end = s.r.chance(0.2) ? 'Permanent' : mdy(`${+s.excluded.slice(0, 4) + 5}${s.excluded.slice(4)}`);
    if (s.business) return [s.business.npi, `${s.business.name} `, mdy(s.excluded), end];
    const p = person(s);
    return [s.r.chance(0.7) ? p.npi : '', `${p.first}${initial(p)} ${p.last} `, mdy(s.excluded), end];
  } },
];

const amDate = (iso: string): string => `${+iso.slice(5, 7)}/${+iso.slice(8, 10)}/${iso.slice(0, 4)} 12:00:00 AM`;

/** The spreadsheet and text files of the new states, written under `dir/state-xx/`. */
export async function writeMoreStates(dir: string, count: number, seed: number): Promise<void> {
  for (const layout of WORKBOOKS) writeSheet(dir, layout, count, seed);

  // Louisiana: a "Document created on" line, header names with a leading space, every value quoted.
  const la = new LineWriter(`${dir}/state-la/la-adverse-actions.csv`, '\r\n', null);
  await la.write('Document created on: (synthetic sample)');
  await la.write(['First Name', 'Last Name or Entity Name', 'Birthdate', 'Affiliated Entity', 'Title or Provider Type', 'NPI#', 'Reason for Exclusion', 'Period of Exclusion', 'Reason for Termination', 'Type of Exclusion', 'Period of Enrollment Prohibition', 'Effective Date', 'Reinstate', 'State and Zip', 'Program Office'].join(', '));
  for (let j = 0; j < count; j += 1) {
    const s = subjectAt(seed, 'LA', count, j);
    const reinstated = s.r.chance(0.1) ? amDate(`${+s.excluded.slice(0, 4) + 1}-06-01`) : '';
    if (s.business) await la.write(quoteAll(['', s.business.name, '', '', 'Home Health', s.business.npi, '', '', 'Billing fraud', '', '10 Yrs', amDate(s.excluded), '', `LA ${s.business.zip}`, 'PI']));
    else {
      const p = person(s);
      await la.write(quoteAll([`${p.first}${p.middle ? ` ${p.middle}` : ''}`, p.suffix ? `${p.last}, ${p.suffix}.` : p.last, amDate(p.dob), '', 'Nurse Aide', s.r.chance(0.3) ? p.npi : 'NRF', 'Medicaid Fraud', '5 Yrs', '', 'State', '', amDate(s.excluded), reinstated, '', 'PI']));
    }
  }
  await la.close();

  // New Jersey: Treasury's debarment text (tabs, no header); the Comptroller's report is a PDF (states-pdf.ts).
  const nj = new LineWriter(`${dir}/state-nj-debarment/Debarment.txt`, '\n', null);
  for (let j = 0; j < count; j += 1) {
    const s = subjectAt(seed, 'NJT', count, j);
    const tail = (category: string, when: string): string[] => [category, s.r.pick(['SUSPENSION', 'DISQUALIFICATION', 'DEBARMENT']), 'K', '54', '7540', when, '', s.r.chance(0.5) ? 'Y' : 'N', '', '', ''];
    const b = s.business;
    const row = b
      ? [b.name, '', '', b.street, b.city, 'NJ', b.zip, '', '', '', '', '', '', '', ...tail('MEDICAL', mdy(s.excluded))]
      : ['', `${person(s).last}, ${person(s).first}${initial(person(s))}., ${s.r.pick(['L.P.N.', 'R.N.', 'M.D.'])}`, '', '', '', '', '', '', '', person(s).street, person(s).city, 'NJ', person(s).zip, '', ...tail('MEDICAL', mdy(s.excluded))];
    await nj.write(row.join('\t'));
  }
  await nj.close();

}
