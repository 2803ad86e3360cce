/**
 * Bench: scale-out on PostgreSQL (issue 21, ADR 063). A 100,000-row batch (names and NPIs)
 * against the ~1,000,000 synthetic list records, screened by separate `clearlist worker`
 * processes while the server (this process) only takes the upload (no job runs here):
 *   1. one worker pinned to core 0 (`taskset -c 0`),
 *   2. two workers pinned one per core (`taskset -c 0` / `taskset -c 1`),
 *   3. two workers unpinned, the default setup (the compose file's two replicas).
 * Each run starts fresh workers, waits until their index is built, then times the batch from
 * its submission to Completed. CPU time of each worker (all its threads, /proc/<pid>/stat) and of
 * the PostgreSQL server's processes is read before and after. The PostgreSQL server is not
 * pinned: with one worker it has the second core to itself; with two it competes with them.
 * BENCH_SCALE_RUNS=1,2,default picks the runs; BENCH_BATCH_ROWS the size.
 * Each run also says where PostgreSQL's CPU went (postgres-breakdown.ts, ADR 085); between runs
 * the batch tables are vacuumed and analyzed, untimed (BENCH_SCALE_SETTLE=0: not).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { syntheticIndividuals } from '#engine/synthetic-records';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { clients } from '#server/db/schema';
import { startJobQueue } from '#server/jobs/queue';
import { JOBS } from '#server/jobs/registry';
import { createMailer } from '#server/mail/mailer';
import { closeScreeningPool } from '#server/screening/screener';
import { createUser } from '#test/factories';
import { npiFor } from '../../../scripts/gen-lists/population';
import { openBenchDatabase } from './bench-db';
import { HttpClient } from './http-client';
import { loadRecords } from './interactive-search';
import { figure, type Figure } from './measure';
import { startBreakdown } from './postgres-breakdown';
import { databaseServerCpuMs } from './postgres-cpu';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);
const RUNS = (process.env.BENCH_SCALE_RUNS ?? '1,2,default').split(',');
/** 0: the next run pays the autovacuum debt of the one before it, as before ADR 085. */
const SETTLE = process.env.BENCH_SCALE_SETTLE !== '0';
const bin = fileURLToPath(new URL('../../../bin/clearlist.mjs', import.meta.url));

interface Run {
  label: string;
  /** The cores each worker is pinned to (null: not pinned). */
  pins: (string | null)[];
}
const RUN_KINDS: Record<string, Run> = {
  '1': { label: '1 worker pinned to core 0', pins: ['0'] },
  '2': { label: '2 workers pinned to cores 0 and 1', pins: ['0', '1'] },
  default: { label: '2 workers, not pinned (default setup)', pins: [null, null] },
};

/** The engine bench's batch rows (synthetic people, some on the lists), with NPIs: one in ten listed. */
function rosterCsv(rows: number, npis: string[]): string {
  const lines = ['Employee ID,First Name,Last Name,NPI'];
  syntheticIndividuals(rows, 3).forEach((p, i) => lines.push(`E${i},${p.firstName},${p.lastName},${i % 10 === 0 ? npis[(i / 10) % npis.length] : npiFor(i + 7)}`));
  return lines.join('\n');
}

/** CPU time (ms, all threads) and peak resident memory (MiB) of a process, from /proc. */
export function procUsage(pid: number): { cpuMs: number; peakMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, peakMiB: hwm / 1024 };
}

/** A chunk's timings as a worker logs them (debug level, processing.ts). */
export interface ChunkTimings {
  startedAt: number;
  endedAt: number;
  phasesMs: Record<string, number>;
}
const chunkTimings = new WeakMap<ChildProcess, ChunkTimings[]>();

/** Means of a run's chunk phases, and the mean gap between a worker's chunks (its job's end to the next one's start). */
export function phaseMeans(workers: ChildProcess[], timingsOf: { get(w: ChildProcess): ChunkTimings[] | undefined } = chunkTimings): { phases: Record<string, number>; gapMs: number; chunks: number } {
  const sums: Record<string, number> = {};
  let n = 0;
  let gaps = 0;
  let gapCount = 0;
  for (const w of workers) {
    const list = (timingsOf.get(w) ?? []).sort((a, b) => a.startedAt - b.startedAt);
    list.forEach((t, i) => {
      n += 1;
      // (A phase named like a redacted log key would arrive as text: only numbers count.)
      for (const [k, v] of Object.entries(t.phasesMs)) if (typeof v === 'number') sums[k] = (sums[k] ?? 0) + v;
      if (i > 0) {
        gaps += t.startedAt - list[i - 1].endedAt;
        gapCount += 1;
      }
    });
  }
  return { phases: Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v / Math.max(n, 1)])), gapMs: gaps / Math.max(gapCount, 1), chunks: n };
}

