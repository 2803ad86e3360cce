/**
 * Bench (issue 21, ADR 073): the 100,000-row batch end to end at real list sizes. The lists of
 * the national-serving bench (LEIE 80k, SAM 150k, OFAC 20k with aliases, states 150k, opt-out
 * 50k; NPPES 9M and the DMF 20M generated in SQL, times BENCH_NATIONAL_SCALE), its roster (names,
 * NPI on 9 rows in 10, SSN, date of birth) uploaded as a CSV over HTTP, timed from submission to
 * Completed with every result written:
 *   - postgres: the server (this process) takes the upload and runs no job; `clearlist worker`
 *     processes screen (the scale-out bench's runs: BENCH_SCALE_RUNS=default, 1, 2);
 *   - pglite: the server's own job runner, in this process, as the embedded default runs.
 * Printed: the wall time, CPU per 1,000 rows (workers or this process — on PGlite split between
 * the main thread and the others, ADR 082 — and PostgreSQL's server),
 * results per row, the mean phases of a chunk (the workers' debug lines), the statements that
 * took PostgreSQL's time (with pg_stat_statements preloaded).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { clients } from '#server/db/schema';
import { startJobQueue } from '#server/jobs/queue';
import { JOBS } from '#server/jobs/registry';
import { createMailer } from '#server/mail/mailer';
import { createIndexStore } from '#server/screening/index-store';
import { warmScreeningThreads } from '#server/screening/thread-warmup';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { startProfile } from './cpu-profile';
import { mainThreadCpuMs, otherThreadsSplit, threadCpuMs } from './thread-cpu';
import { HttpClient } from './http-client';
import { figure, peakRssMiB, type Figure } from './measure';
import { fillKeyed, fillLists, keysFromFiles, NATIONAL_SIZES, nationalRoster, type BenchKeys } from './national-data';
import { keptSizes, openKeptDatabase } from './national-serving';
import { databaseServerCpuByKind, databaseServerCpuMs } from './postgres-cpu';
import { endWorkerBench, phaseMeans, procUsage, resetStatements, startWorker, stopWorkers, topStatements, type ChunkTimings } from './scale-out';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);
const RUNS = (process.env.BENCH_SCALE_RUNS ?? 'default').split(',');
/** PGlite: batches run one after the other on the same server (BENCH_PGLITE_BATCHES, default 1): from the second on, its screening threads are warm. */
const PGLITE_BATCHES = Math.max(1, Number(process.env.BENCH_PGLITE_BATCHES ?? 1));
const PINS: Record<string, (string | null)[]> = { '1': ['0'], '2': ['0', '1'], default: [null, null] };
const COLUMNS = ['First Name', 'Last Name', 'NPI', 'SSN', 'Date of Birth'];
const MAPPING = {
  columnMappings: Object.fromEntries(COLUMNS.map((c) => [c, c])),
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'],
  correlatedColumnIndexes: [],
  uniqueIdIndex: 0,
};

/** The roster's CSV; `seed` draws other names (the same keys), as another client's roster would have. */
function rosterCsv(rows: number, seed?: number, keys?: BenchKeys): string {
  const lines = [['Employee ID', ...COLUMNS].join(',')];
  for (const r of nationalRoster(rows, keys, seed)) lines.push([r.uniqueId, ...COLUMNS.map((c) => r.values[c] ?? '')].join(','));
  return lines.join('\n');
}

const n = (x: number) => x.toLocaleString('en-US');

const per1k = (ms: number) => ms / (ROWS / 1000);

