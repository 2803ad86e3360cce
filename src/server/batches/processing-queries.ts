/** SQL of batch processing: submission, chunks, rows, record snapshots, the chunk's one write. */
import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findVersionRecords } from '../db/list-records';
import { insertJsonRows } from '../db/json-insert';
import { batchChunks, batchResults, batches, batchRows, usageRecords } from '../db/schema';
import { recordBatchEvent } from './events';
import type { NewBatch } from './queries';

/** Moves a draft to Submitted with its mapping; false when it was no longer a draft. */
export async function markSubmitted(db: Db, batchId: number, set: Partial<NewBatch>): Promise<boolean> {
  const rows = await db.update(batches).set({ ...set, status: 'Submitted' }).where(and(eq(batches.id, batchId), isNull(batches.status))).returning({ id: batches.id });
  return rows.length > 0;
}

/** Creates the chunks once (a re-run finds them) and answers those not done. */
export async function ensureChunks(db: Db, batchId: number, recordCount: number, chunkRows: number) {
  const values = [];
  for (let first = 0, i = 0; first < recordCount; first += chunkRows, i++) values.push({ batchId, chunkIndex: i, firstRow: first, rowCount: Math.min(chunkRows, recordCount - first) });
  for (let i = 0; i < values.length; i += 1000) await db.insert(batchChunks).values(values.slice(i, i + 1000)).onConflictDoNothing();
  return db.select().from(batchChunks).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.status, 'pending'))).orderBy(asc(batchChunks.chunkIndex));
}

/** Counts an attempt at a chunk (outside any transaction, so a crash still counts) and answers it. */
export async function startChunkAttempt(db: Db, batchId: number, chunkIndex: number, now: Date) {
  const [chunk] = await db
    .update(batchChunks)
    .set({ attempts: sql`${batchChunks.attempts} + 1`, startedAt: now })
    .where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, chunkIndex)))
    .returning();
  return chunk ?? null;
}

/** Records why an attempt failed; `isFinal` marks the chunk failed (its attempts ran out). */
export async function failChunk(db: Db, batchId: number, chunkIndex: number, reason: string, isFinal: boolean): Promise<void> {
  await db
    .update(batchChunks)
    .set(isFinal ? { error: reason, status: 'failed' } : { error: reason })
    .where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, chunkIndex), sql`${batchChunks.status} <> 'done'`));
}

export async function readRows(db: Db, batchId: number, firstRow: number, rowCount: number) {
  return db
    .select({ rowIndex: batchRows.rowIndex, values: batchRows.values, uniqueId: batchRows.uniqueId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), gte(batchRows.rowIndex, firstRow), lt(batchRows.rowIndex, firstRow + rowCount)))
    .orderBy(asc(batchRows.rowIndex));
}

/** The full list records behind hits, by (version id, record id): one index probe each (ADR 066). */
export async function readRecords(db: Db, keys: readonly { versionId: number; recordId: string }[]) {
  const out = new Map<string, unknown>();
  const byVersion = new Map<number, Set<string>>();
  for (const k of keys) byVersion.set(k.versionId, (byVersion.get(k.versionId) ?? new Set()).add(k.recordId));
  for (const [versionId, ids] of byVersion) {
    const all = [...ids];
    for (let i = 0; i < all.length; i += 5000) {
      for (const r of await findVersionRecords(db, versionId, all.slice(i, i + 5000))) out.set(`${versionId}|${r.recordId}`, r.data);
    }
  }
  return out;
}

export interface ChunkWrite {
  batchId: number;
  clientId: number;
  chunkIndex: number;
  firstRow: number;
  rowCount: number;
  results: (typeof batchResults.$inferInsert)[];
  usage: (typeof usageRecords.$inferInsert)[];
  now: Date;
  /** Runs in the write transaction once the results are in (review carries clearings forward, ADR 015). */
  afterResults?: (tx: Db) => Promise<unknown>;
  /** Name candidates under the batch's threshold (the threshold preview, ADR 042). */
  nearMisses?: { scores: number[]; rowBest: number[] };
}

export type ChunkWriteOutcome = 'written' | 'already-done' | 'cancelled' | 'completed';

/**
 * Writes a chunk's results and usage, marks it done and updates progress, in one
 * transaction holding the batch row: a crash leaves all or nothing, a re-run replaces.
 */
export async function writeChunk(db: Db, w: ChunkWrite): Promise<ChunkWriteOutcome> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select({ status: batches.status }).from(batches).where(eq(batches.id, w.batchId)).for('update');
    if (!batch || batch.status === 'Batch Kill Requested' || batch.status === 'Cancelled') {
      if (batch?.status === 'Batch Kill Requested') {
        await tx.update(batches).set({ status: 'Cancelled', processedAt: w.now }).where(eq(batches.id, w.batchId));
        await recordBatchEvent(tx as unknown as Db, { batchId: w.batchId, clientId: w.clientId, kind: 'cancelled', userId: null, at: w.now });
      }
      return 'cancelled';
    }
    const [chunk] = await tx.select({ status: batchChunks.status }).from(batchChunks).where(and(eq(batchChunks.batchId, w.batchId), eq(batchChunks.chunkIndex, w.chunkIndex)));
    if (!chunk || chunk.status === 'done') return 'already-done';
    const inChunk = and(eq(batchResults.batchId, w.batchId), gte(batchResults.rowIndex, w.firstRow), lt(batchResults.rowIndex, w.firstRow + w.rowCount));
    await tx.delete(batchResults).where(inChunk);
    await insertJsonRows(tx as unknown as Db, batchResults, w.results);
    if (w.afterResults) await w.afterResults(tx as unknown as Db);
    await insertJsonRows(tx as unknown as Db, usageRecords, w.usage, sql`ON CONFLICT DO NOTHING`);
    await tx.update(batchChunks).set({ status: 'done', doneAt: w.now, nearMissScores: w.nearMisses?.scores ?? null, nearMissRowBest: w.nearMisses?.rowBest ?? null }).where(and(eq(batchChunks.batchId, w.batchId), eq(batchChunks.chunkIndex, w.chunkIndex)));
    const [progress] = await tx
      .select({ done: sql<number>`coalesce(sum(${batchChunks.rowCount}) filter (where ${batchChunks.status} = 'done'), 0)::int`, pending: sql<number>`count(*) filter (where ${batchChunks.status} <> 'done')::int` })
      .from(batchChunks)
      .where(eq(batchChunks.batchId, w.batchId));
    if (progress.pending > 0) {
      await tx.update(batches).set({ rowsDone: progress.done }).where(eq(batches.id, w.batchId));
      return 'written';
    }
    const [{ open }] = await tx.select({ open: count() }).from(batchResults).where(and(eq(batchResults.batchId, w.batchId), inArray(batchResults.reviewStatus, ['NONCLEARED', 'UNDER_REVIEW'])));
    await tx.update(batches).set({ rowsDone: progress.done, status: 'Completed', processedAt: w.now, hits: open, toReview: open }).where(eq(batches.id, w.batchId));
    await recordBatchEvent(tx as unknown as Db, { batchId: w.batchId, clientId: w.clientId, kind: 'completed', userId: null, at: w.now, details: { rows: progress.done, toReview: open } });
    return 'completed';
  });
}

/** Forgets a batch's chunks and results (resubmit); usage stays, so nothing is billed twice. */
export async function clearProcessing(db: Db, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(batchResults).where(eq(batchResults.batchId, batchId));
    await tx.delete(batchChunks).where(eq(batchChunks.batchId, batchId));
  });
}