/**
 * The statements that took most of PostgreSQL's time during a run, when the server preloads
 * pg_stat_statements (WITH_POSTGRES_OPTIONS='-c shared_preload_libraries=pg_stat_statements'):
 * reported as figures, to see where the database's CPU per row goes.
 */
export async function resetStatements(ctx: AppContext): Promise<boolean> {
  try {
    await ctx.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await ctx.db.execute(sql`SELECT pg_stat_statements_reset()`);
    return true;
  } catch {
    return false;
  }
}

export async function topStatements(ctx: AppContext, rows: number, label: string): Promise<Figure[]> {
  const res = (await ctx.db.execute(
    sql`SELECT calls::int, total_exec_time::float AS ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) AS q
        FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8`,
  )) as unknown as { rows: { calls: number; ms: number; q: string }[] };
  return res.rows.map((r) => figure(`${label}: PostgreSQL time per 1,000 rows of a statement (${r.calls} calls): ${r.q}`, r.ms / (rows / 1000), 'ms'));
}

/**
 * Between runs (not timed): the batch tables vacuumed and analyzed, so the next run pays only the
 * autovacuum its own rows set off, not the passes the run before it left due (ADR 085: with one
 * worker first, its batch's passes fell in the two workers' run). What each pass cost is reported.
 */
async function settle(ctx: AppContext, label: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const table of ['batch_results', 'batch_rows']) {
    for (const pass of ['VACUUM', 'ANALYZE']) {
      const before = await databaseServerCpuMs(ctx);
      const t0 = performance.now();
      await ctx.db.execute(sql.raw(`${pass} ${table}`));
      figures.push(figure(`after ${label}: a ${pass} of ${table}, PostgreSQL CPU (${((performance.now() - t0) / 1000).toFixed(1)} s)`, (await databaseServerCpuMs(ctx)) - before, 'ms'));
    }
  }
  return figures;
}

const isRunning = (w: ChildProcess) => w.exitCode === null && w.signalCode === null;

/** Ends the workers still running with `signal` and waits until each has exited. */
export async function stopWorkers(workers: readonly ChildProcess[], signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await Promise.all(
    workers.filter(isRunning).map(
      (w) =>
        new Promise((resolve) => {
          w.once('exit', resolve);
          w.kill(signal);
        }),
    ),
  );
}

