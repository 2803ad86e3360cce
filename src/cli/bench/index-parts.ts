/**
 * Bench of the index in parts (ADR 068) against one index, on the same 1,000,000 synthetic records
 * in memory: the cost per search of screening k parts and merging (interleaved, query by query),
 * the batch on two worker threads, and whether the answers are the same at this size (candidate
 * budgets such as the postings volume left to scoring apply per index, so they are counted here).
 */
import { interactiveQueries } from '#engine/bench';
import { IndexBuilder } from '#engine/index-builder';
import { PartedIndex, partNameOf } from '#engine/index-parts';
import type { SearchIndex } from '#engine/index-parts';
import type { ScreenQuery, ScreenResult } from '#engine/query-types';
import { screen } from '#engine/screen';
import { lexiconOf } from '#engine/parts-lexicon';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { ListRecord } from '#shared/list-record';
import { loadavg } from 'node:os';
import { ScreeningPool } from '../../engine-runtime/worker-pool';
import { figure, percentile, type Figure } from './measure';

const RECORDS = 1_000_000;
const SEED = 42;
const QUERIES = 1000;
const BATCH_ROWS = 20_000;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A result with hit ordinals replaced by the record they name (ordinals differ between the two). */
const comparable = (r: ScreenResult): string => JSON.stringify({ ...r, indexVersion: '', hits: r.hits.map((h) => ({ ...h, record: { ...h.record, ordinal: 0 } })) });

function build(): { whole: SearchIndex; parts: PartedIndex; sample: ListRecord[] } {
  const whole = new IndexBuilder({ version: 'bench', shared: true });
  const builders = new Map<string, IndexBuilder>();
  const sample: ListRecord[] = [];
  let i = 0;
  for (const r of syntheticRecords(RECORDS, SEED)) {
    if (i++ % 97 === 0) sample.push(r);
    whole.add(r);
    const name = partNameOf(r.source);
    let b = builders.get(name);
    if (!b) builders.set(name, (b = new IndexBuilder({ version: name, shared: true })));
    b.add(r);
  }
  const names = [...builders.keys()].sort();
  return { whole: whole.finish(), parts: new PartedIndex('bench', names.map((name) => ({ name, index: builders.get(name)!.finish() }))), sample };
}

async function batchRate(index: SearchIndex, queries: ScreenQuery[]): Promise<{ rowsPerSec: number; cpuPerK: number }> {
  const pool = await ScreeningPool.create(index, { size: 2 });
  try {
    // A few rows first, on both threads: what a worker makes at its first search (the parts' dictionary) is not per row.
    await pool.screenBatch(queries.slice(0, 8));
    const cpu = cpuMs();
    const t = performance.now();
    await pool.screenBatch(queries);
    const ms = performance.now() - t;
    return { rowsPerSec: queries.length / (ms / 1000), cpuPerK: ((cpuMs() - cpu) / queries.length) * 1000 };
  } finally {
    await pool.close();
  }
}

export async function benchIndexParts(): Promise<Figure[]> {
  const load = [loadavg()[0]];
  const { whole, parts, sample } = build();
  // The parts' dictionary (ADR 070), made at the first search of a new parted index: timed on its own.
  const lexCpu = cpuMs();
  const lex = lexiconOf(parts);
  const lexMs = cpuMs() - lexCpu;
  const options = [{}, { limit: 101 }, { algorithm: 'Exact' as const, limit: 101 }];
  const queries = interactiveQueries(sample, QUERIES, SEED + 2);
  for (const q of queries.slice(0, 20)) {
    screen(whole, q);
    screen(parts, q);
  }
  const times = { whole: [] as number[], parts: [] as number[] };
  const cpu = { whole: 0, parts: 0 };
  let differ = 0;
  const examples: string[] = [];
  queries.forEach((q, i) => {
    const o = options[i % options.length];
    // Interleaved, the order alternating: neither side always runs on a warm cache.
    const sides = i % 2 ? (['whole', 'parts'] as const) : (['parts', 'whole'] as const);
    const answers: Record<string, ScreenResult> = {};
    for (const side of sides) {
      const c = cpuMs();
      const t = performance.now();
      answers[side] = screen(side === 'whole' ? whole : parts, q, o);
      times[side].push(performance.now() - t);
      cpu[side] += cpuMs() - c;
    }
    if (comparable(answers.whole) !== comparable(answers.parts)) {
      differ += 1;
      if (examples.length < 3) examples.push(JSON.stringify(q));
    }
  });
  if (examples.length) process.stderr.write(`index-parts: queries answered differently, e.g. ${examples.join(' ')}\n`);
  load.push(loadavg()[0]);
  const batch = syntheticIndividuals(BATCH_ROWS, SEED + 3);
  const bw = await batchRate(whole, batch);
  const bp = await batchRate(parts, batch);
  load.push(loadavg()[0]);
  for (const t of Object.values(times)) t.sort((a, b) => a - b);
  return [
    figure(`index-parts: ${RECORDS.toLocaleString('en-US')} records in parts`, parts.parts.length, `parts (${parts.parts.map((p) => `${p.name} ${Math.round(p.index.recordCount / 1000)}k`).join(', ')})`),
    figure(`index-parts: ${QUERIES} searches answered differently by the parts than by one index`, differ, 'searches', { max: 0, text: '0' }),
    figure('index-parts: search p50, one index / parts', percentile(times.whole, 50), `ms / ${percentile(times.parts, 50).toFixed(2)} ms`),
    figure('index-parts: search p95, one index', percentile(times.whole, 95), 'ms', { max: 20, text: '≤ 20 ms' }),
    figure('index-parts: search p95, parts', percentile(times.parts, 95), 'ms', { max: 20, text: '≤ 20 ms' }),
    figure('index-parts: CPU per search, one index / parts', cpu.whole / QUERIES, `ms / ${(cpu.parts / QUERIES).toFixed(2)} ms`),
    figure('index-parts: CPU per search, parts / one index', cpu.parts / cpu.whole, '×', { max: 1.2, text: '≤ 1.2×' }),
    figure(`index-parts: the parts' dictionary (${lex.tokens.length.toLocaleString('en-US')} tokens), CPU to make`, lexMs, 'ms'),
    figure(`index-parts: batch of ${BATCH_ROWS.toLocaleString('en-US')} on 2 workers, one index / parts`, bw.rowsPerSec, `rows/s / ${Math.round(bp.rowsPerSec)} rows/s`),
    figure('index-parts: batch CPU per 1,000 rows, one index / parts', bw.cpuPerK, `ms / ${bp.cpuPerK.toFixed(0)} ms`),
    figure('index-parts: batch CPU per row, parts / one index', bp.cpuPerK / bw.cpuPerK, '×', { max: 1.2, text: '≤ 1.2×' }),
    figure('index-parts: load average (start of the run)', load[0], `(then ${load.slice(1).map((l) => l.toFixed(1)).join(', ')})`),
  ];
}
