import { LineWriter, quoteNeeded } from './output';
import { businessAt, mdy, personAt, type Business, type Person } from './population';
import { Random } from './random';
import { XLS_MAX_ROWS, XlsWriter } from './xls-writer';
import { XlsxWriter, type XlsxCell, type XlsxOptions } from './xlsx-writer';

/**
 * A state row's subject: one row in twelve is an LEIE person (a cross-list match), one in ten a
 * business, the rest people of this state's list alone. Each list draws its LEIE people and its
 * own people from places of its own (`stateKey`), so an LEIE person is on one or two state lists,
 * as in life, not on every list with the same row number.
 */
export interface Subject {
  r: Random;
  person: Person | null;
  business: Business | null;
  excluded: string;
}

/** A stable number per list (FNV-1a of its key), spreading lists over their own index ranges. */
export function stateKey(state: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < state.length; i += 1) h = Math.imul(h ^ state.charCodeAt(i), 0x01000193) >>> 0;
  return h % 65_521;
}

export function subjectAt(seed: number, state: string, count: number, j: number): Subject {
  const r = new Random(seed, `state-${state}`, j);
  const excluded = r.date(2000, 2025);
  const key = stateKey(state);
  const own = 10 * count + key * count + j;
  if (j % 10 === 9) return { r, person: null, business: businessAt(seed, own), excluded };
  return { r, person: personAt(seed, j % 12 === 0 ? ((j / 12) * 7919 + key) % count : own), business: null, excluded };
}

export const PROVIDER_TYPES = ['NURSE - REGISTERED', 'PHYSICIAN', 'HOME HEALTH AIDE', 'PHARMACY', 'TRANSPORTATION', 'DENTIST', 'PERSONAL CARE AIDE'];

export type ToRow = (s: Subject, j: number) => string[] | null;

export async function writeRows(path: string, header: readonly string[], count: number, seed: number, state: string, toRow: ToRow, bom = false): Promise<void> {
  const out = new LineWriter(path, '\r\n', bom ? Buffer.from([0xef, 0xbb, 0xbf]) : null);
  await out.write(quoteNeeded(header));
  for (let j = 0; j < count; j += 1) {
    const row = toRow(subjectAt(seed, state, count, j), j);
    if (row) await out.write(quoteNeeded(row));
  }
  await out.close();
}

/**
 * A value as the agencies' workbooks type it: MM/DD/YYYY in a date column is a date cell,
 * digits without a leading zero a number, anything else (N/A, 2-digit years, ids) text.
 */
export function typedCell(value: string, isDateColumn: boolean): XlsxCell {
  if (isDateColumn && /^\d\d\/\d\d\/\d{4}$/.test(value)) return { date: `${value.slice(6)}-${value.slice(0, 2)}-${value.slice(3, 5)}` };
  if (/^[1-9]\d{0,14}$/.test(value)) return Number(value);
  return value;
}

interface SheetSpec {
  name: string;
  header: readonly string[];
  dateColumns: readonly string[];
  count: number;
  state: string;
  toRow: ToRow;
}

/** A workbook of one or more sheets (a text-only sheet is written for `notes`), typed cells. */
function writeWorkbook(path: string, seed: number, sheets: readonly SheetSpec[], options: XlsxOptions, notes?: { name: string; lines: string[] }): void {
  const book = new XlsxWriter(path, options);
  if (notes) {
    book.addSheet(notes.name);
    for (const line of notes.lines) book.writeRow([line]);
  }
  for (const sheet of sheets) {
    book.addSheet(sheet.name);
    book.writeRow(sheet.header);
    const isDate = sheet.header.map((h) => sheet.dateColumns.includes(h));
    for (let j = 0; j < sheet.count; j += 1) {
      const row = sheet.toRow(subjectAt(seed, sheet.state, sheet.count, j), j);
      if (row) book.writeRow(row.map((value, i) => typedCell(value, isDate[i])));
    }
  }
  book.close();
}