/** Results written for a batch, and the bytes of their records and explanations. */
async function resultFigures(ctx: AppContext, batchId: number, label: string): Promise<Figure[]> {
  const res = (await ctx.db.execute(
    sql`SELECT count(*)::int AS n, count(record)::int AS with_record, coalesce(sum(pg_column_size(record)), 0)::float AS record_bytes, coalesce(sum(pg_column_size(explanation)), 0)::float AS explanation_bytes
        FROM batch_results WHERE batch_id = ${batchId}`,
  )) as unknown as { rows: { n: number; with_record: number; record_bytes: number; explanation_bytes: number }[] };
  const r = res.rows[0];
  // By kind: the result's type and source, how many, their stored bytes (after any compression) and how many were compressed.
  const kinds = (await ctx.db.execute(
    sql`SELECT result_type || '/' || coalesce(source, 'none') AS kind, count(*)::int AS n,
          avg(pg_column_size(explanation))::float AS explanation, avg(coalesce(pg_column_size(record), 0))::float AS record,
          count(*) FILTER (WHERE pg_column_compression(explanation) IS NOT NULL OR pg_column_compression(record) IS NOT NULL)::int AS compressed
        FROM batch_results WHERE batch_id = ${batchId} GROUP BY 1 ORDER BY 2 DESC`,
  )) as unknown as { rows: { kind: string; n: number; explanation: number; record: number; compressed: number }[] };
  const byKind = kinds.rows.map((k) => figure(`${label}: results per row of kind ${k.kind} (stored bytes each: explanation ${k.explanation.toFixed(0)}, record ${k.record.toFixed(0)}; ${n(k.compressed)} of ${n(k.n)} compressed)`, k.n / ROWS, ''));
  return [
    figure(`${label}: results per row (${n(r.n)} results, ${n(r.with_record)} with a list record)`, r.n / ROWS, ''),
    figure(`${label}: stored bytes of results' records per row (explanations: ${(r.explanation_bytes / ROWS).toFixed(0)})`, r.record_bytes / ROWS, 'B'),
    ...byKind,
  ];
}

/**
 * The batch's answers as a digest (ADR 084): every result's stored content (not its id or time)
 * and every chunk's near misses and SSNs not in the DMF, so two builds' runs are compared for the
 * same answers.
 */
async function answersDigest(ctx: AppContext, batchId: number, label: string): Promise<Figure> {
  const res = (await ctx.db.execute(
    sql`SELECT md5(coalesce((SELECT string_agg(concat_ws('|', row_index, result_type, search_type, source, source_record_id, score, explanation::text, review_status, search_criteria_key, list_version_id, record::jsonb::text), E'\n'
          ORDER BY row_index, result_type, search_type, source, source_record_id) FROM batch_results WHERE batch_id = ${batchId}), '')
        || coalesce((SELECT string_agg(concat_ws('|', chunk_index, near_miss_scores::text, near_miss_row_best::text, ssn_not_found_rows::text, ssn_dmf_version_id), E'\n' ORDER BY chunk_index) FROM batch_chunks WHERE batch_id = ${batchId}), '')) AS digest,
        (SELECT count(*)::int FROM batch_results WHERE batch_id = ${batchId}) AS n`,
  )) as unknown as { rows: { digest: string; n: number }[] };
  return figure(`${label}: answers digest ${res.rows[0].digest.slice(0, 16)} (results hashed, with the chunks' near misses and SSNs not in the DMF)`, res.rows[0].n, '');
}

/** BENCH_RESULTS_DUMP=<file>: the batch's results as JSON lines, the rows the write bench inserts again. */
async function dumpResults(ctx: AppContext, batchId: number, file: string): Promise<void> {
  const res = (await ctx.db.execute(sql`SELECT row_to_json(r)::text AS line FROM batch_results r WHERE batch_id = ${batchId} ORDER BY id`)) as unknown as { rows: { line: string }[] };
  writeFileSync(file, res.rows.map((x) => x.line).join('\n') + '\n');
}

async function uploadAndSubmit(http: HttpClient, csv: string, name: string): Promise<{ batchId: number; submit(): Promise<void> }> {
  const batchId = await http.uploadCsv(csv, name);
  await http.postJson(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, MAPPING);
  return { batchId, submit: async () => void (await http.postJson(`/services/flexsearchs/${batchId}/columnmappings`, MAPPING)) };
}

