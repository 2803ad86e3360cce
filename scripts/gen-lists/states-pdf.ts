/**
 * Synthetic samples of the state lists the agencies publish only as PDF (Hawaii, Idaho, Maine,
 * the NJ Comptroller, Tennessee, West Virginia, Arizona, Nebraska, Wyoming today), each in its agency's layout:
 * notes above the table, the header on every page, wrapped cells, aliases, reinstatements,
 * a ruled grid or (Tennessee) none. PDFs past MAX_PDF_ROWS rows are cut there: a larger run
 * is for the speed of the spreadsheet lists, and a PDF of a million rows is no agency's.
 */
import { writePdfTable, type PdfTableLayout } from './pdf-table-writer';
import { mdy, type Person } from './population';
import { subjectAt, type Subject } from './states';

const MAX_PDF_ROWS = 20_000;

interface PdfSample {
  path: string;
  state: string;
  layout: PdfTableLayout;
  toRow: (s: Subject, j: number) => string[];
}

const person = (s: Subject): Person => s.person as Person;
/** m/d/yy, as Hawaii and Idaho print dates. */
const shortDate = (iso: string): string => `${+iso.slice(5, 7)}/${+iso.slice(8, 10)}/${iso.slice(2, 4)}`;
const plusYears = (iso: string, years: number): string => `${+iso.slice(0, 4) + years}${iso.slice(4)}`;
const cols = (spec: [string, number][]): PdfTableLayout['columns'] => spec.map(([header, width]) => ({ header, width }));
const LANDSCAPE: [number, number] = [792, 612];
const PORTRAIT: [number, number] = [612, 792];

const WV_HEADER = (dateHeader: string, reasonHeader: string): PdfTableLayout['columns'] =>
  cols([['NPI NUMBER', 50], ['*FULL NAME', 80], ['FIRST NAME', 46], ['MI', 34], ['LAST NAME', 50], ['GENERATION', 50], ['CREDENTIALS', 50], ['PROVIDER TYPE/SPECIALTY', 54], ['CITY', 48], ['STATE', 30], [dateHeader, 52], [reasonHeader, 100], ['REINSTATEMENT DATE', 52], ['REASON FOR REINSTATEMENT', 66]]);

function wvRow(s: Subject, reasons: string[]): string[] {
  const reason = s.r.pick(reasons);
  if (s.business) return ['', s.business.name, '', '', s.business.name, '', '', 'Pharmacy', s.business.city, 'WV', mdy(s.excluded), reason, '', ''];
  const p = person(s);
  const credential = s.r.pick(['MD', 'RN', 'LPN', 'DO', 'C.N.A.']);
  const reinstated = s.r.chance(0.1) ? mdy(plusYears(s.excluded, 3)) : '';
  return [s.r.chance(0.2) ? p.npi : s.r.chance(0.1) ? `RN.${s.r.digits(6)}-OH` : '', `${p.first}${p.middle ? ` ${p.middle}` : ''} ${p.last}${s.r.chance(0.3) ? `, ${credential}` : ''}`, p.first, p.middle, p.last, p.suffix, credential, s.r.pick(['Physician', 'Nurse', 'Home Health']), p.city, p.state, mdy(s.excluded), reason, reinstated, reinstated ? 'License reinstated by the Board' : ''];
}

