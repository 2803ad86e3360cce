/**
 * The engine alone on one thread (no database, no workers): `npx tsx scripts/engine-bench.ts [records]`.
 * Prints one JSON line: build time, interactive p50/p95 and CPU time per query, batch rows/s and CPU time
 * per 1,000 rows. Meant for before/after comparisons on a shared machine: run both builds interleaved and
 * compare the CPU figures, which other load hardly moves (ADR 043).
 */
import { runBench } from '../src/engine/bench';

const records = Number(process.argv[2]) || 1_000_000;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const r = runBench({ records, interactiveQueries: 1000, batchRows: 10_000, cpuMs, memory: () => process.memoryUsage.rss() });
const { index: _index, batchQueries: _queries, ...figures } = r;
console.log(JSON.stringify(figures));
