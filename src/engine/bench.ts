/** Benchmark of the engine alone: index build, interactive latency, batch throughput, memory. */
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { IndexBuilder } from './index-builder';
import type { MatchIndex } from './match-index';
import type { ScreenQuery } from './query-types';
import { screen } from './screen';
import { seededRandom, syntheticFirstName, syntheticIndividuals, syntheticNpi, syntheticRecords, syntheticSurname } from './synthetic-records';

export interface BenchOptions {
  /** Synthetic list records with names (LEIE/SAM/OFAC/state mix). */
  records: number;
  /** Extra NPPES-style records (exact NPI map only). */
  nppesRecords?: number;
  /** Interactive queries timed one by one. */
  interactiveQueries?: number;
  /** Rows in the single-thread batch. */
  batchRows?: number;
  seed?: number;
  /** Build the index on shared memory (what the worker pool wants). */
  shared?: boolean;
  /** Resident memory in bytes (the caller passes process.memoryUsage.rss; the engine does no I/O). */
  memory?: () => number;
  /** CPU time of the process in ms (the caller passes process.cpuUsage; the engine does no I/O): load on a shared
   * machine stretches wall time far more than CPU time, so before/after comparisons read this one. */
  cpuMs?: () => number;
  /** Called between phases so long runs can report progress. */
  onPhase?: (phase: string) => void;
}

export interface BenchResult {
  records: number;
  nppesRecords: number;
  tokens: number;
  nameEntries: { person: number; business: number };
  npiKeys: number;
  buildMs: number;
  interactive: { queries: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; cpuMsPerQuery: number | null };
  batch: { rows: number; ms: number; rowsPerSec: number; hits: number; cpuMsPer1000Rows: number | null };
  /** Highest resident memory seen (MB), when a memory probe was given. */
  peakRssMb: number | null;
  index: MatchIndex;
  batchQueries: ScreenQuery[];
}

/** Queries a reviewer types: list names with typos, nicknames, swaps, plus clean names and businesses. */
export function interactiveQueries(records: ListRecord[], n: number, seed: number): ScreenQuery[] {
  const rnd = seededRandom(seed);
  const out: ScreenQuery[] = [];
  const typo = (s: string): string => (s.length < 4 ? s : s.slice(0, 2) + s[3] + s[2] + s.slice(4));
  for (let i = 0; i < n; i++) {
    const r = records[Math.floor(rnd() * records.length)];
    const k = rnd();
    if (r.kind === 'business' && r.businessName) out.push({ type: 'business', name: k < 0.5 ? r.businessName : typo(r.businessName) });
    else if (k < 0.25) out.push({ type: 'individual', firstName: r.firstName ?? '', lastName: typo(r.lastName ?? '') });
    else if (k < 0.45) out.push({ type: 'individual', firstName: r.lastName ?? '', lastName: r.firstName ?? '', dateOfBirth: r.dateOfBirth });
    else out.push({ type: 'individual', firstName: syntheticFirstName(rnd), lastName: syntheticSurname(rnd), state: r.state });
  }
  return out;
}

function* nppesRecords(n: number, seed: number): Generator<ListRecord> {
  const rnd = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    const npi = syntheticNpi(rnd);
    const r = emptyListRecord('nppes', npi, 'person');
    r.npi = npi;
    r.firstName = syntheticFirstName(rnd);
    r.lastName = syntheticSurname(rnd);
    r.extra = rnd() < 0.03 ? { entityType: '1', deactivationDate: '2019-05-01' } : { entityType: '1' };
    yield r;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** Builds an index over synthetic records and measures it; returns the figures (and the index). */
export function runBench(options: BenchOptions): BenchResult {
  const seed = options.seed ?? 42;
  const mem = options.memory;
  let peak = mem ? mem() : 0;
  const sample = (): void => {
    if (mem) peak = Math.max(peak, mem());
  };
  options.onPhase?.('build');
  const t0 = performance.now();
  const builder = new IndexBuilder({ version: `bench-${options.records}`, shared: options.shared ?? false });
  const sampleForQueries: ListRecord[] = [];
  let i = 0;
  for (const r of syntheticRecords(options.records, seed)) {
    builder.add(r);
    if (i++ % 97 === 0) sampleForQueries.push(r);
    if (i % 100_000 === 0) sample();
  }
  for (const r of nppesRecords(options.nppesRecords ?? 0, seed + 1)) builder.add(r);
  sample();
  const index = builder.finish();
  const buildMs = performance.now() - t0;
  sample();

  options.onPhase?.('interactive');
  const queries = interactiveQueries(sampleForQueries, options.interactiveQueries ?? 1000, seed + 2);
  for (const q of queries.slice(0, 50)) screen(index, q); // warm-up (JIT), not timed
  const times: number[] = [];
  const cpu = options.cpuMs;
  const cpuInteractive = cpu?.() ?? 0;
  for (const q of queries) {
    const t = performance.now();
    screen(index, q);
    times.push(performance.now() - t);
  }
  const interactiveCpuMs = cpu ? cpu() - cpuInteractive : null;
  times.sort((a, b) => a - b);
  sample();

  options.onPhase?.('batch');
  const batchQueries = syntheticIndividuals(options.batchRows ?? 10_000, seed + 3);
  const cpuBatch = cpu?.() ?? 0;
  const tb = performance.now();
  let hits = 0;
  for (const q of batchQueries) {
    hits += screen(index, q).hits.length;
    if (hits % 1000 === 0) sample();
  }
  const batchMs = performance.now() - tb;
  const batchCpuMs = cpu ? cpu() - cpuBatch : null;
  sample();
  const stats = index.stats();
  return {
    records: options.records,
    nppesRecords: options.nppesRecords ?? 0,
    tokens: stats.tokens,
    nameEntries: stats.nameEntries,
    npiKeys: stats.npiKeys,
    buildMs: Math.round(buildMs),
    interactive: { queries: times.length, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), p99Ms: round(percentile(times, 99)), maxMs: round(times[times.length - 1] ?? 0), cpuMsPerQuery: interactiveCpuMs === null || !times.length ? null : round(interactiveCpuMs / times.length) },
    batch: { rows: batchQueries.length, ms: Math.round(batchMs), rowsPerSec: Math.round(batchQueries.length / (batchMs / 1000)), hits, cpuMsPer1000Rows: batchCpuMs === null || !batchQueries.length ? null : round((batchCpuMs / batchQueries.length) * 1000) },
    peakRssMb: mem ? Math.round(peak / 1048576) : null,
    index,
    batchQueries,
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
