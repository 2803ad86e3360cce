/**
 * Bench (issue 21, ADR 071): the CPU a batch row costs the screening, by phase. The exclusion
 * lists at real size (national-serving's: LEIE 80k, SAM 150k, OFAC 20k with aliases, states 150k,
 * opt-out 50k) with NPPES and the DMF small (BENCH_BATCH_CPU_NPPES / _DMF: they are read by key,
 * their size barely changes a row's CPU); national-serving's roster (names, dates of birth, an
 * NPI on 9 rows in 10, SSNs). Chunks are screened as the chunk job screens them (`screenRows`
 * through the keyed screener on the worker pool, near misses collected, then the full records
 * read and the result rows built; not written) and we report CPU per 1,000 rows: the worker
 * threads' engine time, this thread's share of the screening (keyed lookups and screening, merges,
 * drafts, the hits received from the workers) and of the records and build phases. The answers'
 * digest is printed (stderr) to compare two builds. CLEARLIST_BENCH_PROFILE=<dir> profiles this
 * thread over the measured chunks (BENCH_BATCH_CPU_WORKERS=0 screens on this thread: the profile then holds the
 * engine, and its CPU counts as this thread's); BENCH_BATCH_CPU_DB=<folder> keeps the database there for the next
 * run (which skips the filling).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client';
import { loadavg } from 'node:os';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { readRecords } from '#server/batches/public';
import { createIndexStore } from '#server/screening/index-store';
import { keyedScreener } from '#server/screening/keyed';
import { screenRows, type NearMisses } from '#server/screening/row-screening';
import { closeScreeningPool, currentScreening, screenerFor, versionIdsOf } from '#server/screening/screener';
import { openBenchDatabase } from './bench-db';
import { figure, type Figure } from './measure';
import { BENCH_BATCH_TYPES, fillKeyed, fillLists, generatedKeys, nationalRoster } from './national-data';
import { profiled } from './phase-profile';
import { candidateWork } from '#engine/search-space';

const NPPES = Number(process.env.BENCH_BATCH_CPU_NPPES ?? 90_000);
const DMF = Number(process.env.BENCH_BATCH_CPU_DMF ?? 200_000);
/** The NPIs and SSNs of the bench's NPPES and DMF (the fill writes them, the roster carries them). */
const keys = generatedKeys({ nppes: NPPES, dmf: DMF, scale: 1 });
const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
/** Chunks screened first and not counted (the workers' start and the engine's warm-up). */
const WARM_CHUNKS = 2;
/** The chunk job's threshold in the bench (a client's default). */
const THRESHOLD = 0.85;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** This thread's CPU time (Linux: its schedstat); the rest of the process's is the worker threads' (and the garbage collector's helpers). */
const mainCpuMs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

async function openKept(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  return { database, dispose: () => database.close() };
}

