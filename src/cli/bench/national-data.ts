/**
 * The national bench's data (issue 21, ADR 060): NPPES and the Death Master File generated in SQL
 * or imported from the national files, the exclusion lists at real sizes, the NPIs and SSNs the
 * searches use, and the batch's roster. national-serving, national-batch and batch-cpu share them.
 * BENCH_NATIONAL_SCALE=0.1 fills a tenth of NPPES and DMF (the exclusion lists stay real size).
 */
import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { checkSsn, luhnCheckDigit } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { Db } from '#server/db/client';
import { listRecords, listVersions } from '#server/db/schema';
import { importList, type ImportSummary } from '#server/lists/import';
import type { RowInput } from '#server/screening/row-screening';
import { nationalFiles } from '../../../scripts/gen-lists/national-files';
import { figure, type Figure } from './measure';

const SCALE = Number(process.env.BENCH_NATIONAL_SCALE ?? 1);
const EXCLUSIONS: [SourceId, number][] = [['leie', 80_000], ['sam', 150_000], ['ofac-sdn', 20_000], ['state-ca', 40_000], ['state-ny', 40_000], ['state-tx', 30_000], ['state-fl', 40_000], ['optout', 50_000]];
const SLICE = 1_000_000;

/** The NPI of NPPES record g: "1" + 8 digits of g + the Luhn digit (the SQL below computes the same). */
export const benchNpi = (g: number): string => {
  const body = `1${String(g).padStart(8, '0')}`;
  return body + luhnCheckDigit(`80840${body}`);
};
/** The SSN of DMF record g (area 100-599, group 10-98, serial from 1000): the SQL below computes the same. */
export const benchSsn = (g: number): string => `${100 + (g % 500)}${10 + (Math.floor(g / 500) % 89)}${1000 + Math.floor(g / 44_500)}`;

/**
 * `count` keys read from a file at spread-out offsets: from each offset, the first field of the
 * next whole line (`key` cuts it out). Deterministic: the same file gives the same keys.
 */
export function sampleKeys(file: string, count: number, key: (line: string) => string | null): string[] {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(4096);
    const out = new Set<string>();
    for (let i = 0; i < count * 2 && out.size < count; i++) {
      // A fixed stride through the file (golden-ratio steps), never before the first line break.
      const at = Math.floor(((i * 0.6180339887) % 1) * (size - buf.length));
      const n = readSync(fd, buf, 0, buf.length, at);
      const text = buf.subarray(0, n).toString('latin1');
      const start = text.indexOf('\n') + 1;
      const end = text.indexOf('\n', start);
      if (start === 0 || end < 0) continue;
      const k = key(text.slice(start, end));
      if (k) out.add(k);
    }
    return [...out];
  } finally {
    closeSync(fd);
  }
}

/** NPPES and DMF sizes: those of a fill, or those an import ended with. */
export interface NationalSizes {
  nppes: number;
  dmf: number;
  /** BENCH_NATIONAL_SCALE of a SQL fill (1 for imported files). */
  scale: number;
}

/** NPPES and DMF sizes at BENCH_NATIONAL_SCALE: what `fillKeyed` writes when given no sizes. */
export const NATIONAL_SIZES: Readonly<NationalSizes> = Object.freeze({ nppes: Math.round(9_000_000 * SCALE), dmf: Math.round(20_000_000 * SCALE), scale: SCALE });

/**
 * The NPIs and SSNs the searches and the batch use, with the sizes they were drawn from: a value
 * passed along (never module state, ADR 078), so a label printed from `sizes` is the fill's.
 */
export interface BenchKeys {
  sizes: NationalSizes;
  /** An NPI in NPPES, for any g ≥ 0. */
  npi(g: number): string;
  /** An SSN in the DMF, for any g ≥ 0. */
  ssn(g: number): string;
}

/** The keys of a SQL fill of `sizes` (`fillKeyed` writes the NPIs and SSNs these compute). */
export const generatedKeys = (sizes: NationalSizes = NATIONAL_SIZES): BenchKeys => ({
  sizes,
  npi: (g) => benchNpi(g % sizes.nppes),
  ssn: (g) => benchSsn(g % sizes.dmf),
});

