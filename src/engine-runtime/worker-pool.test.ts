import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromTransferable, toTransferable } from '../engine/index-transfer';
import { buildIndex } from '../engine/index-builder';
import type { MatchIndex } from '../engine/match-index';
import { screenMany } from '../engine/screen';
import { syntheticIndividuals, syntheticRecords } from '../engine/synthetic-records';
import { matchedOnLine } from '#shared/match-words';
import { PartedIndex } from '../engine/index-parts';
import { lexiconOf } from '../engine/parts-lexicon';
import { balancedChunkSize, ScreeningPool, SCREENING_YOUNG_GENERATION_MB } from './worker-pool';

let index: MatchIndex;
let pool: ScreeningPool;

beforeAll(async () => {
  index = buildIndex(syntheticRecords(3000, 5), { version: 'pool-test' });
  pool = await ScreeningPool.create(index, { size: 2, chunkSize: 40 });
});

afterAll(async () => {
  await pool?.close();
});

describe('index transfer', () => {
  it('revives an equivalent index from shared memory', () => {
    const t = toTransferable(index);
    expect(t.entry.tokens.buffer).toBeInstanceOf(SharedArrayBuffer);
    const revived = fromTransferable(structuredClone(t));
    const queries = syntheticIndividuals(50, 9);
    expect(JSON.stringify(screenMany(revived, queries))).toBe(JSON.stringify(screenMany(index, queries)));
    expect(revived.stats()).toEqual(index.stats());
  });
});

