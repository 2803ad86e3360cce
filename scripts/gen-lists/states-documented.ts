/**
 * Synthetic samples of the state lists whose layout is known only from the research's
 * description (no real file seen: Missouri, New Hampshire, Minnesota, Nevada, Oregon, DC),
 * each in that documented layout: a title row above the header, Minnesota's two files,
 * Nevada's PDF, Oregon's rows as Clearlist writes them from OHA's SharePoint list, DC's page
 * with its current and past tables and its written-out dates.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { LineWriter, quoteNeeded } from './output';
import { writePdfTable } from './pdf-table-writer';
import { mdy, type Person } from './population';
import { PROVIDER_TYPES, subjectAt, type Subject } from './states';
import { writeSheet, type Layout } from './states-more';

const person = (s: Subject): Person => s.person as Person;
const lastFirst = (p: Person): string => `${p.last}, ${p.first}${p.middle ? ` ${p.middle[0]}` : ''}`;
const plusYears = (iso: string, years: number): string => `${+iso.slice(0, 4) + years}${iso.slice(4)}`;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "August 4, 2016", as DC's page writes dates. */
const written = (iso: string): string => `${MONTHS[+iso.slice(5, 7) - 1]} ${+iso.slice(8, 10)}, ${iso.slice(0, 4)}`;

const MN_COLUMNS = ['Provider Type Description', 'Address Line1', 'Address Line2', 'City', 'State', 'Zip Code', 'Effective Date of Exclusion', 'Exclusion Status'];

const WORKBOOKS: Layout[] = [
  { dir: 'state-mo', file: 'mo-provider-sanction-list.xlsx', state: 'MO', above: [['MO HealthNet Provider Terminations (synthetic sample)']], header: ['Provider Name', 'NPI', 'License', 'Prov Type/Specialty', 'Term Date', 'Letter Date', 'Termination Reason'], dateColumns: ['Term Date', 'Letter Date'], toRow: (s) => {
    const letter = mdy(s.excluded);
    const reason = s.r.pick(['Excluded by HHS-OIG', 'Conviction of a Medicaid related offense', 'License revoked']);
    if (s.business) return [s.business.name, s.business.npi, '', 'PHARMACY/RETAIL', mdy(s.excluded), letter, reason];
    const p = person(s);
    return [lastFirst(p), s.r.chance(0.6) ? p.npi : '', s.r.chance(0.7) ? p.license : '', s.r.pick(['NURSE/REGISTERED NURSE', 'PHYSICIAN/FAMILY PRACTICE', 'PERSONAL CARE AIDE']), mdy(s.excluded), letter, reason];
  } },
  { dir: 'state-nh', file: 'nh-provider-exclusion-sanctions-list.xlsx', state: 'NH', above: [['NH Medicaid Provider Exclusion and Sanctions List (synthetic sample)']], header: ['Provider/Individual Last Name', 'Provider/Individual First Name', 'Business Name', 'National Provider Identifier (NPI)', 'Provider/Individual Type', 'Exclusion/Sanction Effective Date', 'Exclusion/Sanction Reason'], dateColumns: ['Exclusion/Sanction Effective Date'], toRow: (s) => {
    const reason = s.r.pick(['OIG exclusion', 'Termination for cause', 'Conviction of fraud']);
    if (s.business) return ['', '', s.business.name, s.business.npi, 'Home Health Agency', mdy(s.excluded), reason];
    const p = person(s);
    return [p.last, p.first, s.r.chance(0.15) ? `${p.last} Counseling` : '', s.r.chance(0.5) ? p.npi : '', s.r.pick(PROVIDER_TYPES), mdy(s.excluded), reason];
  } },
  { dir: 'state-mn', file: 'mn-excluded-individual-providers.xlsx', state: 'MN', above: [['MHCP Excluded Individual Providers (synthetic sample)']], header: ['Last Name', 'First Name', 'Middle Name', ...MN_COLUMNS], dateColumns: ['Effective Date of Exclusion'], toRow: (s) => {
    if (s.business) return null;
    const p = person(s);
    return [p.last, p.first, p.middle, s.r.pick(['Physician', 'Personal Care Assistant', 'Licensed Practical Nurse']), p.street, '', p.city, 'MN', p.zip, mdy(s.excluded), s.r.pick(['Excluded', 'Suspended'])];
  } },
  { dir: 'state-mn', file: 'mn-excluded-group-providers.xlsx', state: 'MN-G', above: [['MHCP Excluded Group Providers (synthetic sample)']], header: ['Practice Name', ...MN_COLUMNS], dateColumns: ['Effective Date of Exclusion'], toRow: (s) => {
    if (!s.business) return null;
    return [s.business.name, s.r.pick(['Personal Care Provider Organization', 'Pharmacy', 'Home Health Agency']), s.business.street, 'Suite 100', s.business.city, 'MN', s.business.zip, mdy(s.excluded), 'Excluded'];
  } },
];

