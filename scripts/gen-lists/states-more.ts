/**
 * Synthetic samples of the state lists added in issue 24, each in its agency's layout with
 * the quirks of the real file: titles above the header, header names with colons or spaces,
 * one name cell, several NPIs in a cell, N/A, serial or yyyymmdd dates, a tab text file.
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
}

const person = (s: Subject): Person => s.person as Person;
const initial = (p: Person): string => (p.middle ? ` ${p.middle[0]}` : '');
/** Days since 1899-12-30: a date left as a number in a cell without a date format. */
const serial = (iso: string): string => String(Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000));

export function writeSheet(dir: string, layout: Layout, count: number, seed: number): void {
  const book = new XlsxWriter(`${dir}/${layout.dir}/${layout.file}`, { dateStyle: 'builtin' });
  book.addSheet('Sheet1');
  for (const row of layout.above) book.writeRow(row);
  book.writeRow(layout.header);
  const isDate = layout.header.map((h) => layout.dateColumns?.includes(h) ?? false);
  for (let j = 0; j < count; j += 1) {
    const row = layout.toRow(subjectAt(seed, layout.state, count, j), j);
    if (row) book.writeRow(row.map((value, i) => typedCell(value, isDate[i])));
  }
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
