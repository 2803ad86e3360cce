/**
 * Bench (issue 21, ADR 060): serving at national size. A database with NPPES 9,000,000 and the
 * Death Master File 20,000,000 (synthetic, generated in SQL: this bench is about serving, not
 * importing) and the exclusion lists at real sizes (LEIE 80k, SAM 150k, OFAC 20k with aliases,
 * states 150k, opt-out 50k); then the index store is started as the server starts it and we
 * report: time to ready, resident memory after ready, interactive search p95 (names, NPIs, SSNs
 * mixed) and a 100,000-row batch's screening (names + NPI validation + SSDMF, chunk by chunk as
 * the chunk job screens: lookups, engine, full records; results not written).
 * BENCH_NATIONAL_SCALE=0.1 runs at a tenth of NPPES and DMF (the exclusion lists stay real size).
 *
 * With $NATIONAL_DIR (the national files of `scripts/gen-national.ts`), NPPES and the DMF are
 * imported from the files instead, by the import an administrator runs (the NPPES monthly file,
 * then the DMF full file; ADR 074): the SQL generation is too slow on PGlite at full size. The
 * NPIs and SSNs searched are then read from the files at spread-out offsets. The PGlite data
 * folder goes to $NATIONAL_WORK_DIR (default: the temp folder).
 */
import { openSync, readSync, closeSync, fstatSync, existsSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { checkSsn, luhnCheckDigit } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { screenWithKeyed } from '#engine/keyed';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { openDatabase, type Database, type Db } from '#server/db/client';
import { rowsOf } from '#server/db/rows';
import { listRecords, listVersions } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { readRecords } from '#server/batches/public';
import { importList, type ImportSummary } from '#server/lists/import';
import { screenName } from '#server/interactive/name-search';
import { screenNpi } from '#server/interactive/npi-search';
import { searchHitsOf } from '#server/interactive/hits';
import { createIndexStore } from '#server/screening/index-store';
import { findKeyedVersions, KeyedLookup, keyedScreener } from '#server/screening/keyed';
import { screenRows, type RowInput } from '#server/screening/row-screening';
import { closeScreeningPool, currentScreening, screenerFor, versionIdsOf } from '#server/screening/screener';
import { nationalFiles } from '../../../scripts/gen-lists/national-files';
import { openBenchDatabase } from './bench-db';
import { figure, peakRssMiB, percentile, type Figure } from './measure';

const SCALE = Number(process.env.BENCH_NATIONAL_SCALE ?? 1);
const FILES_DIR = process.env.NATIONAL_DIR;
const EXCLUSIONS: [SourceId, number][] = [['leie', 80_000], ['sam', 150_000], ['ofac-sdn', 20_000], ['state-ca', 40_000], ['state-ny', 40_000], ['state-tx', 30_000], ['state-fl', 40_000], ['optout', 50_000]];
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 600);
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

