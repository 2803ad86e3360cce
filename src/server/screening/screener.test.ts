import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#engine/index-builder';
import { PartedIndex } from '#engine/index-parts';
import { screenMany } from '#engine/screen';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import { closeScreeningPool, movePoolTo, POOL_MIN_ROWS, screenerFor, screeningPoolState } from './screener';

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
    expect(await screeningPoolState()).toEqual({ version: 'leie:1,sam:1', partsSent: 4 });
  });
});
