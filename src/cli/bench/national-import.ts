/**
 * Bench: the national files at full size (issue 21) — the monthly NPPES file (~9 M providers)
 * then a weekly NPPES file with its deactivation report, or the DMF full file (~20 M records)
 * then a monthly A/C/D update, on PGlite (data folder beside the files) or PostgreSQL.
 *
 * The files are written once by `scripts/gen-national.ts` in a child process (its memory is
 * not this process's) into $NATIONAL_DIR (default: a folder in the temp folder) and kept for
 * the next run. Sizes: $NATIONAL_NPPES, $NATIONAL_NPPES_WEEKLY, $NATIONAL_DMF, $NATIONAL_DMF_UPDATE.
 * The PGlite data folder and the log of figures go to $NATIONAL_WORK_DIR (default: the files'
 * folder), so that files written once by someone else can be read where they are.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importList, type ImportStep, type ImportSummary } from '#server/lists/import';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { versionRecordsSql } from '#server/db/list-records';
import { rowsOf } from '#server/db/rows';
import { nationalFiles } from '../../../scripts/gen-lists/national-files';
import { openBenchDatabase } from './bench-db';
import { childrenCpuSeconds, figure, mainThreadWaits, peakRssMiB, type Figure } from './measure';
import { databaseServerCpuMs, watchDatabaseServerMemory } from './postgres-cpu';

type Kind = 'pglite' | 'postgres';
type National = 'nppes' | 'dmf';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const envSize = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};

export function nationalSizes() {
  return {
    nppes: envSize('NATIONAL_NPPES', 9_000_000),
    weekly: envSize('NATIONAL_NPPES_WEEKLY', 30_000),
    dmf: envSize('NATIONAL_DMF', 20_000_000),
    dmfUpdate: envSize('NATIONAL_DMF_UPDATE', 200_000),
  };
}

function ensureFiles(dir: string, source: National): void {
  const sizes = nationalSizes();
  const args = ['scripts/gen-national.ts', '--dir', dir, '--only', source, '--nppes', String(sizes.nppes), '--weekly', String(sizes.weekly), '--dmf', String(sizes.dmf), '--dmf-update', String(sizes.dmfUpdate)];
  const child = spawnSync(path.join(root, 'node_modules/.bin/tsx'), args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`generating the ${source} files failed: ${child.stderr.slice(-2000)}`);
}

const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

interface Measured {
  summary: ImportSummary;
  seconds: number;
  cpuSeconds: number;
  /** CPU of the processes the import started (`openssl dgst` hashing the files). */
  childCpuSeconds: number;
  serverCpuSeconds: number;
  /** The main thread's wait for a core during the import (the machine's other load), seconds. */
  runQueueSeconds: number;
  /** Bytes read from storage (not the page cache) during the import. */
  diskReadBytes: number;
  steps: [ImportStep, number][];
}

async function measure(db: Db, kind: Kind, source: National, files: string[]): Promise<Measured> {
  const steps: [ImportStep, number][] = [];
  const serverBefore = kind === 'postgres' ? await databaseServerCpuMs({ db }) : 0;
  const cpu = process.cpuUsage();
  const childCpu = childrenCpuSeconds();
  const waits = mainThreadWaits();
  const started = performance.now();
  let stepStarted = started;
  let current: ImportStep | null = null;
  const onStep = (step: ImportStep | null): void => {
    const now = performance.now();
    if (current) steps.push([current, (now - stepStarted) / 1000]);
    current = step;
    stepStarted = now;
  };
  const summary = await importList(db, { source, files, origin: 'import', now: new Date(), onStep });
  onStep(null);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const waitsAfter = mainThreadWaits();
  const serverCpuSeconds = kind === 'postgres' ? ((await databaseServerCpuMs({ db })) - serverBefore) / 1000 : 0;
  return { summary, seconds, cpuSeconds: (used.user + used.system) / 1e6, childCpuSeconds: childrenCpuSeconds() - childCpu, serverCpuSeconds,
    runQueueSeconds: waitsAfter.runQueueSeconds - waits.runQueueSeconds, diskReadBytes: waitsAfter.diskReadBytes - waits.diskReadBytes, steps };
}

