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
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { screenWithKeyed } from '#engine/keyed';
import { syntheticIndividuals } from '#engine/synthetic-records';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { openDatabase, type Database, type Db } from '#server/db/client';
import { rowsOf } from '#server/db/rows';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { readRecords } from '#server/batches/public';
import { screenName } from '#server/interactive/name-search';
import { screenNpi } from '#server/interactive/npi-search';
import { searchHitsOf } from '#server/interactive/hits';
import { createIndexStore } from '#server/screening/index-store';
import { findKeyedVersions, KeyedLookup, keyedScreener } from '#server/screening/keyed';
import { screenRows } from '#server/screening/row-screening';
import { closeScreeningPool, currentScreening, screenerFor, versionIdsOf } from '#server/screening/screener';
import { openBenchDatabase } from './bench-db';
import { BENCH_BATCH_TYPES, benchNpi, fillKeyed, fillLists, FIRST, generatedKeys, importKeyed, keysFromFiles, LAST, nationalRoster, type BenchKeys, type NationalSizes } from './national-data';
import { figure, peakRssMiB, percentile, type Figure } from './measure';

const FILES_DIR = process.env.NATIONAL_DIR;
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 600);


export async function openKeptDatabase(dir: string): Promise<{ database: Database; dispose(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  // BENCH_PGLITE_SETTINGS='{"shared_buffers":"512MB"}': PGlite's settings instead of the app's (trials).
  const settings = process.env.BENCH_PGLITE_SETTINGS ? (JSON.parse(process.env.BENCH_PGLITE_SETTINGS) as Record<string, string>) : undefined;
  const database = await openDatabase({ dataDir: dir, pgliteSettings: settings });
  await database.migrate();
  return { database, dispose: () => database.close() };
}

/** The sizes of a kept database: its active NPPES and DMF versions' records, and the other lists'. */
export async function keptSizes(db: Db): Promise<NationalSizes & { lists: number }> {
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