const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'DAVID', 'ELIZABETH', 'WILLIAM', 'BARBARA', 'RICHARD', 'SUSAN', 'JOSEPH', 'JESSICA', 'THOMAS', 'SARAH', 'CHARLES', 'KAREN', 'MARIA', 'ANA', 'LUIS', 'JOSE', 'WEI', 'MIN', 'PRIYA', 'RAJ', 'FATIMA', 'AHMED'];
const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ', 'HERNANDEZ', 'LOPEZ', 'GONZALEZ', 'WILSON', 'ANDERSON', 'THOMAS', 'TAYLOR', 'MOORE', 'JACKSON', 'MARTIN', 'LEE', 'PEREZ', 'THOMPSON', 'WHITE', 'HARRIS', 'SANCHEZ', 'CLARK', 'RAMIREZ', 'LEWIS', 'ROBINSON', 'NGUYEN', 'PATEL', 'KIM', 'CHEN', 'SINGH', 'KHAN', 'OKAFOR', 'COHEN', 'MURPHY', 'OBRIEN'];
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
async function importKeyed(db: Db, dir: string, log: (s: string) => void): Promise<{ figures: Figure[]; keys: BenchKeys }> {
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
function keysFromFiles(dir: string, sizes: NationalSizes, log: (s: string) => void): BenchKeys {
  const files = nationalFiles(dir);
  const npis = sampleKeys(files.nppesFull, 20_000, (line) => /^"(\d{10})"/.exec(line)?.[1] ?? null);
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
export function nationalRoster(rows: number, keys: BenchKeys = generatedKeys()): RowInput[] {
  const NPPES = keys.sizes.nppes;
  return syntheticIndividuals(rows, 9).map((p, i) => ({
    rowIndex: i,
    uniqueId: `E${i}`,
    values: { 'First Name': p.firstName, 'Last Name': p.lastName, 'Date of Birth': p.dateOfBirth ?? '', NPI: i % 10 < 8 ? keys.npi(i * 7) : i % 10 === 8 ? benchNpi(NPPES + i) : '', SSN: i % 50 === 0 ? keys.ssn(i * 3) : (checkSsn(`5${String(10_000_000 + i).slice(-8)}`).ok ? `5${String(10_000_000 + i).slice(-8)}` : '') },
  }));
}

/** The batch's search types: names, NPI (exclusions, validation, opt-out) and SSDMF. */
export const BENCH_BATCH_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'];

async function openKeptDatabase(dir: string): Promise<{ database: Database; dispose(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  return { database, dispose: () => database.close() };
}

/** The sizes of a kept database: its active NPPES and DMF versions' records, and the other lists'. */
async function keptSizes(db: Db): Promise<NationalSizes & { lists: number }> {
  const rows = await rowsOf<{ source: string; records: number }>(db, sql`SELECT source, records FROM list_versions WHERE status = 'active'`);
  const of = (source: string) => rows.find((r) => r.source === source)?.records ?? 0;
  const lists = rows.filter((r) => r.source !== 'nppes' && r.source !== 'dmf').reduce((sum, r) => sum + r.records, 0);
  if (!of('nppes') || !of('dmf')) throw new Error('the kept database has no active NPPES or DMF version: delete its folder and run again');
  return { nppes: of('nppes'), dmf: of('dmf'), scale: 1, lists };
}

const rssMiB = () => process.memoryUsage().rss / 1_048_576;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function benchNationalServing(kind: 'pglite' | 'postgres'): Promise<Figure[]> {
  const log = (s: string) => process.stderr.write(`[national-serving ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
  // NATIONAL_SERVING_DB=<folder> (PGlite): the database is kept there, and a later run reuses it (no imports, ADR 078).
  const kept = kind === 'pglite' ? (process.env.NATIONAL_SERVING_DB ?? null) : null;
  const reused = kept !== null && existsSync(path.join(kept, 'db', 'PG_VERSION'));
  const { database, dispose } = kept ? await openKeptDatabase(kept) : await openBenchDatabase(kind, FILES_DIR ? (process.env.NATIONAL_WORK_DIR ?? tmpdir()) : tmpdir());
  const db = database.db;
  try {
    const fillStarted = performance.now();
    let keys: BenchKeys;
    let imported: Figure[] = [];
    let listed: number;
    if (reused) {
      const sizes = await keptSizes(db);
      keys = FILES_DIR ? keysFromFiles(FILES_DIR, sizes, log) : generatedKeys(sizes);
      listed = sizes.lists;
      log(`reusing ${kept}: NPPES ${sizes.nppes}, DMF ${sizes.dmf}, ${listed} list records`);
    } else {
      // The keyed lists first when imported: the exclusion lists' NPIs are read from NPPES.
      if (FILES_DIR) ({ figures: imported, keys } = await importKeyed(db, FILES_DIR, log));
      else keys = generatedKeys();
      listed = await fillLists(db, keys);
      log(`lists: ${listed.toLocaleString('en-US')} records`);
      if (!FILES_DIR) await fillKeyed(db, log, keys.sizes);
    }
    const { nppes: NPPES, dmf: DMF } = keys.sizes;
    const fillS = (performance.now() - fillStarted) / 1000;
    // Sanity: the NPIs and SSNs the queries below use are in the database.
    const probe = new KeyedLookup(db, await findKeyedVersions(db));
    await probe.fetch({ npis: [keys.npi(NPPES - 1), keys.npi(12345)], ssns: [keys.ssn(DMF - 1)] });
    if (probe.recordCount !== 3) throw new Error('the NPIs/SSNs of the bench queries are not in the database');
    const size = await db.execute(sql`SELECT pg_size_pretty(pg_total_relation_size('list_records')) AS s`).catch(() => null);
    if (size) log(`list_records: ${(size as unknown as { rows: { s: string }[] }).rows[0].s}`);

    global.gc?.();
    const rssBefore = rssMiB();
    const config = testConfig({ dataDir: '/nonexistent' });
    const ctx: AppContext = { db, database, config, mailer: createMailer({ outboxDir: '/nonexistent', from: config.mailFrom }), log: createLogger({ level: 'warn' }), jobs: null, now: () => new Date() };
    const readyStarted = performance.now();
    const cpuReady = cpuMs();
    ctx.screening = await createIndexStore(db);
    const readyS = (performance.now() - readyStarted) / 1000;
    const readyCpuS = (cpuMs() - cpuReady) / 1000;
    global.gc?.();
    const rssReady = rssMiB();
    const stats = ctx.screening.getIndex().stats();
    log(`ready in ${readyS.toFixed(1)} s: ${stats.records.toLocaleString('en-US')} records in the index, RSS ${rssReady.toFixed(0)} MiB`);

    // Interactive: names, NPIs (found, deactivated, unknown) and SSNs (found, not), mixed.
    const caller = { kind: 'anonymous' as const, addressHash: 'bench' };
    const people = syntheticIndividuals(SEARCHES, 5);
    const times = { name: [] as number[], npi: [] as number[], ssn: [] as number[] };
    const searchCpu = cpuMs();
    for (let i = 0; i < SEARCHES; i++) {
      const t = performance.now();
      const k = i % 3;
      if (k === 0) {
        const p = people[i];
        await screenName(ctx, caller, { firstName: p.firstName, lastName: p.lastName, companyName: undefined, matchingAlgorithm: i % 4 === 0 ? 'Fuzzy' : 'Exact' }).catch(() => null);
        times.name.push(performance.now() - t);
      } else if (k === 1) {
        const npi = i % 5 === 0 ? benchNpi(NPPES + i) : keys.npi(i * 977);
        await screenNpi(ctx, caller, npi, i % 2 ? `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}` : null);
        times.npi.push(performance.now() - t);
      } else {
        const ssn = i % 4 === 0 ? keys.ssn(i * 4099) : `6${String(10_000_000 + i).slice(-8)}`;
        const s = await currentScreening(ctx);
        await s.keyed.fetch({ ssns: [ssn] });
        const r = screenWithKeyed(s.index, s.keyed.index, { type: 'ssn', ssn }, { sources: ['dmf'] });
        await searchHitsOf(db, s, r.hits);
        times.ssn.push(performance.now() - t);
      }
    }
    const searchCpuMs = (cpuMs() - searchCpu) / SEARCHES;
    const all = [...times.name, ...times.npi, ...times.ssn].sort((a, b) => a - b);
    for (const list of Object.values(times)) list.sort((a, b) => a - b);

    // A 100,000-row batch screened chunk by chunk, as the chunk job screens it.
    const rows = nationalRoster(BATCH_ROWS, keys);
    const types = BENCH_BATCH_TYPES;
    const batchStarted = performance.now();
    const batchCpu = cpuMs();
    let results = 0;
    let found = { nppes: 0, dmf: 0 };
    let keyedQueries = 0;
    const chunkRows = config.batchChunkRows;
    for (let first = 0; first < rows.length; first += chunkRows) {
      const chunk = rows.slice(first, first + chunkRows);
      const s = await currentScreening(ctx);
      const drafts = await screenRows(keyedScreener(s.keyed, screenerFor(ctx, s.index, chunk.length)), types, chunk, { threshold: 0.85, dmfLoaded: s.keyed.dmfLoaded });
      const versions = versionIdsOf(s.version);
      const keys = drafts.flatMap((d) => (d.source && d.sourceRecordId && versions.has(d.source) && !s.keyed.fullRecord(d.source, d.sourceRecordId) ? [{ versionId: versions.get(d.source)!, recordId: d.sourceRecordId }] : []));
      await readRecords(db, keys);
      results += drafts.length;
      found = { nppes: found.nppes + drafts.filter((d) => d.source === 'nppes').length, dmf: found.dmf + drafts.filter((d) => d.source === 'dmf').length };
      keyedQueries += s.keyed.queries;
    }
    const batchS = (performance.now() - batchStarted) / 1000;
    const batchCpuS = (cpuMs() - batchCpu) / 1000;
    await closeScreeningPool();
    const rssEnd = rssMiB();
    const n = (x: number) => x.toLocaleString('en-US');
    return [
      figure(`National serving (${kind}): NPPES ${n(NPPES)} + DMF ${n(DMF)} ${reused ? `reused from ${kept}` : FILES_DIR ? 'imported from the national files' : 'generated'} + ${n(listed)} list records`, fillS, 's'),
      ...imported,
      figure(`Time to ready (index of ${n(stats.records)} records built from the database; NPPES and DMF not in it)`, readyS, 's', { max: 60, text: '≤ 60 s' }),
      figure('CPU time to ready (this process)', readyCpuS, 's'),
      figure(`Resident memory after ready (before: ${rssBefore.toFixed(0)} MiB)`, rssReady, 'MiB', { max: 4096, text: '≤ 4 GB' }),
      figure(`Interactive p50 (${SEARCHES} searches: names, NPIs, SSNs)`, percentile(all, 50), 'ms'),
      figure('Interactive p95, all', percentile(all, 95), 'ms', { max: 20, text: '≤ 20 ms' }),
      figure('Interactive p95, names', percentile(times.name, 95), 'ms'),
      figure('Interactive p95, NPIs (NPPES by key)', percentile(times.npi, 95), 'ms'),
      figure('Interactive p95, SSNs (DMF by key)', percentile(times.ssn, 95), 'ms'),
      figure('Interactive CPU per search (this process)', searchCpuMs, 'ms'),
      figure(`Batch of ${n(BATCH_ROWS)} rows screened (${n(results)} results; ${n(found.nppes)} NPPES, ${n(found.dmf)} DMF found; ${n(keyedQueries)} keyed queries)`, batchS, 's', { max: 30, text: '≤ 30 s' }),
      figure('Batch CPU time (this process, worker threads included; the database server not)', batchCpuS, 's'),
      figure('Resident memory at the end', rssEnd, 'MiB', { max: 4096, text: '≤ 4 GB' }),
      figure('Peak resident memory of the process (imports included)', peakRssMiB(), 'MiB'),
      figure(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`, loadavg()[0], ''),
    ];
  } finally {
    await dispose();
  }
}
