/**
 * Bench of matching at list scale: 1,000,000 synthetic list records, interactive latency,
 * a 100,000-row batch on two worker threads, peak memory, and the same queries answered by
 * PostgreSQL pg_trgm (PGlite always, PostgreSQL too when DATABASE_URL is set).
 */
import { interactiveQueries, runBench } from '#engine/bench';
import type { MatchIndex } from '#engine/match-index';
import type { ScreenQuery } from '#engine/query-types';
import { screen } from '#engine/screen';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { ListRecord } from '#shared/list-record';
import { benchParallelBatch } from '../../engine-runtime/parallel-bench';
import { openBenchDatabase } from './bench-db';
import { figure, peakRssMiB, percentile, type Figure } from './measure';
import { loadTrgmNames, queryText, timeTrgmQueries, trgmThroughput } from './pg-trgm';

export const ENGINE_RECORDS = 1_000_000;
export const BATCH_ROWS = 100_000;
const SEED = 42;
/** Queries sent to pg_trgm: each takes 50–300 ms on a million names, so a sample of the same ones. */
const TRGM_QUERIES = 200;
const TRGM_BATCH_ROWS = 200;

const fmt = (n: number): string => n.toLocaleString('en-US');
/** User + system CPU time of the whole process (every thread), in ms. */
const processCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The names pg_trgm searches: what our index holds as names (people, AKAs, businesses, DBAs). */
function* listNames(records: Iterable<ListRecord>): Generator<string> {
  for (const r of records) {
    if (r.kind === 'person') yield [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
    else if (r.businessName) yield r.businessName;
    yield* r.akas;
    yield* r.dbas;
  }
}

/** The interactive queries runBench times (same records sampled, same seed). */
function sameInteractiveQueries(n: number): ScreenQuery[] {
  const sample: ListRecord[] = [];
  let i = 0;
  for (const r of syntheticRecords(ENGINE_RECORDS, SEED)) if (i++ % 97 === 0) sample.push(r);
  return interactiveQueries(sample, n, SEED + 2);
}

function engineTimes(index: MatchIndex, queries: ScreenQuery[]): { p50Ms: number; p95Ms: number } {
  for (const q of queries.slice(0, 20)) screen(index, q);
  const times = queries.map((q) => {
    const t = performance.now();
    screen(index, q);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

export async function benchEngine(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const bench = runBench({ records: ENGINE_RECORDS, interactiveQueries: 1000, batchRows: 0, shared: true, seed: SEED, memory: () => process.memoryUsage.rss(), cpuMs: processCpuMs });
  const index = bench.index;
  figures.push(
    figure(`Engine index build, ${fmt(bench.records)} synthetic list records`, bench.buildMs / 1000, 's', { max: 30, text: '≤ 30 s' }),
    figure(`Interactive query p50 (${fmt(bench.interactive.queries)} queries, 1 thread)`, bench.interactive.p50Ms, 'ms'),
    figure('Interactive query p95', bench.interactive.p95Ms, 'ms', { max: 20, text: '≤ 20 ms' }),
    figure('Interactive query p99', bench.interactive.p99Ms, 'ms'),
    figure('Interactive CPU time per query (process.cpuUsage, hardly moved by other load)', bench.interactive.cpuMsPerQuery ?? 0, 'ms'),
  );

  const batchQueries = syntheticIndividuals(BATCH_ROWS, SEED + 3);
  const cpuBefore = processCpuMs();
  const batch = await benchParallelBatch(index, batchQueries, 2);
  const batchCpuMs = processCpuMs() - cpuBefore;
  figures.push(
    figure(`Batch of ${fmt(batch.rows)} rows, ScreeningPool on ${batch.workers} workers`, batch.ms / 1000, 's', { max: 30, text: '≤ 30 s' }),
    figure('Batch throughput (2 workers)', batch.rowsPerSec, 'rows/s'),
    figure('Batch CPU time per 1,000 rows (all threads)', (batchCpuMs / batch.rows) * 1000, 'ms'),
    figure('Engine peak memory (build, queries, batch)', peakRssMiB(), 'MiB', { max: 1536, text: '≤ 1.5 GB' }),
  );

  // The alternative, on the same names and the same queries.
  const interactive = sameInteractiveQueries(1000).slice(0, TRGM_QUERIES);
  const ours = engineTimes(index, interactive);
  const texts = interactive.map(queryText);
  const batchTexts = batchQueries.slice(0, TRGM_BATCH_ROWS).map(queryText);
  figures.push(figure(`Engine p95 on the ${TRGM_QUERIES} queries sent to pg_trgm`, ours.p95Ms, 'ms'));
  const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const { database, dispose } = await openBenchDatabase(kind);
    try {
      const load = await loadTrgmNames(database, listNames(syntheticRecords(ENGINE_RECORDS, SEED)));
      const times = await timeTrgmQueries(database, texts);
      const concurrency = kind === 'postgres' ? 2 : 1;
      const throughput = await trgmThroughput(database, batchTexts, concurrency);
      figures.push(
        figure(`pg_trgm (${kind}): load ${fmt(load.rows)} names + GIN index`, (load.loadMs + load.indexMs) / 1000, 's'),
        figure(`pg_trgm (${kind}) query p50 (${TRGM_QUERIES} of the same queries)`, times.p50Ms, 'ms'),
        figure(`pg_trgm (${kind}) query p95`, times.p95Ms, 'ms'),
        figure(`p95 ratio: pg_trgm (${kind}) ÷ engine`, times.p95Ms / Math.max(ours.p95Ms, 0.001), '×'),
        figure(`pg_trgm (${kind}) batch rate (${TRGM_BATCH_ROWS} rows, ${concurrency} connection${concurrency > 1 ? 's' : ''})`, throughput.rowsPerSec, 'rows/s'),
        figure(`rows/s ratio: engine (2 workers) ÷ pg_trgm (${kind})`, batch.rowsPerSec / throughput.rowsPerSec, '×'),
      );
    } finally {
      await dispose();
    }
  }
  return figures;
}
