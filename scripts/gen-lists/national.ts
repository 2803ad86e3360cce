/**
 * National-size NPPES and DMF files in the agencies' layouts (issue 21): the monthly npidata
 * file (~9 M providers), a weekly npidata file with its deactivation report, the DMF full
 * file (~20 M records) and a monthly DMF A/C/D update. Rows are built as strings and written
 * a megabyte at a time (no await per row), and sorted as the real files are (NPPES by NPI, the
 * DMF by SSN). The same (count, seed) always gives the same bytes.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { NPIDATA_HEADER } from '../../src/lists/nppes/header';
import { businessAt, mdy, mmddccyy, npiFor, personAt, ssnFor, type Business, type Person } from './population';
import { Random } from './random';

/** Writes text a megabyte at a time, waiting only when the stream asks to. */
class ChunkWriter {
  private readonly stream: WriteStream;
  private parts: string[] = [];
  private size = 0;

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.stream = createWriteStream(path);
  }

  /** Adds a line; answers a promise only when the chunk was handed over and the stream is full. */
  line(text: string, eol: string): Promise<void> | null {
    this.parts.push(text, eol);
    this.size += text.length + eol.length;
    return this.size >= 1 << 20 ? this.flush() : null;
  }

  private flush(): Promise<void> | null {
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    return this.stream.write(chunk) ? null : new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

const column = new Map(NPIDATA_HEADER.map((name, i) => [name, i]));
const at = (name: string): number => {
  const index = column.get(name);
  if (index === undefined) throw new Error(`no NPPES column "${name}"`);
  return index;
};
const C = {
  npi: at('NPI'), entity: at('Entity Type Code'), ein: at('Employer Identification Number (EIN)'), org: at('Provider Organization Name (Legal Business Name)'),
  last: at('Provider Last Name (Legal Name)'), first: at('Provider First Name'), middle: at('Provider Middle Name'), suffix: at('Provider Name Suffix Text'),
  credential: at('Provider Credential Text'), otherOrg: at('Provider Other Organization Name'), otherOrgType: at('Provider Other Organization Name Type Code'),
  otherLast: at('Provider Other Last Name'), otherFirst: at('Provider Other First Name'), otherLastType: at('Provider Other Last Name Type Code'),
  mail: at('Provider First Line Business Mailing Address'), practice: at('Provider First Line Business Practice Location Address'),
  enumerated: at('Provider Enumeration Date'), updated: at('Last Update Date'), deactivationReason: at('NPI Deactivation Reason Code'),
  deactivated: at('NPI Deactivation Date'), sex: at('Provider Sex Code'), officialLast: at('Authorized Official Last Name'),
  taxonomy1: at('Healthcare Provider Taxonomy Code_1'), identifier1: at('Other Provider Identifier_1'), soleProprietor: at('Is Sole Proprietor'),
  subpart: at('Is Organization Subpart'), parentLbn: at('Parent Organization LBN'), group1: at('Healthcare Provider Taxonomy Group_1'),
  certified: at('Certification Date'),
};
const TAXONOMIES = ['163W00000X', '207Q00000X', '207R00000X', '363LF0000X', '183500000X', '122300000X', '261QP2300X', '225100000X', '1041C0700X', '367500000X'];
const IDENTIFIER_TYPES = ['01', '02', '04', '05', '05', '05'];

/** One npidata row as the CMS writes it: 330 values, each quoted (values here hold no quote). */
class NpidataRow {
  private readonly cells: string[] = Array(NPIDATA_HEADER.length).fill('');
  private readonly touched: number[] = [];

  set(index: number, value: string): void {
    this.cells[index] = value;
    this.touched.push(index);
  }

  /** The line, then the row is empty again. */
  take(): string {
    const line = `"${this.cells.join('","')}"`;
    for (const index of this.touched) this.cells[index] = '';
    this.touched.length = 0;
    return line;
  }
}

function setAddress(row: NpidataRow, first: number, street: string, city: string, state: string, zip: string, phone: string): void {
  row.set(first, street);
  row.set(first + 2, city);
  row.set(first + 3, state);
  row.set(first + 4, zip);
  row.set(first + 5, 'US');
  row.set(first + 6, phone);
}

/** The taxonomy/licence groups of a provider: most have one, some two to four. */
function setTaxonomies(row: NpidataRow, r: Random, primary: string, license: string | null, state: string): void {
  const extra = r.chance(0.7) ? 0 : r.chance(0.65) ? 1 : r.int(2, 3);
  for (let g = 0; g <= extra; g += 1) {
    const base = C.taxonomy1 + 4 * g;
    row.set(base, g === 0 ? primary : r.pick(TAXONOMIES));
    if (license) row.set(base + 1, g === 0 ? license : `${license.replace(/\d+$/, '')}${r.digits(6)}`);
    if (license) row.set(base + 2, g === 0 ? state : r.pick(['NY', 'NJ', 'PA', 'CA', 'TX', 'FL']));
    row.set(base + 3, g === 0 ? 'Y' : 'N');
  }
}

/** Other identifiers (Medicaid numbers and the like): about a third of providers have one to three. */
function setIdentifiers(row: NpidataRow, r: Random, state: string): void {
  if (!r.chance(0.33)) return;
  const count = r.int(1, 3);
  for (let g = 0; g < count; g += 1) {
    const base = C.identifier1 + 4 * g;
    const type = r.pick(IDENTIFIER_TYPES);
    row.set(base, r.digits(r.int(6, 10)));
    row.set(base + 1, type);
    row.set(base + 2, type === '05' ? state : '');
    if (type === '01') row.set(base + 3, r.pick(['BCBS', 'AETNA', 'CIGNA', 'UNITED HEALTHCARE']));
  }
}

const phone = (r: Random): string => `${r.int(201, 989)}${r.digits(7)}`;

function personRow(row: NpidataRow, p: Person, r: Random, changed: boolean): string {
  row.set(C.npi, p.npi);
  row.set(C.entity, '1');
  row.set(C.last, p.last);
  row.set(C.first, p.first);
  row.set(C.middle, p.middle);
  row.set(C.suffix, p.suffix);
  row.set(C.credential, p.license.replace(/\d+$/, ''));
  if (p.otherLast) {
    row.set(C.otherLast, p.otherLast);
    row.set(C.otherFirst, p.first);
    row.set(C.otherLastType, '1');
  }
  // A changed provider moved: a new street number at the same place.
  const street = changed ? `${r.int(1, 9999)} ${p.street.replace(/^\d+ /, '')}` : p.street;
  const tel = phone(r);
  setAddress(row, C.mail, r.chance(0.2) ? `PO BOX ${r.int(1, 9999)}` : street, p.city, p.state, p.zip, tel);
  setAddress(row, C.practice, street, p.city, p.state, `${p.zip}${r.digits(4)}`, tel);
  const enumerated = r.date(2005, 2024);
  row.set(C.enumerated, mdy(enumerated));
  row.set(C.updated, changed ? '10/25/2024' : mdy(r.date(+enumerated.slice(0, 4), 2024)));
  row.set(C.sex, p.sex);
  setTaxonomies(row, r, p.taxonomy, p.license, p.state);
  setIdentifiers(row, r, p.state);
  row.set(C.soleProprietor, r.chance(0.2) ? 'Y' : r.chance(0.9) ? 'N' : 'X');
  if (r.chance(0.4)) row.set(C.certified, mdy(r.date(2010, 2024)));
  return row.take();
}

function businessRow(row: NpidataRow, b: Business, r: Random, changed: boolean): string {
  row.set(C.npi, b.npi);
  row.set(C.entity, '2');
  row.set(C.ein, '<UNAVAIL>');
  row.set(C.org, b.name);
  if (b.dba) {
    row.set(C.otherOrg, b.dba);
    row.set(C.otherOrgType, '3');
  }
  const tel = phone(r);
  const street = changed ? `${r.int(1, 9999)} ${b.street.replace(/^\d+ /, '')}` : b.street;
  setAddress(row, C.mail, street, b.city, b.state, b.zip, tel);
  setAddress(row, C.practice, street, b.city, b.state, `${b.zip}${r.digits(4)}`, tel);
  const enumerated = r.date(2005, 2024);
  row.set(C.enumerated, mdy(enumerated));
  row.set(C.updated, changed ? '10/25/2024' : mdy(r.date(+enumerated.slice(0, 4), 2024)));
  const official = personAt(7, 90_000_000 + b.index);
  row.set(C.officialLast, official.last);
  row.set(C.officialLast + 1, official.first);
  row.set(C.officialLast + 2, official.middle);
  row.set(C.officialLast + 3, r.pick(['ADMINISTRATOR', 'CEO', 'OWNER', 'PRESIDENT', 'DIRECTOR OF OPERATIONS']));
  row.set(C.officialLast + 4, phone(r));
  setTaxonomies(row, r, r.pick(TAXONOMIES), r.chance(0.3) ? `${b.state}${r.digits(7)}` : null, b.state);
  setIdentifiers(row, r, b.state);
  const isSubpart = r.chance(0.15);
  row.set(C.subpart, isSubpart ? 'Y' : 'N');
  if (isSubpart) row.set(C.parentLbn, `${b.name.split(' ')[0]} HEALTH SYSTEM`);
  if (r.chance(0.3)) row.set(C.group1, '193200000X MULTI-SPECIALTY GROUP');
  return row.take();
}

function deactivatedRow(row: NpidataRow, npi: string, date: string): string {
  row.set(C.npi, npi);
  row.set(C.deactivated, mdy(date));
  return row.take();
}

/** The shape of a national NPPES population: a quarter organisations, the rest people. */
export interface NppesShape {
  count: number;
  persons: number;
}
export const nppesShape = (count: number): NppesShape => ({ count, persons: Math.round(count * 0.75) });

/** Item `j` of the population: person j, else organisation j - persons (NPIs from a range of their own). */
const npiIndex = (shape: NppesShape, j: number): number => (j < shape.persons ? j : 50_000_000 + (j - shape.persons));
// The 8 scrambled digits of npiFor: NPIs sort as these do.
const npiOrder = (index: number): number => (index * 7919 + 12345) % 100_000_000;

function itemRow(row: NpidataRow, shape: NppesShape, seed: number, j: number, changed: boolean): string {
  const r = new Random(seed, changed ? 'nppes-weekly' : 'nppes-national', j);
  if (j < shape.persons) return personRow(row, personAt(seed, j), r, changed);
  return businessRow(row, businessAt(seed, j - shape.persons), r, changed);
}

/** Whether item j is deactivated in the monthly file (about 2 %, as in the real file). */
const isDeactivated = (seed: number, j: number): boolean => new Random(seed, 'nppes-deactivated', j).chance(0.02);

/** The monthly `npidata_pfile_20050523-YYYYMMDD.csv`: `count` providers sorted by NPI. */
export async function writeNationalNppes(path: string, count: number, seed: number): Promise<void> {
  const shape = nppesShape(count);
  const out = new ChunkWriter(path);
  const row = new NpidataRow();
  out.line(`"${NPIDATA_HEADER.join('","')}"`, '\r\n');
  const order = Float64Array.from({ length: count }, (_, j) => npiOrder(npiIndex(shape, j)) * 2 ** 25 + j).sort();
  for (const key of order) {
    const j = key % 2 ** 25;
    const line = isDeactivated(seed, j) ? deactivatedRow(row, npiFor(npiIndex(shape, j)), new Random(seed, 'nppes-deactivated-on', j).date(2012, 2024)) : itemRow(row, shape, seed, j, false);
    const wait = out.line(line, '\r\n');
    if (wait) await wait;
  }
  await out.close();
}

/** What a weekly file holds: new NPIs, providers who changed, and deactivations. */
export interface WeeklyPlan {
  added: number[];
  changed: number[];
  deactivated: number[];
}

/** `rows` weekly rows: 40 % new people, 45 % changed providers, 15 % deactivations, each NPI once. */
export function weeklyPlan(count: number, rows: number, seed: number): WeeklyPlan {
  const r = new Random(seed, 'nppes-weekly-plan', count);
  // New people are items past the monthly file's last one (whose items persons…count-1 are organisations).
  const added = Array.from({ length: Math.round(rows * 0.4) }, (_, i) => count + i);
  const taken = new Set<number>();
  const pickExisting = (n: number): number[] => {
    const picked: number[] = [];
    while (picked.length < n) {
      const j = Math.floor(r.float() * count);
      if (taken.has(j) || isDeactivated(seed, j)) continue;
      taken.add(j);
      picked.push(j);
    }
    return picked;
  };
  const changed = pickExisting(Math.round(rows * 0.45));
  const deactivated = pickExisting(rows - added.length - changed.length);
  return { added, changed, deactivated };
}

/**
 * The weekly `npidata_pfile_<from>-<to>.csv` of the monthly file made with (count, seed), and
 * the deactivation report of the same week (CSV; CMS ships a spreadsheet with title lines),
 * which lists the week's deactivations and some older ones absent from the weekly file.
 */
export async function writeNppesWeekly(npidataPath: string, reportPath: string, count: number, rows: number, seed: number): Promise<WeeklyPlan> {
  const shape = nppesShape(count);
  const plan = weeklyPlan(count, rows, seed);
  const deactivatedOn = '10/24/2024';
  const kind = new Map<number, 'added' | 'changed' | 'deactivated'>();
  for (const j of plan.added) kind.set(j, 'added');
  for (const j of plan.changed) kind.set(j, 'changed');
  for (const j of plan.deactivated) kind.set(j, 'deactivated');
  // A new person's item number is its population index.
  const npiOf = (j: number): string => npiFor(kind.get(j) === 'added' ? j : npiIndex(shape, j));
  const keys = [...kind.keys()].map((j) => npiOrder(kind.get(j) === 'added' ? j : npiIndex(shape, j)) * 2 ** 25 + j);
  const out = new ChunkWriter(npidataPath);
  const row = new NpidataRow();
  out.line(`"${NPIDATA_HEADER.join('","')}"`, '\r\n');
  for (const key of Float64Array.from(keys).sort()) {
    const j = key % 2 ** 25;
    const what = kind.get(j);
    let line: string;
    if (what === 'deactivated') line = deactivatedRow(row, npiOf(j), '2024-10-24');
    else if (what === 'added') line = personRow(row, personAt(seed, j), new Random(seed, 'nppes-weekly', j), false);
    else line = itemRow(row, shape, seed, j, true);
    const wait = out.line(line, '\r\n');
    if (wait) await wait;
  }
  await out.close();
  const report = new ChunkWriter(reportPath);
  report.line('"NPPES Deactivated NPI Report"', '\r\n');
  report.line('"NPI","NPPES Deactivation Date"', '\r\n');
  const older = weeklyPlan(count, 2_000, seed + 1).deactivated.filter((j) => !kind.has(j));
  for (const j of plan.deactivated) report.line(`"${npiOf(j)}","${deactivatedOn}"`, '\r\n');
  for (const j of older) report.line(`"${npiFor(npiIndex(shape, j))}","${mdy(new Random(seed, 'nppes-older-deactivation', j).date(2023, 2024))}"`, '\r\n');
  await report.close();
  return plan;
}

/** DMF record j: one in ten is a population person (also in NPPES), the others people of their own. */
const dmfIndex = (j: number): number => (j % 10 === 0 ? j : 30_000_000 + j);
// SSNs are nine digits from 100000000: their numbers sort as they do.
const ssnOrder = (index: number): bigint => BigInt(ssnFor(index));

function dmfRecord(seed: number, code: ' ' | 'A' | 'C' | 'D', index: number, variant: string): string {
  const r = new Random(seed, variant, index);
  const p = personAt(seed, index);
  let dod = mmddccyy(r.date(Math.max(+p.dob.slice(0, 4) + 20, 1990), 2025));
  if (r.chance(0.05)) dod = `${dod.slice(0, 2)}00${dod.slice(4)}`;
  const suffix = p.suffix === 'JR' ? 'Jr.' : p.suffix === 'SR' ? 'Sr.' : p.suffix;
  const verify = r.pick(['V', 'P', ' ', 'N']);
  return `${code}${ssnFor(index)}${p.last.padEnd(20)}${suffix.padEnd(4)}${p.first.padEnd(15)}${p.middle.padEnd(15)}${verify}${dod}${mmddccyy(p.dob)}`.padEnd(100);
}

/** Sorts record indexes by SSN (the DMF is sorted by SSN). */
function bySsn(indexes: ArrayLike<number>): Uint32Array {
  const keys = new BigUint64Array(indexes.length);
  for (let i = 0; i < indexes.length; i += 1) keys[i] = (ssnOrder(indexes[i]) << 27n) | BigInt(indexes[i]);
  keys.sort();
  const out = new Uint32Array(indexes.length);
  const mask = (1n << 27n) - 1n;
  for (let i = 0; i < keys.length; i += 1) out[i] = Number(keys[i] & mask);
  return out;
}

/** The DMF full file: `count` 100-byte records (blank change code), LF, sorted by SSN. */
export async function writeNationalDmf(path: string, count: number, seed: number): Promise<void> {
  const indexes = new Uint32Array(count);
  for (let j = 0; j < count; j += 1) indexes[j] = dmfIndex(j);
  const out = new ChunkWriter(path);
  for (const index of bySsn(indexes)) {
    const wait = out.line(dmfRecord(seed, ' ', index, 'dmf'), '\n');
    if (wait) await wait;
  }
  await out.close();
}

/**
 * A monthly DMF update for the full file made with (count, seed): `rows` records, 45 % adds
 * (deaths not in the full file), 40 % changes (a corrected date of death) and 15 % deletes,
 * each SSN once, sorted by SSN.
 */
export async function writeDmfUpdate(path: string, count: number, rows: number, seed: number): Promise<{ added: number; changed: number; deleted: number }> {
  const r = new Random(seed, 'dmf-update-plan', count);
  const adds = Math.round(rows * 0.45);
  const changes = Math.round(rows * 0.4);
  const code = new Map<number, 'A' | 'C' | 'D'>();
  for (let i = 0; i < adds; i += 1) code.set(60_000_000 + i, 'A');
  while (code.size < rows) {
    const index = dmfIndex(Math.floor(r.float() * count));
    if (!code.has(index)) code.set(index, code.size < adds + changes ? 'C' : 'D');
  }
  const out = new ChunkWriter(path);
  for (const index of bySsn([...code.keys()])) {
    const c = code.get(index) as 'A' | 'C' | 'D';
    const wait = out.line(dmfRecord(seed, c, index, c === 'C' ? 'dmf-corrected' : 'dmf'), '\n');
    if (wait) await wait;
  }
  await out.close();
  return { added: adds, changed: changes, deleted: rows - adds - changes };
}