/** The five state lists, each in its own layout (see src/lists/state/configs). */
export async function writeStates(dir: string, count: number, seed: number): Promise<void> {
  // NY OMIG: one sheet, dates with the built-in date format.
  const nyHeader = ['Provider Name', 'NPI Num', 'License Num', 'Provider Type', 'Exclusion Effective Date'];
  writeWorkbook(`${dir}/state-ny/ny-medicaid-exclusions.xlsx`, seed, [{ name: 'Exclusions', header: nyHeader, dateColumns: ['Exclusion Effective Date'], count, state: 'NY', toRow: ({ r, person: p, business: b, excluded }) => {
    if (b) return [b.dba ? `${b.name} DBA ${b.dba}` : b.name, r.chance(0.5) ? b.npi : '', '', 'PHARMACY', mdy(excluded)];
    const p2 = p as Person;
    return [`${p2.last}, ${p2.first}${p2.middle ? ` ${p2.middle[0]}` : ''}${p2.suffix ? ` ${p2.suffix}` : ''}`, r.chance(0.3) ? p2.npi : '', p2.license, r.pick(PROVIDER_TYPES), mdy(excluded)];
  } }], { dateStyle: 'builtin' });

  await writeRows(`${dir}/state-ca/ca-suspended-ineligible.csv`, ['Last Name', 'First Name', 'Middle Name', 'A.K.A.(also known as)/D.B.A.(Doing Business As)', 'Address(es)', 'Provider Type', 'License Number', 'Provider Number', 'Date of Suspension', 'Active Period'], count, seed, 'CA', ({ r, person: p, business: b, excluded }) => {
    const numbers = (npi: string): string => [r.chance(0.5) ? `00A${r.digits(6)}` : '', r.chance(0.5) ? npi : ''].filter(Boolean).join('; ') || 'N/A';
    if (b) return [b.name, 'N/A', 'N/A', b.dba ?? 'N/A', `${b.street} ${b.city} ${b.state} ${b.zip}`, 'Durable Medical Equipment', 'N/A', numbers(b.npi), mdy(excluded), 'Indefinitely'];
    const p2 = p as Person;
    const akas = [p2.nickname ? `${p2.nickname} ${p2.last}` : '', p2.otherLast ? `${p2.first} ${p2.otherLast}` : ''].filter(Boolean).join('; ');
    return [p2.last, p2.first, p2.middle || 'N/A', akas || 'N/A', `${p2.street} ${p2.city} ${p2.state} ${p2.zip}`, 'Registered Nurse', p2.license, numbers(p2.npi), mdy(excluded), r.chance(0.7) ? 'Indefinitely' : mdy(`${+excluded.slice(0, 4) + 5}-01-01`)];
  }, true);

  // Texas HHSC: a legacy .xls with one sheet EXCEL_Destination. BIFF8 holds 65,536 rows a
  // sheet at most, so larger runs write the CSV export of the same layout instead.
  const txHeader = ['LastName', 'FirstName', 'MidInitial', 'CompanyName', 'Occupation', 'LicenseNumber', 'NPI', 'StartDate', 'AddDate', 'ReinstatedDate', 'WebComments', 'Waiver', 'EligibleToReapplyDate'];
  const txRow: ToRow = ({ r, person: p, business: b, excluded }) => {
    const reinstated = r.chance(0.05) ? mdy(`${+excluded.slice(0, 4) + 1}-06-01`) : '';
    if (b) return ['', '', '', b.name, 'PHARMACY', '', r.chance(0.5) ? b.npi : '', mdy(excluded), mdy(excluded), reinstated, '', '', ''];
    const p2 = p as Person;
    return [p2.last, p2.first, p2.middle.slice(0, 1), r.chance(0.05) ? `${p2.last} FAMILY CLINIC` : '', p2.specialty, p2.license, r.chance(0.3) ? p2.npi : '', mdy(excluded), mdy(excluded), reinstated, '', '', ''];
  };
  if (count < XLS_MAX_ROWS) {
    const book = new XlsWriter();
    book.addSheet('EXCEL_Destination');
    book.writeRow(txHeader);
    const isDate = txHeader.map((h) => ['StartDate', 'AddDate', 'ReinstatedDate', 'EligibleToReapplyDate'].includes(h));
    for (let j = 0; j < count; j += 1) {
      const row = txRow(subjectAt(seed, 'TX', count, j), j);
      if (row) book.writeRow(row.map((value, i) => typedCell(value, isDate[i])));
    }
    book.save(`${dir}/state-tx/tx-exclusions.xls`);
  } else {
    console.log(`state-tx: ${count} rows do not fit in a BIFF8 sheet (${XLS_MAX_ROWS} rows); writing the CSV export instead`);
    await writeRows(`${dir}/state-tx/tx-exclusions.csv`, txHeader, count, seed, 'TX', txRow);
  }

  // Ohio ODM: Instructions, Individuals and Organizations sheets; dates with a custom format,
  // some "Date Added" cells typed as text with a 2-digit year.
  const individuals: ToRow = ({ r, person: p, excluded }, j) => {
    if (!p) return null;
    const added = mdy(excluded);
    const npi = r.chance(0.4) ? p.npi : r.chance(0.05) ? `${p.npi}/${personAt(seed, j + 1).npi}` : 'N/A';
    return [String(r.int(100000, 9999999)).padStart(7, '0'), npi, p.first, p.middle, p.nickname && r.chance(0.3) ? `${p.last} AKA ${p.nickname} ${p.last}` : p.last, mdy(p.dob), p.street, '', p.city, p.state, p.zip, r.pick(PROVIDER_TYPES), r.pick(['EXCLUDED', 'SUSPENDED', 'TERMINATED']), added, r.chance(0.5) ? `${added.slice(0, 6)}${added.slice(8)}` : added];
  };
  const organizations: ToRow = ({ r, excluded }, j) => {
    const b = businessAt(seed, 3 * count + j);
    return [String(r.int(100000, 9999999)).padStart(7, '0'), r.chance(0.6) ? b.npi : 'N/A', b.dba ? `${b.name} DBA ${b.dba}` : b.name, b.street, '', b.city, b.state, b.zip, 'HOME HEALTH AGENCY', 'TERMINATED', mdy(excluded), mdy(excluded)];
  };
  const ohDates = ['DOB', 'Action Date', 'Date Added'];
  writeWorkbook(`${dir}/state-oh/oh-provider-exclusion-suspension-list.xlsx`, seed, [
    { name: 'Individuals', header: ['Provider ID', 'NPI', 'First Name', 'Middle Name', 'Last Name', 'DOB', 'Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Provider Type', 'Status', 'Action Date', 'Date Added'], dateColumns: ohDates, count, state: 'OH', toRow: individuals },
    { name: 'Organizations', header: ['Provider ID', 'NPI', 'Organization Name', 'Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Provider Type', 'Status', 'Action Date', 'Date Added'], dateColumns: ohDates, count: Math.ceil(count / 10), state: 'OH-ORG', toRow: organizations },
  ], { dateStyle: 'custom' }, { name: 'Instructions', lines: ['Ohio Department of Medicaid: Provider Exclusion and Suspension List (synthetic sample)', 'The Individuals and Organizations sheets list providers excluded or suspended from Ohio Medicaid.'] });

  const stamp = (iso: string): string => `${mdy(iso)} 00:00:00`;
  const counties = ['Philadelphia', 'Allegheny', 'Montgomery', 'Bucks', 'Delaware', 'Lancaster', 'Out of State NJ', 'Out of State NY'];
  await writeRows(`${dir}/state-pa/pa-medicheck.csv`, ['NAM_LAST_PROVR', 'NAM_FIRST_PROVR', 'NAM_MIDDLE_PROVR', 'NAM_TITLE_PROVR', 'NAM_SUFFIX_PROVR', 'NAM_BUSNS_MP', 'NAM_PROVR_ALT', 'ProviderName', 'IDN_NPI', 'NBR_FEIN', 'LicenseNumber', 'BeginDate', 'EndDate', 'ListDate', 'CAO', 'Status', 'IND_CHGD', 'DTE_CHANGE_LAST'], count, seed, 'PA', ({ r, person: p, business: b, excluded }) => {
    const end = r.chance(0.3) ? stamp(`${+excluded.slice(0, 4) + 5}-01-01`) : 'N/A';
    if (b) return ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', b.name, b.dba ?? 'None', b.name, r.chance(0.5) ? b.npi : 'None', r.digits(9), 'N/A', stamp(excluded), end, stamp(excluded), r.pick(counties), 'Precluded', 'N', stamp(excluded)];
    const p2 = p as Person;
    return [p2.last, p2.first, p2.middle.slice(0, 1), r.chance(0.2) ? 'DR' : 'N/A', p2.suffix || 'N/A', 'N/A', p2.nickname ? `${p2.nickname} ${p2.last}` : 'None', `${p2.last} ${p2.first}`, r.chance(0.3) ? p2.npi : 'None', 'N/A', p2.license, stamp(excluded), end, stamp(excluded), r.pick(counties), 'Precluded', 'N', stamp(excluded)];
  });
}