/** A bench's end, whatever happened: leftover workers killed, the job queue stopped, the database and the data folder gone. */
export async function endWorkerBench(ctx: AppContext, workers: readonly ChildProcess[], dispose: () => Promise<void>, dataDir: string): Promise<void> {
  await stopWorkers(workers, 'SIGKILL');
  await ctx.jobs?.stop();
  await closeScreeningPool();
  await dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

export function startWorker(env: NodeJS.ProcessEnv, pin: string | null): Promise<ChildProcess> {
  // BENCH_WORKER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=…`) reaches the workers' node only.
  const args = ['--max-old-space-size=4096', ...(process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), bin, 'worker'];
  const child = pin === null ? spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }) : spawn('taskset', ['-c', pin, process.execPath, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let pending = '';
  const timings: ChunkTimings[] = [];
  chunkTimings.set(child, timings);
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      if (output.length < 100_000) output += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.includes('batch chunk timings')) continue;
        const entry = JSON.parse(line) as ChunkTimings;
        timings.push({ startedAt: entry.startedAt, endedAt: entry.endedAt, phasesMs: entry.phasesMs });
      }
      if (output.includes('Clearlist worker running')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it was ready:\n${output.slice(-2000)}`)));
  });
}

export async function benchScaleOut(): Promise<Figure[]> {
  const { database, dispose } = await openBenchDatabase('postgres');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-scale-'));
  const config = testConfig({ dataDir, uploadMaxBytes: 200 * 1_048_576 });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: 'warn' }), jobs: null, now: () => new Date() };
  const figures: Figure[] = [];
  const workers: ChildProcess[] = [];
  try {
    const loaded = await loadRecords(ctx);
    // Autovacuum's first pass over the million records just loaded would otherwise run during a
    // timed batch and count as its PostgreSQL CPU (ADR 076, 085).
    if (process.env.BENCH_SCALE_VACUUM_LISTS !== '0') await database.db.execute(sql`VACUUM (ANALYZE)`);
    // The server's side: sends jobs, runs none (JOBS_IN_PROCESS=false).
    ctx.jobs = await startJobQueue(ctx, JOBS, { work: false, schedule: false });
    const app = await createApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const user = await createUser(database.db, { roles: ['name_search_user', 'npi_search_user'] });
      await database.db.update(clients).set({ searchOptions: ['NAME', 'NPI', 'OFAC'] }).where(eq(clients.id, user.clientId));
      const http = new HttpClient(base);
      await http.login(user.username, user.password);
      const csv = rosterCsv(ROWS, loaded.npis);
      const dbUrl = (database.pool!.options as { connectionString?: string }).connectionString;
      if (!dbUrl) throw new Error('the bench database has no URL');
      const env = { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'debug', JOBS_IN_PROCESS: 'false' };
      const mapping = {
        columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name', NPI: 'NPI' },
        searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'],
        correlatedColumnIndexes: [],
        uniqueIdIndex: 0,
      };
      const seconds: Record<string, number> = {};
      for (const kind of RUNS) {
        const run = RUN_KINDS[kind];
        if (!run) throw new Error(`unknown run ${kind} (1, 2 or default)`);
        const started = await Promise.all(run.pins.map((pin) => startWorker(env, pin)));
        workers.push(...started);
        const batchId = await http.uploadCsv(csv, `roster-${kind}.csv`);
        await http.postJson(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, mapping);
        const load1 = loadavg()[0];
        const hasStatements = await resetStatements(ctx);
        const cpuBefore = started.map((w) => procUsage(w.pid!).cpuMs);
        const dbBefore = await databaseServerCpuMs(ctx);
        const breakdown = await startBreakdown(ctx, run.label, hasStatements);
        const t0 = performance.now();
        await http.postJson(`/services/flexsearchs/${batchId}/columnmappings`, mapping);
        for (let status = ''; status !== 'Completed'; ) {
          if (performance.now() - t0 > 900_000) throw new Error('the batch did not complete in 15 minutes');
          await new Promise((r) => setTimeout(r, 100));
          const res = (await database.db.execute(sql`SELECT status FROM batches WHERE id = ${batchId}`)) as unknown as { rows: { status: string }[] };
          status = res.rows[0].status;
          if (status === 'Error' || status.startsWith('Internal')) throw new Error(`the batch ended as ${status}`);
        }
        const wall = (performance.now() - t0) / 1000;
        const dbMs = (await databaseServerCpuMs(ctx)) - dbBefore;
        const usage = started.map((w, i) => ({ ...procUsage(w.pid!), cpuMs: procUsage(w.pid!).cpuMs - cpuBefore[i] }));
        const chunkRes = (await database.db.execute(
          sql`SELECT count(*)::int AS n, avg(extract(epoch FROM done_at - started_at))::float AS mean FROM batch_chunks WHERE batch_id = ${batchId} AND status = 'done'`,
        )) as unknown as { rows: { n: number; mean: number }[] };
        const chunks = chunkRes.rows[0];
        seconds[kind] = wall;
        const per1k = (ms: number) => ms / (ROWS / 1000);
        figures.push(figure(`${run.label}: ${ROWS.toLocaleString('en-US')} rows, submitted to Completed (load ${load1.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${cpus().length} cores)`, wall, 's', kind === 'default' ? { max: 30, text: '≤ 30 s' } : undefined));
        usage.forEach((u, i) => figures.push(figure(`${run.label}: worker ${i + 1} CPU per 1,000 rows (peak memory ${u.peakMiB.toFixed(0)} MiB)`, per1k(u.cpuMs), 'ms')));
        figures.push(figure(`${run.label}: PostgreSQL CPU per 1,000 rows`, per1k(dbMs), 'ms'));
        figures.push(figure(`${run.label}: mean time a chunk spends in a worker (${chunks.n} chunks)`, chunks.mean * 1000, 'ms'));
        figures.push(...(await breakdown.figures(ROWS, chunks.n)));
        if (hasStatements) figures.push(...(await topStatements(ctx, ROWS, run.label)));
        const timed = phaseMeans(started);
        const phaseText = Object.entries(timed.phases).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
        figures.push(figure(`${run.label}: mean chunk job, by phase in ms (${timed.chunks} chunks: ${phaseText})`, Object.values(timed.phases).reduce((a, b) => a + b, 0), 'ms'));
        figures.push(figure(`${run.label}: mean gap between a worker's chunk jobs (queue fetch and complete)`, timed.gapMs, 'ms'));
        await stopWorkers(started);
        if (SETTLE) figures.push(...(await settle(ctx, run.label)));
      }
      if (seconds['1'] && seconds['2']) figures.push(figure('Speed-up of 2 pinned workers over 1', seconds['1'] / seconds['2'], '×', { min: 1.7, text: '≥ 1.7×' }));
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await endWorkerBench(ctx, workers, dispose, dataDir);
  }
}
