/**
 * Synthetic samples of the state lists added in issue 54 (Alabama to Michigan), each in its
 * agency's layout: Alabama's notes, two-row header, provider-type headings and notes below;
 * Alaska's and Delaware's PDFs; Arkansas's all-quoted CSV without dates; Colorado's and
 * Maryland's sheets (Maryland's legend below); Connecticut's web page (businesses named ",");
 * MassHealth's two sheets (the reinstated on the second); Michigan's title cell and its two
 * "Sanction Source" columns. Our own invented people (population.ts), never the agencies'.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { LineWriter, quoteAll } from './output';
import { writePdfTable, type PdfTableLayout } from './pdf-table-writer';
import { mdy, type Person } from './population';
import { subjectAt, typedCell, type Subject } from './states';
import { XlsxWriter } from './xlsx-writer';

const person = (s: Subject): Person => s.person as Person;
const plusYears = (iso: string, years: number): string => `${+iso.slice(0, 4) + years}${iso.slice(4)}`;
/** m/d/yyyy, as Alaska and Delaware print dates. */
const shortMdy = (iso: string): string => `${+iso.slice(5, 7)}/${+iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const given = (p: Person): string => `${p.first}${p.middle ? ` ${p.middle}` : ''}`;
const subjects = (seed: number, state: string, count: number): Subject[] => Array.from({ length: count }, (_, j) => subjectAt(seed, state, count, j));

/** One workbook of sheets, each rows of cells (MM/DD/YYYY in a date column written as a date cell). */
function workbook(path: string, sheets: { name: string; rows: string[][]; dateColumns: number[] }[]): void {
  const book = new XlsxWriter(path, { dateStyle: 'builtin' });
  for (const sheet of sheets) {
    book.addSheet(sheet.name);
    for (const row of sheet.rows) book.writeRow(row.map((value, i) => typedCell(value, sheet.dateColumns.includes(i))));
  }
  book.close();
}

const AL_SECTIONS: [string, (s: Subject) => boolean][] = [
  ['PHYSICIANS', (s) => s.r.chance(0.3)],
  ['NURSES', () => true],
];

function alabama(dir: string, count: number, seed: number): void {
  const all = subjects(seed, 'AL', count);
  const rows: string[][] = [['INDIVIDUALS EXCLUDED FROM PARTICIPATING '], ['IN THE ALABAMA TITLE XIX (MEDICAID) PROGRAM (synthetic sample)'], [], ['MLC = Medical Licensure Commission of Alabama/Alabama Board of Medical Examiners'], ['ABN = Alabama Board of Nursing'], ['Newly added sanctioned providers are highlighted in yellow (Note:  The list is updated monthly.)'], [], ['NAME OF PROVIDER', 'SUSPENSION', 'SUSPENSION'], ['', 'EFFECTIVE DATE', 'INITIATED BY'], []];
  const people = all.filter((s) => s.person);
  const taken = new Set<Subject>();
  for (const [heading, pick] of AL_SECTIONS) {
    rows.push([heading], []);
    for (const s of people.filter((x) => !taken.has(x) && pick(x))) {
      taken.add(s);
      const p = person(s);
      rows.push([`${p.last}, ${given(p)}${p.otherLast ? ` (aka ${p.otherLast})` : ''}`, mdy(s.excluded), s.r.pick(['MLC', 'ABN', 'MLC & Medicare', 'Medicaid, MLC, & Medicare'])]);
    }
    rows.push([]);
  }
  rows.push(['MEDICAL CLINIC PROVIDERS'], []);
  for (const s of all.filter((x) => x.business)) rows.push([s.business!.name, mdy(s.excluded), 'Medicaid']);
  rows.push([], ['NOTE:  Any nurse aide listed as sanctioned prior to 10/01/90 will not be listed on the registry (synthetic sample).'], ['Alabama Medicaid Provider Billing Manual, Chapter 7, Section 7.3.1 ']);
  workbook(`${dir}/state-al/al-suspended-providers.xlsx`, [{ name: 'Sheet1', rows, dateColumns: [1] }]);
}

function colorado(dir: string, count: number, seed: number): void {
  const rows = [['Provider Name', '"Doing Business As" Name', 'NPI', 'Termination Authority', 'Termination Effective Date']];
  for (const s of subjects(seed, 'CO', count)) {
    const rule = `10 CCR 2505-10, Section 8.076.${s.r.pick(['1.7.e', '1.7.f', '5.A'])}`;
    if (s.business) rows.push([s.business.name, s.business.dba ?? ' ', s.business.npi, rule, mdy(s.excluded)]);
    else {
      const p = person(s);
      rows.push([`${p.last}${s.r.chance(0.3) ? ' MD' : ''}, ${p.first}${p.middle ? ` ${p.middle[0]}` : ''}`, s.r.chance(0.5) ? '' : ' ', s.r.chance(0.7) ? p.npi : 'N/A', rule, mdy(s.excluded)]);
    }
  }
  workbook(`${dir}/state-co/co-terminated-providers.xlsx`, [{ name: 'Termination List', rows, dateColumns: [4] }]);
}

function maryland(dir: string, count: number, seed: number): void {
  const rows = [['LAST NAME/ORGANIZATION', 'FIRST NAME', 'TYPE OF ENTITY/PROFESSION', 'SANCTION TYPE', 'NPI', 'LICENSE NO', 'TERMINATION/SANCTION DATE', 'ADDRESS', 'CITY/STATE/ZIP']];
  for (const s of subjects(seed, 'MD', count)) {
    const type = s.r.pick(['LB', 'HHS', 'MDH', 'MFVVU-A', 'F']);
    if (s.business) rows.push([s.business.name, '', 'Business Entity', 'MDH', s.r.chance(0.5) ? s.business.npi : '', '', mdy(s.excluded), s.business.street, `${s.business.city} MD ${s.business.zip}`]);
    else {
      const p = person(s);
      rows.push([p.last, p.first, s.r.pick(['MD', 'Nurse', 'Pharmacist', 'Dentist']), type, s.r.chance(0.5) ? p.npi : '', s.r.chance(0.6) ? p.license : '', mdy(s.excluded), p.street, `${p.city}, MD ${p.zip}`]);
    }
  }
  rows.push([], ['A = Abuse of adult/vulnerable individual'], ['LB = Licensing Board discipline (Suspended, surrendered, revoked license)'], ['HHS = Sanctioned by U.S. Department of Health and Human Services'], ['MDH = Other sanction by Maryland Department of Health Department'], ['MFVVU = Medicaid Fraud And Vulnerable Victims Unit conviction'], ['F = Other Medicaid fraud conviction'], [], ['(synthetic sample)']);
  workbook(`${dir}/state-md/md-sanctioned-providers.xlsx`, [{ name: 'State_of_MD_Sanctioned_Provider', rows, dateColumns: [6] }]);
}

function massachusetts(dir: string, count: number, seed: number): void {
  const listed = [['Provider Name', 'Provider Type', 'National Provider Identifier (NPI)', 'Unique ID', 'Suspension/Exclusion Reason', 'Suspension/Exclusion Effective Date']];
  const removed = [['Provider Name', 'Provider Type ', 'National Provider Identifier (NPI)', 'Suspension/Exclusion Reason', 'Suspension/Exclusion Effective Date', 'Reinstated into MassHealth', 'Notes']];
  for (const s of subjects(seed, 'MA', count)) {
    const reason = s.r.pick(['DISCIPLINARY ACTION BY LICENSING BOARD', 'LICENSE REVOKED BY LICENSING BOARD', 'VIOLATION OF MASSHEALTH PROGRAM PARTICIPATORY REQUIREMENTS']);
    if (s.business) listed.push([s.business.name.toUpperCase(), 'GROUP PRACTICE ORGANIZATION', s.business.npi, '', reason, mdy(s.excluded)]);
    else {
      const p = person(s);
      const name = `${p.first}${p.middle ? ` ${p.middle[0]}` : ' '} ${p.last}`.toUpperCase();
      if (s.r.chance(0.05)) removed.push([name, 'PHYSICIAN', p.npi, reason, mdy(s.excluded), mdy(plusYears(s.excluded, 1)), '']);
      else listed.push([name, s.r.pick(['PHYSICIAN', 'OPTOMETRIST', 'LICENSED INDEPENDENT CLINICAL SOCIAL WORKER']), p.npi, s.r.chance(0.1) ? s.r.digits(6) : '', reason, mdy(s.excluded)]);
    }
  }
  workbook(`${dir}/state-ma/ma-suspended-excluded-providers.xlsx`, [{ name: 'Exclusions List', rows: listed, dateColumns: [5] }, { name: 'Removed fx the list', rows: removed, dateColumns: [4, 5] }]);
}

function michigan(dir: string, count: number, seed: number): void {
  const rows = [['Medicaid Michigan Sanction Provider List\n(synthetic sample)\nSanctionProviderList@example.org'], ['Entity Name', 'Last Name', 'First Name', 'Middle Name', 'Provider Category', 'NPI#', 'City', 'License#', 'Sanction Date1', 'Sanction Source', 'Sanction Date2', 'Sanction Source', 'Reason']];
  for (const s of subjects(seed, 'MI', count)) {
    const second = s.r.chance(0.2);
    const [date2, source2] = second ? [mdy(plusYears(s.excluded, 2)), 'MDHHS-OIG'] : ['', ''];
    if (s.business) rows.push([s.business.name, '', '', '', 'Group', s.business.npi, s.business.city, '', mdy(s.excluded), 'MDHHS-OIG', date2, source2, second ? 'Summary Suspension Terminated' : 'Summary Suspension']);
    else {
      const p = person(s);
      rows.push(['', p.last, p.first, p.middle, s.r.pick(['Home Help', 'Private Duty Nurse', 'Physician']), s.r.chance(0.5) ? p.npi : ' ', p.city, s.r.chance(0.5) ? s.r.digits(10) : '', mdy(s.excluded), s.r.pick(['HHS', 'MDHHS', 'MI-Licensing and Regulatory Affairs']), date2, source2, s.r.pick(['1128(a)(1)', '1128(b)(4)', 'Suspended'])]);
    }
  }
  workbook(`${dir}/state-mi/mi-sanctioned-providers.xlsx`, [{ name: 'Michigan', rows, dateColumns: [8, 10] }]);
}

async function arkansas(dir: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(`${dir}/state-ar/ar-excluded-providers.csv`, '\n', null);
  await out.write(quoteAll(['Division', 'Facility Name', 'Provider Name', 'City', 'State', 'Zip']));
  for (const s of subjects(seed, 'AR', count)) {
    const division = s.r.pick(['DMS', 'DCCECE', 'OIG', 'OMIG', '']);
    if (s.business) await out.write(quoteAll([division, s.business.name, '', s.business.city, 'AR', s.business.zip]));
    else {
      const p = person(s);
      await out.write(quoteAll([division, s.r.chance(0.2) ? `${p.last} Learning Academy` : '', `${p.last}, ${given(p)} `, p.city, s.r.chance(0.1) ? '  ' : 'AR', p.zip]));
    }
  }
  await out.close();
}

/** Connecticut's list is a web page: its table of administrative actions, businesses named ",". */
function connecticut(dir: string, count: number, seed: number): void {
  const cell = (v: string) => `<td>${v.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</td>`;
  const rows = subjects(seed, 'CT', count).map((s) => {
    const period = s.r.pick(['Indefinite', '5 years', '10 years']);
    const action = s.r.pick(['Suspension', 'Exclusion']);
    if (s.business) return [',', s.business.name, 'Professional Counseling Group', `${s.business.street}, ${s.business.city}, CT, ${s.business.zip}`, mdy(s.excluded), period, action];
    const p = person(s);
    return [`${p.last}, ${p.first}${p.middle ? ` ${p.middle[0]}` : ''}`, s.r.chance(0.2) ? `${p.last} Dental, LLC` : 'N/A', s.r.chance(0.5) ? 'Dentist' : 'N/A', `${p.street}, ${p.city}, CT, ${p.zip}`, mdy(s.excluded), period, action];
  });
  const header = ['Name', 'Business', 'Specialty', 'Address', 'Effective Date', 'Period', 'Administrative Action'];
  const table = `<table><thead><tr>${header.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('\n')}</tbody></table>`;
  mkdirSync(`${dir}/state-ct`, { recursive: true });
  writeFileSync(`${dir}/state-ct/ct-administrative-actions.html`, `<!DOCTYPE html><html><head><title>Quality Assurance Administrative Actions List (synthetic sample)</title></head><body><h1>Administrative Actions List</h1><p>Synthetic sample.</p>${table}</body></html>\n`);
}

const cols = (spec: [string, number][]): PdfTableLayout['columns'] => spec.map(([header, width]) => ({ header, width }));

async function pdfs(dir: string, count: number, seed: number): Promise<void> {
  await writePdfTable(`${dir}/state-ak/ak-excluded-provider-list.pdf`, { size: [792, 612], fontSize: 7, notes: ['Alaska Medical Assistance Excluded Provider List (synthetic sample)', 'Medicaid Program Integrity'], columns: cols([['Exclusion Date', 60], ['Last Name', 130], ['First Name', 90], ['Provider Type', 130], ['Exclusion Authority', 60], ['Exclusion Reason', 150]]) }, (function* () {
    for (const s of subjects(seed, 'AK', count)) {
      const reason = s.r.pick(['SSA Section 1128(a)(1)', 'AS 47.05.210(a)(1)', 'STATE SANCTION REASONS']);
      if (s.business) yield [shortMdy(s.excluded), s.business.name, '-', 'HOME HEALTH AGENCY', s.r.pick(['PI', 'MFCU']), reason];
      else yield [shortMdy(s.excluded), person(s).last, given(person(s)), 'PERSONAL CARE PROVIDER', s.r.pick(['PI', 'OIG', 'MFCU', 'DSDS', 'STATE']), reason];
    }
  })());
  await writePdfTable(`${dir}/state-de/de-sanctioned-providers.pdf`, { size: [1008, 612], fontSize: 6, pageTitle: 'Delaware Medicaid Sanctioned Providers (synthetic sample)', columns: cols([['Sanctioned Provider Name', 150], ['NPI #', 60], ['License #', 60], ['DEA #', 60], ['OIG / Medicaid Sanction', 90], ['Effective Date', 60], ['Reinstated Date', 60], ['Comments', 180]]) }, (function* () {
    for (const s of subjects(seed, 'DE', count)) {
      const reinstated = s.r.chance(0.1) ? shortMdy(plusYears(s.excluded, 2)) : s.r.chance(0.3) ? 'Indefinite' : '';
      if (s.business) yield [s.business.name, s.business.npi, 'N/A', 'N/A', 'Medicaid Sanction', shortMdy(s.excluded), reinstated, 'Terminated'];
      else {
        const p = person(s);
        yield [`${given(p)} ${p.last}${s.r.chance(0.5) ? `, ${s.r.pick(['MD', 'RN', 'LPN', 'DPM'])}` : ''}`, s.r.chance(0.6) ? p.npi : 'N/A', p.license, 'N/A', s.r.pick(['Medicaid Sanction', 'OIG Sanction']), shortMdy(s.excluded), reinstated, reinstated ? 'Reinstated by the Board' : 'N/A'];
      }
    }
  })());
}

/** The samples of the issue-54 states from Alabama to Michigan, under `dir/state-xx/` (PDFs at most `pdfRows` rows). */
export async function writeStatesAlToMi(dir: string, count: number, seed: number, pdfRows: number): Promise<void> {
  for (const st of ['al', 'ar', 'co', 'md', 'ma', 'mi']) mkdirSync(`${dir}/state-${st}`, { recursive: true });
  alabama(dir, count, seed);
  colorado(dir, count, seed);
  maryland(dir, count, seed);
  massachusetts(dir, count, seed);
  michigan(dir, count, seed);
  await arkansas(dir, count, seed);
  connecticut(dir, count, seed);
  await pdfs(dir, pdfRows, seed);
}
