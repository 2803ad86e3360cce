/**
 * Never a silent miss (issue 50): a chunk's claim fences its write (a late write from an attempt
 * handed back to another is refused, on both databases and both write paths), a write of fewer
 * rows than the chunk's is refused, and the batch completes only when the completion check finds
 * every chunk's outcome whole in the data; a chunk that is not is screened again.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchChunks, batches, batchResults } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { PROCESS_CLAIM, screenChunk, startBatch } from './processing';
import { incompleteChunks } from './completion-check';
import { IncompleteChunkWrite, startChunkAttempt, writeChunk } from './processing-queries';

const now = new Date('2026-04-02T09:00:00Z');
let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 }, { samplesAt: now });
  t.setNow(now);
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

// Rows 0 and 2 are on the shipped LEIE sample: each chunk of two rows has a finding.
const CSV = 'First Name,Last Name\nChristopher,Davis\nZqxa,Wlorp\nChristopher,Davis\nQuinta,Vrask\n';
const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];
const chunkOf = async (id: number, chunkIndex: number) => (await t.ctx.db.select().from(batchChunks).where(and(eq(batchChunks.batchId, id), eq(batchChunks.chunkIndex, chunkIndex))))[0];
const resultRows = async (id: number) => (await t.ctx.db.select({ rowIndex: batchResults.rowIndex }).from(batchResults).where(eq(batchResults.batchId, id))).map((r) => r.rowIndex).sort();
const result = (batchId: number, rowIndex: number) => ({ batchId, rowIndex, resultType: 'exclusions', searchType: 'Exclusion Search by Individual Name', source: 'leie', sourceRecordId: `late-${rowIndex}`, searchCriteriaKey: `row ${rowIndex}`, reviewStatus: 'NONCLEARED', createdAt: now });

async function newBatch(): Promise<number> {
  const batchId = await submitBatch(await signedIn(t, user), CSV);
  await startBatch(t.ctx, batchId, async () => undefined);
  return batchId;
}

describe('a chunk’s claim', () => {
  for (const sliceRows of [undefined, 1]) {
    it(`refuses the late write of an attempt handed back to another${sliceRows ? ' (results in slices, PGlite’s way)' : ''}`, async () => {
      const batchId = await newBatch();
      // The first attempt claims chunk 0, then its process stops beating and the chunk is handed back.
      const first = await startChunkAttempt(t.ctx.db, batchId, 0, now, 'dead-host:1:aaaaaa');
      const second = await startChunkAttempt(t.ctx.db, batchId, 0, now, PROCESS_CLAIM);
      expect(first!.claim).toBe('1@dead-host:1:aaaaaa');
      expect(second!.claim).toBe(`2@${PROCESS_CLAIM}`);
      // The first one's write arrives late: refused, and nothing of it is kept.
      const late = { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(batchId, 0), result(batchId, 1)], usage: [], now, claim: first!.claim, rowsScreened: 2, sliceRows, isFirstAttempt: true };
      expect(await writeChunk(t.ctx.db, late)).toBe('superseded');
      expect(await resultRows(batchId)).toEqual([]);
      expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'pending', writtenBy: null });
      // The attempt holding the claim writes, and is named as the chunk's writer.
      expect(await writeChunk(t.ctx.db, { ...late, claim: second!.claim, isFirstAttempt: false })).toBe('written');
      expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'done', writtenBy: second!.claim, rowsScreened: 2, resultsWritten: 2 });
      expect(await resultRows(batchId)).toEqual([0, 1]);
      // A claim taken after it was done changes nothing: the chunk keeps its writer.
      expect(await startChunkAttempt(t.ctx.db, batchId, 0, now, 'another:2:bbbbbb')).toMatchObject({ status: 'done', claim: second!.claim });
    });
  }

  it('lets a failing attempt handed back to another fail nothing', async () => {
    const batchId = await newBatch();
    const { failChunk } = await import('./processing-queries');
    const first = await startChunkAttempt(t.ctx.db, batchId, 0, now, 'dead-host:1:aaaaaa');
    await startChunkAttempt(t.ctx.db, batchId, 0, now, PROCESS_CLAIM);
    expect(await failChunk(t.ctx.db, batchId, 0, 'late failure', true, first!.claim)).toBe(false);
    expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'pending', error: null });
  });

  it('refuses a write of fewer rows than the chunk has', async () => {
    const batchId = await newBatch();
    const attempt = await startChunkAttempt(t.ctx.db, batchId, 0, now, PROCESS_CLAIM);
    const write = { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(batchId, 0)], usage: [], now, claim: attempt!.claim, rowsScreened: 1 };
    await expect(writeChunk(t.ctx.db, write)).rejects.toBeInstanceOf(IncompleteChunkWrite);
    expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'pending' });
  });

  it('refuses to mark a chunk done when its results in the table are not the ones it wrote', async () => {
    const batchId = await newBatch();
    const attempt = await startChunkAttempt(t.ctx.db, batchId, 0, now, PROCESS_CLAIM);
    // A result in the chunk's rows that this write did not give (a first attempt clears nothing
    // before its slices) makes the count differ: the chunk is not marked done, its own slices go.
    await t.ctx.db.insert(batchResults).values(result(batchId, 1));
    const write = { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(batchId, 0)], usage: [], now, claim: attempt!.claim, rowsScreened: 2, sliceRows: 1, isFirstAttempt: true };
    await expect(writeChunk(t.ctx.db, write)).rejects.toBeInstanceOf(IncompleteChunkWrite);
    expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'pending' });
    expect(await resultRows(batchId)).toEqual([1]);
  });
});

describe('the completion check', () => {
  it('does not complete a batch whose chunk was marked done without its outcome: the chunk is screened again', async () => {
    const batchId = await newBatch();
    await screenChunk(t.ctx, batchId, 0);
    // Chunk 0 ends up "done" with its results gone (what the crash of issue 50 left): the old
    // completion counted chunks done and completed the batch with rows 0–1 as "No match".
    await t.ctx.db.delete(batchResults).where(and(eq(batchResults.batchId, batchId), sql`${batchResults.rowIndex} < 2`));
    expect(await incompleteChunks(t.ctx.db, batchId)).toEqual([
      { chunkIndex: 0, reason: expect.stringMatching(/^0 results in the table, [1-9]\d* written$/) },
      { chunkIndex: 1, reason: 'not done' },
    ]);
    await screenChunk(t.ctx, batchId, 1);
    const after = await batchOf(batchId);
    expect(after.status).toBe('Processing');
    expect(await chunkOf(batchId, 0)).toMatchObject({ status: 'pending', writtenBy: null });
    // Chunk 0 was queued again; once it runs, the batch completes with both chunks' findings.
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4 });
    const rows = await resultRows(batchId);
    expect(rows).toContain(0);
    expect(rows).toContain(2);
    const events = (await t.ctx.db.execute(sql`SELECT kind FROM batch_events WHERE batch_id = ${batchId} ORDER BY id`)) as unknown as { rows: { kind: string }[] };
    expect(events.rows.map((e) => e.kind)).toEqual(expect.arrayContaining(['rescreened', 'completed']));
  });

  it('finds a chunk written by an attempt other than its claim, or with fewer rows screened', async () => {
    const batchId = await newBatch();
    await screenChunk(t.ctx, batchId, 0);
    await screenChunk(t.ctx, batchId, 1);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed' });
    expect(await incompleteChunks(t.ctx.db, batchId)).toEqual([]);
    await t.ctx.db.update(batchChunks).set({ claim: '9@elsewhere' }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
    await t.ctx.db.update(batchChunks).set({ rowsScreened: 1 }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 1)));
    expect(await incompleteChunks(t.ctx.db, batchId)).toEqual([
      { chunkIndex: 0, reason: 'not written by its claim' },
      { chunkIndex: 1, reason: '1 of 2 rows screened' },
    ]);
  });
});
