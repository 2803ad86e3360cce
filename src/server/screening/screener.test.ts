import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#engine/index-builder';
import { PartedIndex } from '#engine/index-parts';
import { screenMany } from '#engine/screen';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { IndexStore } from './index-store';
import { closeScreeningPool, movePoolTo, POOL_MIN_ROWS, screenerFor, screeningPoolState, warmScreeningPool } from './screener';

afterAll(() => closeScreeningPool());

describe('movePoolTo (ADR 068)', () => {
  it('hands the worker threads the new index at a swap: only its new part, the unchanged one stays', async () => {
    const records = [...syntheticRecords(1500, 3)];
    const leie = buildIndex(records.filter((r) => r.source === 'leie'), { version: 'leie:1', shared: true });
    const sam1 = buildIndex(records.filter((r) => r.source === 'sam'), { version: 'sam:1', shared: true });
    const sam2 = buildIndex(records.filter((r) => r.source === 'sam').slice(0, 100), { version: 'sam:2', shared: true });
    const old = new PartedIndex('leie:1,sam:1', [{ name: 'leie', index: leie }, { name: 'sam', index: sam1 }]);
    const next = new PartedIndex('leie:1,sam:2', [{ name: 'leie', index: leie }, { name: 'sam', index: sam2 }]);
    const ctx = { config: { batchScreenWorkers: 1 } };
    const queries = syntheticIndividuals(POOL_MIN_ROWS, 4);
    expect(await screenerFor(ctx, old, queries.length)(queries, {})).toEqual(screenMany(old, queries));
    expect(await movePoolTo(old)).toBe(false);
    expect(await movePoolTo(next)).toBe(true);
    const after = await screenerFor(ctx, next, queries.length)(queries, {});
    expect(after).toEqual(screenMany(next, queries));
    expect(after[0].indexVersion).toBe('leie:1,sam:2');
    // A caller still on the old index gets its answers too: its part is handed back, the shared one is not.
    expect(await screenerFor(ctx, old, queries.length)(queries, {})).toEqual(screenMany(old, queries));
    // leie and sam:1 at the start, sam:2 at the swap, sam:1 again for the caller on the old index: never leie again.
    expect(await screeningPoolState()).toMatchObject({ version: 'leie:1,sam:1', partsSent: 4 });
  });
});

describe('warmScreeningPool (ADR 088)', () => {
  it('starts the threads ahead of a batch whose chunks they will screen, and not for one screened on this thread', async () => {
    await closeScreeningPool();
    const index = new PartedIndex('leie:9', [{ name: 'leie', index: buildIndex([...syntheticRecords(300, 8)], { version: 'leie:9', shared: true }) }]);
    const ctx = (config: { batchScreenWorkers: number; batchChunkRows: number }) => ({ db: null as never, screening: { getIndex: async () => index } as unknown as IndexStore, config });
    // Chunks of 400 rows, or a batch of 300, or no threads: screened on the job's thread, nothing started.
    expect(await warmScreeningPool(ctx({ batchScreenWorkers: 1, batchChunkRows: 400 }), 5000)).toBe(false);
    expect(await warmScreeningPool(ctx({ batchScreenWorkers: 1, batchChunkRows: 1000 }), 300)).toBe(false);
    expect(await warmScreeningPool(ctx({ batchScreenWorkers: 0, batchChunkRows: 1000 }), 5000)).toBe(false);
    expect(await screeningPoolState()).toBeNull();
    expect(await warmScreeningPool(ctx({ batchScreenWorkers: 1, batchChunkRows: 1000 }), 5000)).toBe(true);
    expect(await screeningPoolState()).toMatchObject({ version: 'leie:9', partsSent: 1 });
  });
});