function figuresOf(label: string, kind: Kind, m: Measured, target: { max: number; text: string } | null): Figure[] {
  const rows = m.summary.rowsRead;
  const s = m.summary;
  // The new version is the active one once `activate` is done; `prune` then drops the records of the version before last.
  const pruning = m.steps.find(([step]) => step === 'prune')?.[1] ?? 0;
  return [
    figure(`${label}, ${rows.toLocaleString('en-US')} rows → ${s.records.toLocaleString('en-US')} records (+${s.added} −${s.removed} ~${s.changed}), until active (${kind})`, m.seconds - pruning, 's', target ?? undefined),
    figure(`  the same with the prune of older records (${kind})`, m.seconds, 's'),
    figure(`  rate (${kind})`, rows / m.seconds, 'rows/s'),
    figure(`  CPU of the importing process (${kind})`, m.cpuSeconds, 's'),
    figure(`  the same per row (${kind})`, (m.cpuSeconds * 1e6) / Math.max(1, rows), 'µs'),
    // On a loaded machine the wall time includes the main thread's wait for a core; without it, the
    // import's own time (its CPU, its disk reads, PostgreSQL's work) is what a quiet machine takes.
    figure(`  the main thread's wait for a core (other processes' load) (${kind})`, m.runQueueSeconds, 's'),
    figure(`  until active less that wait (${kind})`, m.seconds - pruning - m.runQueueSeconds, 's', target ?? undefined),
    figure(`  read from storage, not the page cache (${kind})`, m.diskReadBytes / 2 ** 20, 'MiB'),
    ...(m.childCpuSeconds > 0 ? [figure(`  CPU of its child processes (openssl hashing the files) (${kind})`, m.childCpuSeconds, 's')] : []),
    ...(kind === 'postgres' ? [figure(`  CPU of the PostgreSQL server (${kind})`, m.serverCpuSeconds, 's'), figure(`  the same per row (${kind})`, (m.serverCpuSeconds * 1e6) / Math.max(1, rows), 'µs')] : []),
    ...m.steps.filter(([, seconds]) => seconds >= 0.05).map(([step, seconds]) => figure(`  step ${step} (${kind})`, seconds, 's')),
  ];
}

async function rowsWrittenBy(db: Db, versionId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM list_records WHERE version_id = ${versionId}`);
  return row.n;
}

/** EXPLAIN ANALYZE of reading 1,000 records of a version by id (`findVersionRecords`, as keyed lookups do). */
async function keyedReadPlan(db: Db, source: National, versionId: number): Promise<string> {
  const ids = await rowsOf<{ record_id: string }>(db, sql`SELECT record_id FROM version_records WHERE version_id = ${versionId} LIMIT 1000`);
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    db,
    sql`EXPLAIN (ANALYZE, BUFFERS) ${versionRecordsSql(versionId, ids.map((r) => r.record_id))}`,
  );
  return `${source} version ${versionId}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`;
}

export async function benchNationalImport(source: National, kind: Kind): Promise<Figure[]> {
  const dir = process.env.NATIONAL_DIR ?? path.join(tmpdir(), 'clearlist-national');
  mkdirSync(dir, { recursive: true });
  ensureFiles(dir, source);
  const files = nationalFiles(dir);
  const full = source === 'nppes' ? [files.nppesFull] : [files.dmfFull];
  const update = source === 'nppes' ? [files.nppesWeekly, files.nppesDeactivations] : [files.dmfUpdate];
  const gib = (list: string[]) => (list.reduce((sum, f) => sum + statSync(f).size, 0) / 2 ** 30).toFixed(2);
  if (![...full, ...update].every((f) => existsSync(f))) throw new Error(`the ${source} files are missing in ${dir}`);
  const workDir = process.env.NATIONAL_WORK_DIR ?? dir;
  mkdirSync(workDir, { recursive: true });
  const { database, dispose } = await openBenchDatabase(kind, workDir);
  const serverMemory = kind === 'postgres' ? await watchDatabaseServerMemory({ db: database.db }) : null;
  const figures: Figure[] = [];
  // Each figure is also written to a log beside the files as soon as it is known: a run that fails later keeps them.
  const log = path.join(workDir, `national-${source}-${kind}.log`);
  const push = (...more: Figure[]): void => {
    figures.push(...more);
    appendFileSync(log, more.map((f) => `${new Date().toISOString()} ${f.name}: ${f.value.toFixed(2)} ${f.unit}${f.target ? ` (target ${f.target})` : ''}\n`).join(''));
  };
  try {
    const loadBefore = load();
    const first = await measure(database.db, kind, source, full);
    const loadAfterFull = load();
    const name = source === 'nppes' ? `NPPES monthly file (${gib(full)} GiB)` : `DMF full file (${gib(full)} GiB)`;
    const fullTarget = source === 'dmf' ? null : kind === 'postgres' ? { max: 300, text: '≤ 5 min' } : { max: 600, text: '≤ 10 min' };
    push(...figuresOf(`${name} import`, kind, first, fullTarget));
    push(figure(`  load average before / after: ${loadBefore} / ${loadAfterFull} (${kind})`, loadavg()[0], ''));
    const second = await measure(database.db, kind, source, update);
    const updateName = source === 'nppes' ? 'NPPES weekly file + deactivation report' : 'DMF monthly update';
    push(...figuresOf(`${updateName} applied incrementally`, kind, second, { max: 60, text: '≤ 1 min' }));
    // ADR 066: the update writes only the records it changes (no copy of the active version).
    push(figure(`  rows the update wrote into list_records (${kind})`, await rowsWrittenBy(database.db, second.summary.version), 'rows'));
    appendFileSync(log, `${new Date().toISOString()} plan of a keyed read of 1,000 ids of the new version:\n${await keyedReadPlan(database.db, source, second.summary.version)}\n`);
    push(figure(`  load average after: ${load()} (${kind})`, loadavg()[0], ''));
    push(figure(`${source.toUpperCase()} national import peak memory of the importing process (${kind})`, peakRssMiB(), 'MiB', { max: 1536, text: '< 1.5 GB' }));
    if (serverMemory) push(figure(`  PostgreSQL server peak memory (Pss of its processes) (${kind})`, serverMemory.stop(), 'MiB'));
    return figures;
  } finally {
    serverMemory?.stop();
    await dispose();
  }
}