const SAMPLES: PdfSample[] = [
  {
    path: 'state-hi/hi-medicaid-provider-exclusion-reinstatement-list.pdf', state: 'HI',
    layout: { size: [850, 1100], fontSize: 8, notes: ['MEDICAID PROVIDER EXCLUSION/REINSTATEMENT LIST (synthetic sample)', 'Updated (synthetic sample)', 'The list provides the last known provider type that the individual or business was at the time of exclusion.', 'Newly added sanctioned providers are highlighted in yellow.'], columns: cols([['Last Name or Business Name', 150], ['First Name', 100], ['Middle Initial', 90], ['Medicaid Provider ID', 60], ['Last known program or provider type', 150], ['Exclusion Date', 70], ['Reinstatement Date', 60]]) },
    toRow: (s) => {
      const reinstated = s.r.chance(0.15) ? shortDate(plusYears(s.excluded, 4)) : 'Indefinite';
      if (s.business) return [s.business.name, '', '', s.r.digits(6), 'CLINIC', shortDate(s.excluded), reinstated];
      const p = person(s);
      const last = p.otherLast ? `${p.last} aka ${p.otherLast}` : p.last;
      return [last, p.first, p.middle, s.r.chance(0.3) ? s.r.digits(6) : 'NONE', s.r.pick(['REGISTERED NURSE', 'NURSE/NURSES AIDE', 'OWNER/OPERATOR OF DEVELOPMENTALLY - DISABLED FOSTER HOME (DDFH)', 'MEDICAL DOCTOR']), s.r.chance(0.05) ? '-' : shortDate(s.excluded), reinstated];
    },
  },
  {
    path: 'state-id/idaho-medicaid-exclusion-list.pdf', state: 'ID',
    layout: { size: PORTRAIT, fontSize: 8, pageTitle: 'Idaho Medicaid Exclusion List (synthetic sample)', notes: ['Purpose: this document lists providers, individuals, and entities that are excluded from participating in the Idaho Medicaid program.', 'If no reinstatement date is listed, the provider is still excluded.'], columns: cols([['Name', 150], ['Start Date', 60], ['Eligible for Reinstatement', 80], ['Date Reinstated', 60], ['Additional Information', 160]]) },
    toRow: (s) => {
      const eligible = s.r.chance(0.1) ? 'Indefinite' : shortDate(plusYears(s.excluded, 10));
      const reinstated = s.r.chance(0.1) ? shortDate(plusYears(s.excluded, 11)) : '';
      const reason = s.r.pick(['Convicted of provider fraud', 'Owner convicted of executing a scheme to defraud health care program', 'License to practice medicine was revoked']);
      if (s.business) return [s.business.name.replace(/[,.]/g, ''), shortDate(s.excluded), eligible, reinstated, reason];
      const p = person(s);
      return [`${p.last}, ${p.first}${p.middle ? ` ${p.middle}` : ''}${p.otherLast ? ` (AKA ${p.otherLast})` : ''}`, shortDate(s.excluded), eligible, reinstated, reason];
    },
  },
  {
    path: 'state-me/mainecare-pi0008-pm-monthly-exclusion-report.pdf', state: 'ME',
    layout: { size: LANDSCAPE, fontSize: 6, pageTitle: 'MaineCare Services - Report Number: PI0008-PM - Monthly Exclusion Report (synthetic sample)', columns: cols([['Provider Last Name', 60], ['Provider First Name', 55], ['Provider MI', 30], ['Alias Last Name 1', 50], ['Alias First Name 1', 45], ['Alias Last Name 2', 45], ['Alias First Name 2', 45], ['Alias Last Name 3', 45], ['Alias First Name 3', 45], ['Alias Last Name 4', 45], ['Alias First Name 4', 45], ['Provider Type', 60], ['State Exclusion Start Date', 50]]) },
    toRow: (s) => {
      if (s.business) return [s.business.name.replace(/,.*$/, ''), '', '', '', '', '', '', '', '', '', '', '51-Physician', mdy(s.excluded)];
      const p = person(s);
      const aliases = p.otherLast ? [p.otherLast, p.first] : p.nickname ? [p.last, p.nickname] : ['', ''];
      return [p.last, p.first, p.middle.slice(0, 1), ...aliases, '', '', '', '', '', '', s.r.pick(['40-Nurse', '51-Physician', 'Owner/Operator', '11-Behavioral Health Clinician']), mdy(s.excluded)];
    },
  },
  {
    path: 'state-nj/nj-provider-exclusion-report.pdf', state: 'NJ',
    layout: { size: [1008, 612], fontSize: 7, pageTitle: 'State of New Jersey - Medicaid Fraud Division - Provider Exclusion Report (synthetic sample)', columns: cols([['PROVIDER NAME', 170], ['TITLE', 50], ['DATE OF BIRTH', 55], ['NPI NUMBER', 55], ['STREET', 140], ['CITY', 90], ['STATE', 30], ['ZIP', 35], ['ACTION', 90], ['EFFECTIVE DATE', 60], ['EXPIRATION DATE', 60]]) },
    toRow: (s) => {
      const action = s.r.pick(['SUSPENSION', 'DISQUALIFICATION', 'DEBARMENT']);
      const end = s.r.chance(0.3) ? 'PERMANENT' : s.r.chance(0.3) ? mdy(plusYears(s.excluded, 5)) : '';
      if (s.business) return [s.business.dba ? `${s.business.name} dba ${s.business.dba}` : s.business.name, '', '', s.business.npi, s.business.street, s.business.city, 'NJ', s.business.zip, action, mdy(s.excluded), end];
      const p = person(s);
      return [`${p.last}, ${p.first}${p.middle ? ` ${p.middle[0]}.` : ''}`, s.r.pick(['MD', 'RPH', 'RN', 'DDS', '']), s.r.chance(0.3) ? mdy(p.dob) : '', s.r.chance(0.5) ? p.npi : '', p.street, p.city, 'NJ', p.zip, action, mdy(s.excluded), end];
    },
  },
  {
    path: 'state-tn/tenncare-terminated-provider-list.pdf', state: 'TN',
    layout: { size: LANDSCAPE, fontSize: 8, ruled: false, columns: cols([['Last Name', 170], ['First Name', 110], ['NPI', 60], ['Begin Date', 60], ['Reason', 250], ['End Date', 60]]) },
    toRow: (s) => {
      const reason = s.r.pick(['Felony conviction', 'Failure to respond to requests for records on Tenncare patients', 'Violation of the contract.']);
      const end = s.r.chance(0.1) ? mdy(plusYears(s.excluded, 3)) : '';
      if (s.business) return [s.business.name, '', s.business.npi, mdy(s.excluded), reason, end];
      const p = person(s);
      return [p.last, `${p.first}${p.middle ? ` ${p.middle[0]}.` : ''}`, p.npi, mdy(s.excluded), reason, end];
    },
  },
  {
    path: 'state-wv/wv-medicaid-exclusions.pdf', state: 'WV',
    layout: { size: [1008, 612], fontSize: 6, pageTitle: 'WV Medicaid Provider Sanctions and Exclusions (synthetic sample)', columns: WV_HEADER('EXCLUSION DATE', 'REASON FOR EXCLUSION (Red Text denotes correction to exclusion category.)') },
    toRow: (s) => wvRow(s, ['OIG/HHS Exclusion', 'Permissive Exclusion', 'Mandatory Exclusion - Revocation of License']),
  },
  {
    path: 'state-wv/wv-medicaid-provider-terminations.pdf', state: 'WV-T',
    layout: { size: LANDSCAPE, fontSize: 6, pageTitle: 'WV Medicaid Terminations (synthetic sample)', columns: WV_HEADER('TERMINATION DATE', 'REASON FOR TERMINATION') },
    toRow: (s) => wvRow(s, ['Termination by another State\'s Medicaid', 'License suspended by WVBOM', 'Immediate Closure Request by State/BMS']),
  },
  {
    path: 'state-az/ahcccs-provider-suspensions-terminations.pdf', state: 'AZ',
    layout: { size: PORTRAIT, fontSize: 8, pageTitle: 'AHCCCS Provider Suspensions and Terminations (synthetic sample)', columns: cols([['Name/Provider', 220], ['NPI', 80], ['Action Type', 90], ['Effective Date', 80]]) },
    toRow: (s) => {
      const action = s.r.pick(['Suspend', 'Terminate']);
      if (s.business) return [s.business.name, s.business.npi, action, mdy(s.excluded)];
      const p = person(s);
      return [`${p.last}, ${p.first}${p.middle ? ` ${p.middle[0]}` : ''}`, s.r.chance(0.6) ? p.npi : '', action, mdy(s.excluded)];
    },
  },
  {
    path: 'state-ne/ne-medicaid-excluded-providers.pdf', state: 'NE',
    layout: { size: LANDSCAPE, fontSize: 7, notes: ['Nebraska Medicaid Excluded Providers (NMEP) (synthetic sample)', 'Updated: (synthetic sample)', 'Providers on this list are excluded from participation in the Nebraska Medicaid program.'], columns: cols([['Date Added to NMEP', 60], ['Provider Name', 110], ['Organization Name', 120], ['Provider NPI', 60], ['Effective Date', 60], ['Provider Type Code', 90], ['Reason For Action Code', 110], ['Sanction Code', 70], ['Sanction Type Code', 80]]) },
    toRow: (s) => {
      const added = s.r.chance(0.1) ? '' : s.excluded;
      const sanction = s.r.chance(0.5) ? ['TM-Termination', 'PM-Permanent'] : ['EX-Exclusion', 'LT-Time Limited'];
      const reason = s.r.pick(['VN-Violation of NMAP Policy', 'FR-Fraud', 'OE-OIG Exclusion']);
      if (s.business) return [added, '', s.business.name, s.r.chance(0.6) ? s.business.npi : '', s.excluded, '98-NFOCUS Provider', reason, ...sanction];
      const p = person(s);
      return [added, `${p.first}${p.middle ? ` ${p.middle[0]}` : ''} ${p.last}`, '', s.r.chance(0.5) ? p.npi : '', s.excluded, s.r.pick(['01-Physicians (MD)', '98-NFOCUS Provider', '12-Nurse']), reason, ...sanction];
    },
  },
  {
    path: 'state-wy/wy-medicaid-provider-exclusion-list.pdf', state: 'WY',
    layout: { size: LANDSCAPE, fontSize: 7, pageTitle: 'Wyoming Medicaid Provider Exclusion List (synthetic sample)', columns: cols([['Last Name', 80], ['First Name', 90], ['Business Name', 130], ['Provider Type', 100], ['Provider Number', 90], ['City', 70], ['State', 30], ['Exclusion Date', 60]]) },
    toRow: (s) => {
      const date = `${+s.excluded.slice(5, 7)}/${+s.excluded.slice(8, 10)}/${s.excluded.slice(0, 4)}`;
      if (s.business) return ['', '', s.business.name, 'Case Management Waiver', s.r.digits(9), s.business.city, 'WY', date];
      const p = person(s);
      const number = s.r.chance(0.3) ? 'N/A' : s.r.chance(0.3) ? `RN ${s.r.digits(6)} (WY)` : s.r.digits(9);
      return [p.otherLast ? `(${p.otherLast}) ${p.last}` : p.last, p.nickname ? `${p.first} a.k.a ${p.nickname}` : p.first, '', s.r.pick(['Nurse', 'Nurse/Nurses Assistant', 'Training DD Waiver', 'Physician']), number, p.city, 'WY', date];
    },
  },
];

/** The PDF samples, written under `dir/state-xx/`. */
export async function writePdfStates(dir: string, count: number, seed: number): Promise<void> {
  const rows = Math.min(count, MAX_PDF_ROWS);
  if (rows < count) console.log(`state PDFs: ${rows} rows each (${count} asked; a PDF sample stops at ${MAX_PDF_ROWS})`);
  for (const sample of SAMPLES) {
    const each = sample.state.startsWith('WV-') ? Math.max(1, Math.floor(rows / 4)) : rows;
    await writePdfTable(`${dir}/${sample.path}`, sample.layout, (function* () {
      for (let j = 0; j < each; j += 1) yield sample.toRow(subjectAt(seed, sample.state, each, j), j);
    })());
  }
}
