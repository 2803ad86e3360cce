/** SQL of the queue page: open batches in queue order, chunk figures, failed chunks, workers. */
import { and, asc, desc, eq, gt, inArray, isNull, max, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, batchChunks, batches, clients, queueWorkers, users } from '../db/schema';

/** Statuses of batches the queue still holds (queued, running, or being cancelled). */
export const OPEN_STATUSES = ['Submitted', 'Pending', 'Processing', 'Batch Kill Requested'] as const;
export const FAILED_STATUS = 'Internal Error - contact support';

/** Open batches in the order pg-boss takes their jobs: priority first, then submission. */
export async function openBatches(db: Db) {
  return db
    .select({
      id: batches.id,
      clientName: clients.name,
      fileName: batches.fileName,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      status: batches.status,
      rows: batches.recordCount,
      rowsDone: batches.rowsDone,
      startedAt: batches.startedAt,
      submittedAt: batches.submittedAt,
      queuePriority: batches.queuePriority,
    })
    .from(batches)
    .innerJoin(clients, eq(clients.id, batches.clientId))
    .innerJoin(users, eq(users.id, batches.uploaderUserId))
    .where(and(inArray(batches.status, [...OPEN_STATUSES]), isNull(batches.trashedAt)))
    .orderBy(desc(batches.queuePriority), asc(batches.submittedAt), asc(batches.id));
}

/** Per batch: rows written and the span from its batch start to its latest written chunk. */
export async function doneChunkFigures(db: Db, batchIds: number[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({ batchId: batchChunks.batchId, rows: sql<number>`sum(${batchChunks.rowCount})::int`, firstStart: min(batchChunks.startedAt), lastDone: max(batchChunks.doneAt) })
    .from(batchChunks)
    .where(and(inArray(batchChunks.batchId, batchIds), eq(batchChunks.status, 'done')))
    .groupBy(batchChunks.batchId);
}

/** Rows written by every worker since `since`, when the first of those chunks started and the last was written. */
export async function recentThroughput(db: Db, since: Date) {
  const [row] = await db
    .select({ rows: sql<number>`coalesce(sum(${batchChunks.rowCount}), 0)::int`, firstStart: min(batchChunks.startedAt), lastDone: max(batchChunks.doneAt) })
    .from(batchChunks)
    .where(and(eq(batchChunks.status, 'done'), gt(batchChunks.doneAt, since)));
  return row;
}

/** Chunks whose attempts ran out, in batches still failed (not resubmitted or removed). */
export async function failedChunks(db: Db) {
  return db
    .select({
      batchId: batchChunks.batchId,
      clientName: clients.name,
      fileName: batches.fileName,
      chunkIndex: batchChunks.chunkIndex,
      firstRow: batchChunks.firstRow,
      rowCount: batchChunks.rowCount,
      attempts: batchChunks.attempts,
      error: batchChunks.error,
    })
    .from(batchChunks)
    .innerJoin(batches, eq(batches.id, batchChunks.batchId))
    .innerJoin(clients, eq(clients.id, batches.clientId))
    .where(and(eq(batchChunks.status, 'failed'), eq(batches.status, FAILED_STATUS), isNull(batches.trashedAt)))
    .orderBy(desc(batches.processedAt), asc(batchChunks.batchId), asc(batchChunks.chunkIndex))
    .limit(200);
}

/** Processes that beat recently enough to be worth showing (alive or just gone). */
export async function recentWorkers(db: Db, since: Date) {
  return db.select().from(queueWorkers).where(gt(queueWorkers.beatAt, since)).orderBy(asc(queueWorkers.startedAt));
}

/** The highest and lowest priority among open batches (front and back of the queue). */
export async function priorityBounds(db: Db) {
  const [row] = await db
    .select({ top: max(batches.queuePriority), bottom: min(batches.queuePriority) })
    .from(batches)
    .where(and(inArray(batches.status, [...OPEN_STATUSES]), isNull(batches.trashedAt)));
  return { top: row?.top ?? 0, bottom: row?.bottom ?? 0 };
}

/** Failed chunks of a batch back to pending with fresh attempts; answers their indexes. */
export async function reopenFailedChunks(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .update(batchChunks)
    .set({ status: 'pending', attempts: 0, failures: 0 })
    .where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.status, 'failed')))
    .returning({ chunkIndex: batchChunks.chunkIndex });
  return rows.map((r) => r.chunkIndex).sort((a, b) => a - b);
}

/** The latest audited queue actions, with the file and client of the batch acted on. */
export async function recentQueueActions(db: Db, actions: readonly string[], limit: number) {
  return db
    .select({ id: auditLog.id, at: auditLog.at, actorUsername: auditLog.actorUsername, action: auditLog.action, details: auditLog.details, batchId: batches.id, fileName: batches.fileName, clientName: clients.name })
    .from(auditLog)
    .leftJoin(batches, sql`${auditLog.target} = 'batch:' || ${batches.id}`)
    .leftJoin(clients, eq(clients.id, batches.clientId))
    .where(inArray(auditLog.action, [...actions]))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