/** The samples of the documented-layout states, written under `dir/state-xx/`. */
export async function writeDocumentedStates(dir: string, count: number, seed: number, pdfRows: number): Promise<void> {
  for (const layout of WORKBOOKS) writeSheet(dir, layout, layout.state === 'MN-G' ? count * 3 : count, seed);

  // Nevada: a PDF, the header on every page; a person "LAST, FIRST M", a business by name.
  await writePdfTable(`${dir}/state-nv/nv-exclusion-list.pdf`, {
    size: [792, 612],
    fontSize: 7,
    pageTitle: 'Nevada Medicaid Exclusion List (synthetic sample)',
    columns: [['Excluded Providers/Entities and/or Individuals', 170], ['Associated Legal Entity', 150], ['Sanctioned/Excluded NPI', 70], ['Nevada Medicaid Sanction Tier', 70], ['Nevada Medicaid Sanction Period End Date', 90], ['Contract Termination Date', 80]].map(([header, width]) => ({ header: header as string, width: width as number })),
  }, (function* () {
    for (let j = 0; j < pdfRows; j += 1) {
      const s = subjectAt(seed, 'NV', pdfRows, j);
      const tier = s.r.pick(['Tier 1', 'Tier 2', 'Tier 3']);
      const end = s.r.chance(0.3) ? 'Indefinite' : mdy(plusYears(s.excluded, 5));
      if (s.business) yield [s.business.name, '', s.business.npi, tier, end, mdy(s.excluded)];
      else yield [lastFirst(person(s)), s.r.chance(0.2) ? `${person(s).last} Home Care LLC` : '', s.r.chance(0.6) ? person(s).npi : '', tier, end, mdy(s.excluded)];
    }
  })());

  // Oregon: the CSV Clearlist writes from the SharePoint list (one conviction document per person; no businesses).
  const or = new LineWriter(`${dir}/state-or/or-medicaid-fraud-convictions.csv`, '\r\n', null);
  await or.write(quoteNeeded(['Last Name', 'First Name', 'Document URL']));
  for (let j = 0; j < count; j += 1) {
    const s = subjectAt(seed, 'OR', count, j);
    if (s.business) continue;
    const p = person(s);
    await or.write(quoteNeeded([p.last, p.first, `https://www.oregon.gov/oha/FOD/PIAU/Documents/Convictions/${p.last}-${p.first}-${j}.pdf`]));
  }
  await or.close();

  // DC: the page's four tables (individuals, companies, then the past ones), header cells as td.
  const rows = (kind: 'person' | 'business', past: boolean): string => {
    const out: string[] = [];
    for (let j = 0; j < count; j += 1) {
      const s = subjectAt(seed, past ? 'DC-PAST' : 'DC', count, j);
      const start = past ? plusYears(s.excluded, -10) : s.excluded;
      const end = s.r.chance(0.2) ? 'Indefinite' : written(plusYears(start, 3));
      const reason = s.r.pick(['Conviction for fraud in a District contract', 'Failure to perform a District contract', 'Debarment by a federal agency']);
      const agency = s.r.pick(['Office of Contracting and Procurement', 'Department of Health Care Finance', 'Department of General Services']);
      const cells = kind === 'business' && s.business
        ? [s.business.name, `${s.business.street}, ${s.business.city}, ${s.business.state} ${s.business.zip}`]
        : kind === 'person' && s.person
          ? [`${person(s).first}${person(s).middle ? ` ${person(s).middle[0]}.` : ''} ${person(s).last}`, `${person(s).street}, ${person(s).city}, ${person(s).state} ${person(s).zip}`]
          : null;
      if (cells) out.push(`<tr>${[...cells, written(start), end, agency, reason].map((c) => `<td>${c.replace(/&/g, '&amp;')}</td>`).join('')}</tr>`);
    }
    return out.join('\n');
  };
  const table = (first: string, body: string): string =>
    `<table class="excluded"><tbody>\n<tr><td><strong>${first}</strong></td><td><strong>Principal Address</strong></td><td><strong>Action Date</strong></td><td><strong>Expiration Date</strong></td><td><strong>Agency Instituting the Action</strong></td><td><strong>Reason for the Action</strong></td></tr>\n${body}\n</tbody></table>`;
  const page = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Excluded Parties List | ocp</title></head><body><main>',
    '<h1>Excluded Parties List (synthetic sample)</h1><p>The following individuals and companies are debarred or suspended from District contracts.</p>',
    '<h2>Individuals</h2>', table('Name of Individual', rows('person', false)),
    '<h2>Companies</h2>', table('Name of Company', rows('business', false)),
    '<h2>Past Excluded Individuals</h2>', table('Name of Individual', rows('person', true)),
    '<h2>Past Excluded Companies</h2>', table('Name of Company', rows('business', true)),
    '</main></body></html>',
  ].join('\n');
  await mkdir(`${dir}/state-dc`, { recursive: true });
  await writeFile(`${dir}/state-dc/dc-excluded-parties-list.html`, `${page}\n`, 'utf8');
}