describe('ScreeningPool', () => {
  it('screens a batch on two worker threads with the same results and order as one thread', async () => {
    const queries = [...syntheticIndividuals(300, 11), { type: 'npi' as const, npi: 'bad' }];
    const parallel = await pool.screenBatch(queries, { minScore: 0.6 });
    expect(pool.size).toBe(2);
    expect(parallel).toHaveLength(queries.length);
    expect(JSON.stringify(parallel)).toBe(JSON.stringify(screenMany(index, queries, { minScore: 0.6 })));
    expect(parallel.at(-1)?.status).toBe('invalid');
    expect(parallel[0].indexVersion).toBe('pool-test');
  });

  it('answers light hits (ordinal, score, why in one line) for the same records as full hits', async () => {
    const queries = syntheticIndividuals(120, 13);
    const light = await pool.screenLight(queries, { minScore: 0.6 });
    const full = screenMany(index, queries, { minScore: 0.6 });
    expect(light.flatMap((r) => r.hits).length).toBeGreaterThan(0);
    expect(light).toEqual(full.map((r) => ({ ...r, hits: r.hits.map((h) => ({ ordinal: h.record.ordinal, score: h.score, isMatch: h.isMatch, matchedOn: matchedOnLine(h.explanation) })) })));
    // The ordinal reads back the hit's own record from the index.
    const first = full.find((r) => r.hits.length)!.hits[0];
    expect(index.recordView(first.record.ordinal)).toEqual(first.record);
  });

  it('keeps the event loop free while a batch runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await pool.screenBatch(syntheticIndividuals(1500, 12));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('balancedChunkSize', () => {
  it('gives each worker the same share: 900 names in four chunks of 225 on two workers, not 250, 250, 250 and 150', () => {
    expect(balancedChunkSize(900, 2, 250)).toBe(225);
    expect(balancedChunkSize(1000, 2, 250)).toBe(250);
    expect(balancedChunkSize(501, 2, 250)).toBe(126);
    expect(balancedChunkSize(3, 4, 250)).toBe(1);
    expect(balancedChunkSize(0, 2, 250)).toBe(250);
  });

  it('never makes a chunk larger than asked, and every query lands in a chunk', () => {
    for (const [count, workers, most] of [[900, 2, 250], [7, 3, 2], [10_001, 4, 250], [1, 1, 1]]) {
      const size = balancedChunkSize(count, workers, most);
      expect(size).toBeGreaterThan(0);
      expect(size).toBeLessThanOrEqual(most);
      expect(Math.ceil(count / size) * size).toBeGreaterThanOrEqual(count);
    }
  });
});

describe('ScreeningPool and the parts’ dictionary (ADR 077)', () => {
  it('hands the workers the dictionary made before: their first search on the index makes none', async () => {
    const records = [...syntheticRecords(3000, 8)];
    const a = buildIndex(records.slice(0, 1500), { version: 'a' });
    const b = buildIndex(records.slice(1500), { version: 'b' });
    const queries = syntheticIndividuals(60, 4);
    const lazy = new PartedIndex('lazy', [
      { name: 'a', index: a },
      { name: 'b', index: b },
    ]);
    const own = await ScreeningPool.create(lazy, { size: 2, chunkSize: 20 });
    try {
      await own.screenBatch(queries);
      // Not made before: each worker made its own at its first search.
      expect(await own.lexiconsMade()).toEqual([1, 1]);
      const prepared = new PartedIndex('prepared', [...lazy.parts]);
      lexiconOf(prepared);
      own.use(prepared, true);
      const answers = await own.screenBatch(queries);
      expect(await own.lexiconsMade()).toEqual([1, 1]);
      expect(JSON.stringify(answers)).toBe(JSON.stringify(screenMany(prepared, queries)));
    } finally {
      await own.close();
    }
  });
});

describe('the screening threads’ priority (ADR 088)', () => {
  /** The nice value of one of this process's threads, as the kernel holds it (/proc/self/task/<tid>/stat, field 19). */
  const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

  it.runIf(process.platform === 'linux')('runs the threads that many nice steps below the process, and leaves them alone by default', async () => {
    const base = getPriority(process.pid);
    const want = Math.min(19, base + 4);
    expect(pool.threadNices).toEqual([null, null]);
    const before = new Set(readdirSync('/proc/self/task'));
    const lowered = await ScreeningPool.create(index, { size: 2, nice: 4 });
    try {
      expect(lowered.threadNices).toEqual([want, want]);
      // Every thread the pool started runs below: the screening threads, and those their boot
      // started (the module loader's), since each lowers itself first (ADR 098).
      const started = readdirSync('/proc/self/task').filter((tid) => !before.has(tid));
      expect(started.length).toBeGreaterThanOrEqual(2);
      expect(started.map(niceOf)).toEqual(started.map(() => want));
      // They screen as any other pool does.
      const queries = syntheticIndividuals(40, 3);
      expect(JSON.stringify(await lowered.screenBatch(queries))).toBe(JSON.stringify(screenMany(index, queries)));
    } finally {
      await lowered.close();
    }
  });
});

describe('the screening threads’ young generation (ADR 097)', () => {
  it('gives each thread 64 MB semi-spaces by default, or what the pool is asked for', async () => {
    expect(pool.threadYoungGenerationMbs).toEqual([SCREENING_YOUNG_GENERATION_MB, SCREENING_YOUNG_GENERATION_MB]);
    expect(SCREENING_YOUNG_GENERATION_MB).toBe(192);
    const small = await ScreeningPool.create(index, { size: 1, youngGenerationMb: 48 });
    try {
      expect(small.threadYoungGenerationMbs).toEqual([48]);
      const queries = syntheticIndividuals(40, 3);
      expect(JSON.stringify(await small.screenBatch(queries))).toBe(JSON.stringify(screenMany(index, queries)));
    } finally {
      await small.close();
    }
  });
});

describe('a thread that ends', () => {
  it('fails the pool, whose pending work is rejected instead of waiting for ever (ADR 103)', async () => {
    const own = await ScreeningPool.create(index, { size: 1 });
    try {
      expect(own.hasFailed).toBe(false);
      const pending = own.screenBatch(syntheticIndividuals(2000, 4), { minScore: 0.6 });
      await (own as unknown as { workers: { terminate(): Promise<number> }[] }).workers[0].terminate();
      await expect(pending).rejects.toThrow(/exited/);
      expect(own.hasFailed).toBe(true);
    } finally {
      await own.close();
    }
  });
});
