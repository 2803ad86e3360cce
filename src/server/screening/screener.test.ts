import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#engine/index-builder';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import { closeScreeningPool, POOL_MIN_ROWS, releaseStalePool, screenerFor } from './screener';

afterAll(() => closeScreeningPool());

describe('releaseStalePool', () => {
  it('ends the worker threads of an old index at a swap, keeps those of the index in force', async () => {
    const index = buildIndex(syntheticRecords(1500, 3), { version: 'leie:1', shared: true });
    const ctx = { config: { batchScreenWorkers: 1 } };
    const queries = syntheticIndividuals(POOL_MIN_ROWS, 4);
    const results = await screenerFor(ctx, index, queries.length)(queries, {});
    expect(results).toHaveLength(queries.length);
    expect(await releaseStalePool('leie:1')).toBe(false);
    expect(await releaseStalePool('leie:2')).toBe(true);
    // Gone: nothing left to release; the next big chunk starts a new pool.
    expect(await releaseStalePool('leie:2')).toBe(false);
    expect(await screenerFor(ctx, index, queries.length)(queries.slice(0, POOL_MIN_ROWS), {})).toHaveLength(POOL_MIN_ROWS);
  });
});