async function waitCompleted(ctx: AppContext, batchId: number, t0: number): Promise<void> {
  for (let status = ''; status !== 'Completed'; ) {
    if (performance.now() - t0 > 1_800_000) throw new Error('the batch did not complete in 30 minutes');
    await new Promise((r) => setTimeout(r, 200));
    const res = (await ctx.db.execute(sql`SELECT status FROM batches WHERE id = ${batchId}`)) as unknown as { rows: { status: string }[] };
    status = res.rows[0].status;
    if (status === 'Error' || status.startsWith('Internal')) throw new Error(`the batch ended as ${status}`);
  }
}

/** A logger at debug level that keeps the chunk timings lines and prints warnings and errors. */
function timingsLogger(timings: ChunkTimings[]) {
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        if (line.includes('batch chunk timings')) {
          const e = JSON.parse(line) as ChunkTimings;
          timings.push({ startedAt: e.startedAt, endedAt: e.endedAt, phasesMs: e.phasesMs });
        } else if (/"level":(4|5|6)\d/.test(line)) process.stderr.write(`${line}\n`);
      }
      done();
    },
  });
  return createLogger({ level: 'debug', destination });
}

function phaseFigure(label: string, timed: ReturnType<typeof phaseMeans>): Figure {
  const text = Object.entries(timed.phases).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
  return figure(`${label}: mean chunk job, by phase in ms (${timed.chunks} chunks: ${text})`, Object.values(timed.phases).reduce((a, b) => a + b, 0), 'ms');
}