export async function benchBatchCpu(kind: 'pglite' | 'postgres'): Promise<Figure[]> {
  const log = (s: string) => process.stderr.write(`[batch-cpu ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
  // BENCH_BATCH_CPU_DB=<folder>: the PGlite database kept there and reused by the next run (comparing two builds).
  const kept = kind === 'pglite' ? (process.env.BENCH_BATCH_CPU_DB ?? null) : null;
  const reused = kept !== null && existsSync(path.join(kept, 'db', 'PG_VERSION'));
  const { database, dispose } = kept ? await openKept(kept) : await openBenchDatabase(kind);
  const db = database.db;
  try {
    if (!reused) {
      const listed = await fillLists(db, keys);
      await fillKeyed(db, () => undefined, keys.sizes);
      log(`lists: ${listed.toLocaleString('en-US')} records; NPPES ${NPPES.toLocaleString('en-US')}, DMF ${DMF.toLocaleString('en-US')}`);
    }
    // BENCH_BATCH_CPU_WORKERS=0: the engine on this thread (so that CLEARLIST_BENCH_PROFILE profiles it too).
    const workers = process.env.BENCH_BATCH_CPU_WORKERS;
    const config = { ...testConfig({ dataDir: '/nonexistent' }), ...(workers ? { batchScreenWorkers: Number(workers) } : {}) };
    const ctx: AppContext = { db, database, config, mailer: createMailer({ outboxDir: '/nonexistent', from: config.mailFrom }), log: createLogger({ level: 'warn' }), jobs: null, now: () => new Date() };
    ctx.screening = await createIndexStore(db);
    log(`index ready: ${ctx.screening.getIndex().stats().records.toLocaleString('en-US')} records`);

    const chunkRows = config.batchChunkRows;
    const rows = nationalRoster(ROWS + WARM_CHUNKS * chunkRows, keys);
    const spent = { workers: 0, screenMain: 0, records: 0, build: 0 };
    const digest = createHash('sha256');
    let results = 0;
    let hits = 0;
    const chunk = async (first: number, measured: boolean) => {
      const part = rows.slice(first, first + chunkRows);
      const cpu0 = cpuMs();
      const main0 = mainCpuMs();
      const s = await currentScreening(ctx);
      const nearMisses: NearMisses = { scores: [], rowBest: [] };
      const drafts = await screenRows(keyedScreener(s.keyed, screenerFor(ctx, s.index, part.length)), BENCH_BATCH_TYPES, part, { threshold: THRESHOLD, nearMisses, dmfLoaded: s.keyed.dmfLoaded });
      const cpu1 = cpuMs();
      const main1 = mainCpuMs();
      const versions = versionIdsOf(s.version);
      const keys = drafts.flatMap((d) => (d.source && d.sourceRecordId && versions.has(d.source) && !s.keyed.fullRecord(d.source, d.sourceRecordId) ? [{ versionId: versions.get(d.source)!, recordId: d.sourceRecordId }] : []));
      const records = await readRecords(db, keys);
      const cpu2 = cpuMs();
      const now = new Date(0);
      const built = drafts.map((d) => {
        const versionId = d.source ? (versions.get(d.source) ?? null) : null;
        const record = versionId && d.sourceRecordId ? (s.keyed.fullRecord(d.source!, d.sourceRecordId) ?? records.get(`${versionId}|${d.sourceRecordId}`) ?? null) : null;
        return { ...d, listVersionId: versionId, record, createdAt: now };
      });
      const cpu3 = cpuMs();
      if (!measured) return;
      spent.workers += cpu1 - cpu0 - (main1 - main0);
      spent.screenMain += main1 - main0;
      spent.records += cpu2 - cpu1;
      spent.build += cpu3 - cpu2;
      results += built.length;
      hits += built.filter((d) => d.resultType === 'exclusions').length;
      digest.update(JSON.stringify(drafts));
      digest.update(JSON.stringify(nearMisses));
    };
    for (let i = 0; i < WARM_CHUNKS; i++) await chunk(i * chunkRows, false);
    const load = loadavg()[0];
    const started = performance.now();
    await profiled('batch-cpu', async () => {
      for (let first = WARM_CHUNKS * chunkRows; first < rows.length; first += chunkRows) await chunk(first, true);
    });
    const wallS = (performance.now() - started) / 1000;
    await closeScreeningPool();
    const answers = digest.digest('hex').slice(0, 16);
    log(`answers digest ${answers} (${results} result rows, ${hits} exclusion hits); load average ${load.toFixed(2)} at the start`);
    const per = (ms: number) => ms / (ROWS / 1000);
    log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at the end`);
    // The engine's own counts, of this thread only (BENCH_BATCH_CPU_WORKERS=0 puts the engine here).
    log(`probed name parts: ${candidateWork.probeMemoHits} tested in a bitset (${candidateWork.probeMemoMade} made); postings lists ${candidateWork.probeSearched} searched, ${candidateWork.probeWalked} walked (this thread's engine only)`);
    const total = spent.workers + spent.screenMain + spent.records + spent.build;
    const n = (x: number) => x.toLocaleString('en-US');
    return [
      figure(`Batch CPU per 1,000 rows, all phases (${n(ROWS)} rows in chunks of ${n(chunkRows)}, ${n(results)} result rows, ${n(hits)} exclusion hits, answers ${answers}; load ${load.toFixed(2)})`, per(total), 'ms', { max: 300, text: '≤ 300 ms (~30 s of two cores for 100,000 rows, writes not counted)' }),
      figure('  engine on the worker threads (the process\'s CPU but this thread\'s, while screening)', per(spent.workers), 'ms'),
      figure('  this thread while screening (keyed lookups and screening, merges, drafts, hits received)', per(spent.screenMain), 'ms'),
      figure('  full records read', per(spent.records), 'ms'),
      figure('  result rows built', per(spent.build), 'ms'),
      figure('Batch wall time per 1,000 rows', (wallS * 1000) / (ROWS / 1000), 'ms'),
    ];
  } finally {
    await dispose();
  }
}
