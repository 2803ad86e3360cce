/** ADR 103: the screening threads start and warm once the index is open, and stay for later batches. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { seedLists } from '#test/results-setup';
import { closeScreeningPool, currentScreening, isScreeningPoolKept, isScreeningPoolRunning, runningScreeningPool, screenChunkRows, screeningPoolState, versionIdsOf } from './screener';
import { warmScreeningThreads } from './thread-warmup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 1000, batchScreenWorkers: 1 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  await seedLists(t);
}, 60_000);
afterEach(() => closeScreeningPool());
afterAll(() => t.close());

describe('warming the screening threads', () => {
  it('starts them, screens people of the lists on them, and keeps them for the batches after it', async () => {
    expect(isScreeningPoolRunning()).toBe(false);
    const warm = await warmScreeningThreads(t.ctx);
    // Four chunks of 1,000 rows, drawn from the three NPPES providers again and again.
    expect(warm).toMatchObject({ rows: 4000 });
    expect(isScreeningPoolKept()).toBe(true);
    const after = await screeningPoolState();
    // One slice per chunk on the one thread: the rows were screened there, not on this thread.
    expect(after?.messagesSent).toBe(4);
    // A batch chunk after it screens on the same threads, which hold the same index.
    const { index, keyed, version } = await currentScreening(t.ctx);
    const rows = Array.from({ length: 600 }, (_, i) => ({ rowIndex: i, uniqueId: null, values: { 'First Name': 'Kathleen', 'Last Name': 'Brennan' } }));
    const [slice] = await screenChunkRows(t.ctx, index, rows, (part) => ({ types: ['Exclusion Search by Individual Name'], rows: part, dmfLoaded: keyed.dmfLoaded, keyed: { nppes: [], dmf: [] }, keyedVersion: keyed.indexVersion, versions: [...versionIdsOf(version)] }));
    expect(slice.results.length).toBeGreaterThan(0);
    expect(await screeningPoolState()).toEqual({ ...after, messagesSent: 5 });
    expect(isScreeningPoolKept()).toBe(true);
  });

  it('replaces the kept threads when one of them ends, and keeps the new ones', async () => {
    await warmScreeningThreads(t.ctx);
    const warmed = await runningScreeningPool();
    // A task that ends its thread: the pool fails, and its pending work is rejected.
    await expect(warmed!.runTask(new URL('../../../test/exit-task.ts', import.meta.url), [{}], warmed!.indexVersion)).rejects.toThrow(/exited/);
    expect(warmed!.hasFailed).toBe(true);
    const { index, keyed, version } = await currentScreening(t.ctx);
    const rows = Array.from({ length: 600 }, (_, i) => ({ rowIndex: i, uniqueId: null, values: { 'First Name': 'Kathleen', 'Last Name': 'Brennan' } }));
    const [slice] = await screenChunkRows(t.ctx, index, rows, (part) => ({ types: ['Exclusion Search by Individual Name'], rows: part, dmfLoaded: keyed.dmfLoaded, keyed: { nppes: [], dmf: [] }, keyedVersion: keyed.indexVersion, versions: [...versionIdsOf(version)] }));
    expect(slice.results.length).toBeGreaterThan(0);
    const now = await runningScreeningPool();
    expect(now).not.toBe(warmed);
    expect(now!.hasFailed).toBe(false);
    expect(isScreeningPoolKept()).toBe(true);
  });

  it('starts none where turned off (SCREEN_THREADS_WARM=false) or where chunks screen on the job thread', async () => {
    expect(await warmScreeningThreads({ ...t.ctx, config: { ...t.ctx.config, screenThreadsWarm: false } })).toBeNull();
    expect(await warmScreeningThreads({ ...t.ctx, config: { ...t.ctx.config, batchScreenWorkers: 0 } })).toBeNull();
    expect(isScreeningPoolRunning()).toBe(false);
  });

  it('starts none for a process stopping meanwhile', async () => {
    expect(await warmScreeningThreads(t.ctx, () => true)).toBeNull();
    expect(isScreeningPoolRunning()).toBe(false);
  });
});