export async function benchNationalBatch(kind: 'pglite' | 'postgres'): Promise<Figure[]> {
  const log = (s: string) => process.stderr.write(`[national-batch ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
  // NATIONAL_SERVING_DB=<folder> (PGlite): the national-serving bench's kept database (NPPES and the
  // DMF at full size, imported from $NATIONAL_DIR's files): the batch runs on it, nothing filled.
  const kept = kind === 'pglite' && process.env.NATIONAL_SERVING_DB && process.env.NATIONAL_DIR ? process.env.NATIONAL_SERVING_DB : null;
  if (kept && !existsSync(path.join(kept, 'db', 'PG_VERSION'))) throw new Error(`NATIONAL_SERVING_DB=${kept} holds no database: run national-serving-pglite with it first`);
  const { database, dispose } = kept ? await openKeptDatabase(kept) : await openBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-natbatch-'));
  // The server's screening threads warmed at its start (ADR 103) unless SCREEN_THREADS_WARM=false (to compare).
  const screenThreadsWarm = process.env.SCREEN_THREADS_WARM !== 'false' && process.env.SCREEN_THREADS_WARM !== '0';
  const config = testConfig({ dataDir, uploadMaxBytes: 200 * 1_048_576, screenThreadsWarm });
  const timings: ChunkTimings[] = [];
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }),
    log: kind === 'pglite' ? timingsLogger(timings) : createLogger({ level: 'warn' }),
    jobs: null,
    now: () => new Date(),
  };
  const figures: Figure[] = [];
  const workers: ChildProcess[] = [];
  let scale = `NPPES ${n(NATIONAL_SIZES.nppes)} + DMF ${n(NATIONAL_SIZES.dmf)} (BENCH_NATIONAL_SCALE=${NATIONAL_SIZES.scale})`;
  let keys: BenchKeys | undefined;
  try {
    const fillStarted = performance.now();
    if (kept) {
      const sizes = await keptSizes(database.db);
      // 720,000 NPIs: the roster's (keys.npi(7 i), 80,000 rows) all differ, as the generated keys'
      // do; the first 20,000 are those the exclusion lists were filled with (the same stride), so
      // ~2 % of the rows' NPIs are on an exclusion list. Reading them takes ~2 minutes.
      keys = keysFromFiles(process.env.NATIONAL_DIR!, sizes, log, 720_000);
      scale = `NPPES ${n(sizes.nppes)} + DMF ${n(sizes.dmf)} imported from the national files`;
      figures.push(figure(`National batch (${kind}): ${n(sizes.lists)} list records + ${scale}, reused from ${kept}`, (performance.now() - fillStarted) / 1000, 's'));
    } else {
      const listed = await fillLists(database.db);
      await fillKeyed(database.db, log);
      // Lists are loaded long before a batch runs: without this, autovacuum's first pass over the
      // million rows just inserted ran during the timed batch and counted as its PostgreSQL CPU (ADR 076).
      if (kind === 'postgres') await database.db.execute(sql`VACUUM (ANALYZE)`);
      figures.push(figure(`National batch (${kind}): ${n(listed)} list records + ${scale} generated`, (performance.now() - fillStarted) / 1000, 's'));
    }
    if (kind === 'pglite') ctx.screening = await createIndexStore(database.db);
    // PostgreSQL: the server sends jobs and runs none; PGlite: the server's own job runner.
    ctx.jobs = await startJobQueue(ctx, JOBS, { work: kind === 'pglite', schedule: false });
    // As `clearlist serve` does once listening: the batch comes to a server up for a while (ADR 103).
    if (kind === 'pglite') {
      const warm = await warmScreeningThreads(ctx);
      figures.push(figure(`PGlite: the screening threads warmed at the server's start (${warm ? `${n(warm.rows)} rows` : 'not warmed: SCREEN_THREADS_WARM=false'}), before the batch`, (warm?.ms ?? 0) / 1000, 's'));
    }
    const app = await createApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const http = new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      const user = await createUser(database.db, { roles: ['name_search_user', 'npi_search_user'] });
      await database.db.update(clients).set({ searchOptions: ['NAME', 'NPI', 'OFAC', 'SSNDMF'] }).where(eq(clients.id, user.clientId));
      await http.login(user.username, user.password);
      const csv = rosterCsv(ROWS, undefined, keys);
      const hasStatements = kind === 'postgres' && (await resetStatements(ctx));
      for (const run of kind === 'pglite' ? Array.from({ length: PGLITE_BATCHES }, (_, i) => `embedded-${i + 1}`) : RUNS) {
        const embeddedLabel = `PGlite, the server runs the jobs${PGLITE_BATCHES > 1 ? ` (batch ${run.slice(9)} of ${PGLITE_BATCHES})` : ''}`;
        const label = kind === 'pglite' ? embeddedLabel : `PostgreSQL, ${PINS[run]?.length} worker(s) ${run === 'default' ? 'not pinned (default setup)' : 'pinned'}`;
        let started: ChildProcess[] = [];
        if (kind === 'postgres') {
          if (!PINS[run]) throw new Error(`unknown run ${run} (1, 2 or default)`);
          const dbUrl = (database.pool!.options as { connectionString?: string }).connectionString;
          const env = { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'debug', JOBS_IN_PROCESS: 'false' };
          started = await Promise.all(PINS[run].map((pin) => startWorker(env, pin)));
          workers.push(...started);
        }
        // A later PGlite batch screens another roster (other names drawn), not the first one again.
        const batchCsv = run.startsWith('embedded-') && run !== 'embedded-1' ? rosterCsv(ROWS, 8 + Number(run.slice(9)), keys) : csv;
        const batch = await uploadAndSubmit(http, batchCsv, `roster-${run}.csv`);
        const load1 = loadavg()[0];
        if (hasStatements) await resetStatements(ctx);
        const cpuBefore = started.map((w) => procUsage(w.pid!).cpuMs);
        const selfBefore = process.cpuUsage();
        const mainBefore = mainThreadCpuMs();
        const threadsBefore = threadCpuMs();
        const dbBefore = kind === 'postgres' ? await databaseServerCpuMs(ctx) : 0;
        const byKindBefore = kind === 'postgres' ? await databaseServerCpuByKind(ctx) : {};
        timings.length = 0;
        // BENCH_CPU_PROFILE=<file>: the main thread's CPU profile over the timed batch (ADR 082).
        const profile = process.env.BENCH_CPU_PROFILE ? await startProfile() : null;
        const t0 = performance.now();
        const submittedAt = Date.now();
        await batch.submit();
        await waitCompleted(ctx, batch.batchId, t0);
        if (profile) await profile.stopInto(process.env.BENCH_CPU_PROFILE!);
        const wall = (performance.now() - t0) / 1000;
        const self = process.cpuUsage(selfBefore);
        const mainMs = mainBefore === null ? null : mainThreadCpuMs()! - mainBefore;
        const threadsAfter = threadCpuMs();
        figures.push(figure(`${label}: ${n(ROWS)} rows, submitted to Completed, every result written (load ${load1.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${cpus().length} cores)`, wall, 's', run === 'default' || kind === 'pglite' ? { max: 30, text: '≤ 30 s' } : undefined));
        if (kind === 'postgres') {
          const dbMs = (await databaseServerCpuMs(ctx)) - dbBefore;
          started.forEach((w, i) => {
            const u = procUsage(w.pid!);
            figures.push(figure(`${label}: worker ${i + 1} CPU per 1,000 rows (peak memory ${u.peakMiB.toFixed(0)} MiB)`, per1k(u.cpuMs - cpuBefore[i]), 'ms'));
          });
          figures.push(figure(`${label}: PostgreSQL CPU per 1,000 rows`, per1k(dbMs), 'ms'));
          // Where PostgreSQL's CPU went: the connections' statements or its own processes (ADR 080).
          const byKind = await databaseServerCpuByKind(ctx);
          for (const [k, ms] of Object.entries(byKind)) {
            const spent = ms - (byKindBefore[k] ?? 0);
            if (spent >= 1) figures.push(figure(`${label}: PostgreSQL CPU per 1,000 rows, ${k}`, per1k(spent), 'ms'));
          }
          // The autovacuum passes the batch's writes set off (their workers' CPU is in 'exited').
          const passes = (await ctx.db.execute(
            sql`SELECT relname, autovacuum_count::int AS vacuums, autoanalyze_count::int AS analyzes FROM pg_stat_user_tables WHERE relname IN ('batch_results', 'batch_rows', 'batch_chunks') ORDER BY relname`,
          )) as unknown as { rows: { relname: string; vacuums: number; analyzes: number }[] };
          for (const p of passes.rows) figures.push(figure(`${label}: autovacuum passes on ${p.relname} since the database was filled (${p.vacuums} vacuums, ${p.analyzes} analyzes)`, p.vacuums + p.analyzes, ''));
          figures.push(figure(`${label}: the server's CPU per 1,000 rows (upload taken, no jobs)`, per1k((self.user + self.system) / 1000), 'ms'));
          figures.push(phaseFigure(label, phaseMeans(started)));
          if (hasStatements) figures.push(...(await topStatements(ctx, ROWS, label)), ...(await statementTotals(ctx, batch.batchId, label)));
        } else {
          const allMs = (self.user + self.system) / 1000;
          figures.push(figure(`${label}: CPU per 1,000 rows (this process, worker threads and PGlite included)`, per1k(allMs), 'ms'));
          // Where it went (ADR 082): the main thread (PGlite, HTTP, JSON, the keyed lookups) and the
          // others (the screening pool's ${config.batchScreenWorkers} threads, with V8's and libuv's helpers); the
          // rest of the wall time each was idle or waiting for a core (the load).
          if (mainMs !== null) {
            const threads = config.batchScreenWorkers;
            figures.push(figure(`${label}: main thread CPU per 1,000 rows (busy ${((100 * mainMs) / (wall * 1000)).toFixed(0)} % of the wall time)`, per1k(mainMs), 'ms'));
            figures.push(figure(`${label}: other threads' CPU per 1,000 rows (the pool's ${threads} busy ${((100 * (allMs - mainMs)) / (threads * wall * 1000)).toFixed(0)} % of theirs)`, per1k(allMs - mainMs), 'ms'));
            // Which threads: those the batch started (the screening pool), and the helpers there before (V8's GC, compiler; libuv).
            const split = otherThreadsSplit(threadsBefore, threadsAfter, allMs - mainMs);
            figures.push(figure(`${label}: other threads' CPU per 1,000 rows: started by the batch ${per1k(split.started).toFixed(0)}, V8/libuv helpers ${per1k(split.helpers).toFixed(0)}, ended ${per1k(split.ended).toFixed(0)}`, per1k(split.helpers), 'ms'));
            const byName = [...split.helpersByName].filter(([, ms]) => per1k(ms) >= 1).map(([name, ms]) => `${name} ${per1k(ms).toFixed(0)}`);
            figures.push(figure(`${label}: the helpers' CPU per 1,000 rows by thread name: ${byName.join(', ') || 'none'}`, per1k(split.helpers), 'ms'));
          }
          const fake = { pid: process.pid } as ChildProcess;
          const timed = phaseMeans([fake], new Map([[fake, timings]]));
          figures.push(phaseFigure(label, timed));
          // The screening threads' warm-up: the screen phase of the batch's chunks in tenths, in the order they started.
          const inOrder = [...timings].sort((a, b) => a.startedAt - b.startedAt).map((c) => c.phasesMs.screen ?? 0);
          const tenths = Array.from({ length: 10 }, (_, i) => inOrder.slice(Math.floor((i * inOrder.length) / 10), Math.floor(((i + 1) * inOrder.length) / 10)));
          const tenthMeans = tenths.map((t) => (t.length ? t.reduce((a, b) => a + b, 0) / t.length : 0));
          figures.push(figure(`${label}: mean screen phase of the chunks by tenth of the batch, in ms: ${tenthMeans.map((m) => m.toFixed(0)).join(', ')}`, tenthMeans[0], 'ms'));
          // The chunk jobs' time added up over the wall time: ~1 when they run one after another, up to 2 in the pipeline (ADR 082).
          const jobsMs = timings.reduce((sum, c) => sum + (c.endedAt - c.startedAt), 0);
          figures.push(figure(`${label}: chunk jobs running at once, on average over the batch`, jobsMs / (wall * 1000), ''));
          // The batch job's part (chunks made and queued, the pool warmed) and the queue's wait before the first chunk (ADR 088).
          const firstStart = Math.min(...timings.map((c) => c.startedAt));
          figures.push(figure(`${label}: from the submission to the first chunk's start`, (firstStart - submittedAt) / 1000, 's'));
          figures.push(figure(`${label}: peak memory`, peakRssMiB(), 'MiB'));
        }
        const chunkRes = (await ctx.db.execute(
          sql`SELECT count(*)::int AS n, avg(extract(epoch FROM done_at - started_at))::float AS mean FROM batch_chunks WHERE batch_id = ${batch.batchId} AND status = 'done'`,
        )) as unknown as { rows: { n: number; mean: number }[] };
        figures.push(figure(`${label}: mean time of a chunk from its start to done (write included, ${chunkRes.rows[0].n} chunks)`, chunkRes.rows[0].mean * 1000, 'ms'));
        figures.push(...(await resultFigures(ctx, batch.batchId, label)));
        figures.push(await answersDigest(ctx, batch.batchId, label));
        if (process.env.BENCH_RESULTS_DUMP) await dumpResults(ctx, batch.batchId, process.env.BENCH_RESULTS_DUMP);
        await stopWorkers(started);
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await endWorkerBench(ctx, workers, dispose, dataDir);
  }
}

/**
 * All statements of the batch (pg_stat_statements, the queue's included): how many per chunk,
 * and their time per 1,000 rows, beside PostgreSQL's CPU (ADR 076 round 2).
 */
async function statementTotals(ctx: AppContext, batchId: number, label: string): Promise<Figure[]> {
  const totals = (await ctx.db.execute(
    sql`SELECT sum(calls)::int AS calls, sum(total_exec_time)::float AS ms, (SELECT count(*)::int FROM batch_chunks WHERE batch_id = ${batchId}) AS chunks
        FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%'`,
  )) as unknown as { rows: { calls: number; ms: number; chunks: number }[] };
  const { calls, ms, chunks } = totals.rows[0];
  return [
    figure(`${label}: statements per chunk (${n(calls)} in all, the upload's and the job queue's included, ${chunks} chunks)`, calls / chunks, ''),
    figure(`${label}: all statements' time per 1,000 rows (waits on a loaded machine included)`, ms / (ROWS / 1000), 'ms'),
  ];
}