/** The given names and surnames the fill and the searches draw from. */
export const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'DAVID', 'ELIZABETH', 'WILLIAM', 'BARBARA', 'RICHARD', 'SUSAN', 'JOSEPH', 'JESSICA', 'THOMAS', 'SARAH', 'CHARLES', 'KAREN', 'MARIA', 'ANA', 'LUIS', 'JOSE', 'WEI', 'MIN', 'PRIYA', 'RAJ', 'FATIMA', 'AHMED'];
export const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ', 'HERNANDEZ', 'LOPEZ', 'GONZALEZ', 'WILSON', 'ANDERSON', 'THOMAS', 'TAYLOR', 'MOORE', 'JACKSON', 'MARTIN', 'LEE', 'PEREZ', 'THOMPSON', 'WHITE', 'HARRIS', 'SANCHEZ', 'CLARK', 'RAMIREZ', 'LEWIS', 'ROBINSON', 'NGUYEN', 'PATEL', 'KIM', 'CHEN', 'SINGH', 'KHAN', 'OKAFOR', 'COHEN', 'MURPHY', 'OBRIEN'];
const STATES = ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI', 'NJ', 'VA', 'WA', 'AZ', 'MA'];
const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`);

async function newVersion(db: Db, source: string, records: number): Promise<number> {
  const [v] = await db
    .insert(listVersions)
    .values({ source, status: 'active', mode: 'full', origin: 'import', fileNames: [`${source}-bench`], fileSha256: ['-'], fileSizes: [0], fetchedAt: new Date(), asOf: '2026-11-01', activatedAt: new Date(), records })
    .returning();
  return v.id;
}

/** The exclusion lists and the opt-out list at real sizes, from the engine's synthetic records (their NPIs among `keys`' NPPES records). */
export async function fillLists(db: Db, keys: BenchKeys = generatedKeys()): Promise<number> {
  let seed = 11;
  let total = 0;
  for (const [source, n] of EXCLUSIONS) {
    const versionId = await newVersion(db, source, n);
    let page: ListRecord[] = [];
    const flush = async () => {
      if (page.length) await db.insert(listRecords).values(page.map((r) => ({ versionId, recordId: r.sourceRecordId, data: r })));
      page = [];
    };
    let i = 0;
    for (const r of syntheticRecords(n, seed++)) {
      const rec: ListRecord = { ...r, source, sourceRecordId: `${source}-${i}` };
      if (source === 'ofac-sdn') rec.akas = [...rec.akas, `${rec.firstName ?? ''} ${rec.lastName ?? ''}`.trim() + ' AL', LAST[i % LAST.length]].filter(Boolean);
      // A twentieth of the excluded people carry an NPI from NPPES: the exclusion search by NPI finds them.
      if (source !== 'ofac-sdn' && source !== 'optout' && i % 20 === 0) rec.npi = keys.npi(i * 7919);
      if (source === 'optout') rec.npi = keys.npi(i * 104_729);
      page.push(rec);
      i += 1;
      if (page.length === 2000) await flush();
    }
    await flush();
    total += n;
  }
  return total;
}

/** NPPES and the DMF generated in SQL, a million rows per statement. */
export async function fillKeyed(db: Db, log: (s: string) => void, sizes: NationalSizes = NATIONAL_SIZES): Promise<void> {
  const { nppes, dmf } = sizes;
  const nppesVersion = await newVersion(db, 'nppes', nppes);
  const dmfVersion = await newVersion(db, 'dmf', dmf);
  const base = (source: string, kind: string) => JSON.stringify({ ...emptyListRecord(source as SourceId, '', kind as 'person'), sourceRecordId: undefined });
  // d(x) = x-th digit, dd = doubled per Luhn; 80840 prefix contributes 24, the leading "1" doubled 2.
  const npiExpr = `'1' || lpad(g::text, 8, '0') || ((10 - ((26 + (g/10000000)%10 + 2*((g/1000000)%10) - 9*(((g/1000000)%10)/5) + (g/100000)%10 + 2*((g/10000)%10) - 9*(((g/10000)%10)/5) + (g/1000)%10 + 2*((g/100)%10) - 9*(((g/100)%10)/5) + (g/10)%10 + 2*(g%10) - 9*((g%10)/5)) % 10)) % 10)::text`;
  for (let from = 0; from < nppes; from += SLICE) {
    const to = Math.min(nppes, from + SLICE) - 1;
    await db.execute(sql`
      INSERT INTO list_records (version_id, record_id, data)
      SELECT ${nppesVersion}, npi, ${base('nppes', 'person')}::jsonb || jsonb_build_object(
        'sourceRecordId', npi, 'npi', npi, 'firstName', (${arr(FIRST)})[1 + (g * 31) % ${FIRST.length}], 'middleName', CASE WHEN g % 3 = 0 THEN 'A' END,
        'lastName', (${arr(LAST)})[1 + (g * 17) % ${LAST.length}], 'address', (100 + g % 9000)::text || ' MAIN ST', 'city', 'SPRINGFIELD',
        'state', (${arr(STATES)})[1 + g % ${STATES.length}], 'postalCode', lpad((g % 99999)::text, 5, '0'), 'specialty', 'Internal Medicine',
        'extra', CASE WHEN g % 20 = 0 THEN jsonb_build_object('entityType', '1', 'deactivationDate', '2020-01-01') ELSE jsonb_build_object('entityType', '1') END)
      FROM (SELECT g, ${sql.raw(npiExpr)} AS npi FROM generate_series(${from}::bigint, ${to}::bigint) g) s`);
    log(`NPPES ${(to + 1).toLocaleString('en-US')}`);
  }
  for (let from = 0; from < dmf; from += SLICE) {
    const to = Math.min(dmf, from + SLICE) - 1;
    await db.execute(sql`
      INSERT INTO list_records (version_id, record_id, data)
      SELECT ${dmfVersion}, ssn, ${base('dmf', 'person')}::jsonb || jsonb_build_object(
        'sourceRecordId', ssn, 'ssn', ssn, 'firstName', (${arr(FIRST)})[1 + (g * 13) % ${FIRST.length}], 'lastName', (${arr(LAST)})[1 + (g * 7) % ${LAST.length}],
        'dateOfBirth', (DATE '1910-01-01' + (g % 30000)::int)::text, 'dateOfDeath', (DATE '1990-01-01' + (g % 12000)::int)::text)
      FROM (SELECT g, ((100 + g % 500)::text || (10 + (g / 500) % 89)::text || (1000 + g / 44500)::text) AS ssn FROM generate_series(${from}::bigint, ${to}::bigint) g) s`);
    log(`DMF ${(to + 1).toLocaleString('en-US')}`);
  }
  await db.execute(sql`ANALYZE list_records`);
}

/**
 * NPPES and the DMF by the administrator's import of the national files (ADR 074), then the
 * keys searched read from the files. Answers the figures of the two imports.
 */
export async function importKeyed(db: Db, dir: string, log: (s: string) => void): Promise<{ figures: Figure[]; keys: BenchKeys }> {
  const files = nationalFiles(dir);
  const figures: Figure[] = [];
  const summaries: ImportSummary[] = [];
  for (const [source, file] of [['nppes', files.nppesFull], ['dmf', files.dmfFull]] as const) {
    const load = loadavg()[0].toFixed(2);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const summary = await importList(db, { source, files: [file], origin: 'import', now: new Date() });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    if (summary.status !== 'active') throw new Error(`the ${source} import ended ${summary.status}`);
    summaries.push(summary);
    log(`${source}: ${summary.records.toLocaleString('en-US')} records imported in ${seconds.toFixed(1)} s`);
    figures.push(
      figure(`  ${source.toUpperCase()} import of ${summary.records.toLocaleString('en-US')} records from ${file.split('/').pop()} (load ${load} → ${loadavg()[0].toFixed(2)})`, seconds, 's'),
      figure(`  its CPU (this process, the database included on PGlite)`, (used.user + used.system) / 1e6, 's'),
    );
  }
  return { figures, keys: keysFromFiles(dir, { nppes: summaries[0].records, dmf: summaries[1].records, scale: 1 }, log) };
}

/** The NPIs and SSNs searched when NPPES and the DMF come from the national files: read from the files at spread-out offsets. */
export function keysFromFiles(dir: string, sizes: NationalSizes, log: (s: string) => void, npiCount = 20_000): BenchKeys {
  const files = nationalFiles(dir);
  const npis = sampleKeys(files.nppesFull, npiCount, (line) => /^"(\d{10})"/.exec(line)?.[1] ?? null);
  const ssns = sampleKeys(files.dmfFull, 20_000, (line) => /^[ ACD](\d{9})/.exec(line)?.[1] ?? null);
  if (npis.length < 1000 || ssns.length < 1000) throw new Error(`too few NPIs (${npis.length}) or SSNs (${ssns.length}) read from the national files`);
  log(`${npis.length} NPIs and ${ssns.length} SSNs read from the files for the searches`);
  return { sizes, npi: (g) => npis[g % npis.length], ssn: (g) => ssns[g % ssns.length] };
}

/**
 * The bench's roster: synthetic people (a few share a name with a listed person), an NPI on 9
 * rows in 10 (8 found in NPPES, 1 unknown), an SSN on every row that has a valid one (1 in 50
 * in the DMF), a date of birth.
 */
export function nationalRoster(rows: number, keys: BenchKeys = generatedKeys(), seed = 9): RowInput[] {
  const NPPES = keys.sizes.nppes;
  return syntheticIndividuals(rows, seed).map((p, i) => ({
    rowIndex: i,
    uniqueId: `E${i}`,
    values: { 'First Name': p.firstName, 'Last Name': p.lastName, 'Date of Birth': p.dateOfBirth ?? '', NPI: i % 10 < 8 ? keys.npi(i * 7) : i % 10 === 8 ? benchNpi(NPPES + i) : '', SSN: i % 50 === 0 ? keys.ssn(i * 3) : (checkSsn(`5${String(10_000_000 + i).slice(-8)}`).ok ? `5${String(10_000_000 + i).slice(-8)}` : '') },
  }));
}

/** The batch's search types: names, NPI (exclusions, validation, opt-out) and SSDMF. */
export const BENCH_BATCH_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'];
