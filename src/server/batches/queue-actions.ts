/**
 * What operators do to the batch queue (ADR 038), each audited: pause and resume it, move a
 * batch to the front or back, cancel a batch, retry a failed batch's chunks. System
 * administrators only (the access table); every client's batches are in reach.
 */
import { QUEUE_MESSAGES } from '#shared/messages';
import type { MoveBatchInput } from '#shared/queue';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { AppError, notFound } from '../http/errors';
import { cancelBatchJobs, prioritizeBatchJobs } from '../jobs/boss-jobs';
import { writePause } from '../jobs/pause';
import { recordBatchEvent } from './events';
import { BATCH_JOB_NAMES, screenChunkJob } from './jobs';
import { ensureChunks } from './processing-queries';
import { findBatch, moveStatus, updateBatch, type BatchRow } from './queries';
import { FAILED_STATUS, OPEN_STATUSES, priorityBounds, reopenFailedChunks } from './queue-queries';

export interface QueueCaller {
  userId: number;
  username: string;
  ip: string;
}

const QUEUED_OR_RUNNING = ['Submitted', 'Pending', 'Processing'];

function audit(ctx: AppContext, caller: QueueCaller, action: string, batch: BatchRow | null, details: Record<string, unknown> = {}) {
  return recordAudit(ctx.db, {
    action,
    actorUserId: caller.userId,
    actorUsername: caller.username,
    clientId: batch?.clientId ?? null,
    target: batch ? `batch:${batch.id}` : 'batch-queue',
    ip: caller.ip,
    details,
  });
}

async function existing(ctx: AppContext, batchId: number): Promise<BatchRow> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch || batch.trashedAt) throw notFound('The batch');
  return batch;
}

/** Pauses or resumes every pausable job; running chunks finish, queued ones wait in pg-boss. */
export async function setQueuePaused(ctx: AppContext, caller: QueueCaller, isPaused: boolean): Promise<{ message: string }> {
  const changed = await writePause(ctx.db, isPaused, caller.username, ctx.now());
  if (!changed) throw new AppError('CONFLICT', isPaused ? QUEUE_MESSAGES.alreadyPaused : QUEUE_MESSAGES.alreadyRunning);
  await audit(ctx, caller, isPaused ? 'queue.paused' : 'queue.resumed', null);
  return { message: isPaused ? QUEUE_MESSAGES.paused : QUEUE_MESSAGES.resumed };
}

/** Puts a batch ahead of (or behind) every other open batch: its waiting jobs take the new priority. */
export async function moveBatch(ctx: AppContext, caller: QueueCaller, batchId: number, to: MoveBatchInput['to']): Promise<{ message: string }> {
  const batch = await existing(ctx, batchId);
  if (!batch.status || !QUEUED_OR_RUNNING.includes(batch.status)) throw new AppError('CONFLICT', QUEUE_MESSAGES.cannotMove);
  const { top, bottom } = await priorityBounds(ctx.db);
  const priority = to === 'front' ? top + 1 : bottom - 1;
  await updateBatch(ctx.db, batchId, { queuePriority: priority });
  const jobs = ctx.jobs ? await prioritizeBatchJobs(ctx.db, BATCH_JOB_NAMES, batchId, priority) : 0;
  await audit(ctx, caller, 'queue.batch.moved', batch, { to, from: batch.queuePriority, priority, jobs });
  return { message: to === 'front' ? QUEUE_MESSAGES.movedFront : QUEUE_MESSAGES.movedBack };
}

/**
 * Cancels at once: the waiting jobs are cancelled in pg-boss, and a chunk still running finds
 * the batch Cancelled when it takes the batch row to write (writeChunk), so it writes nothing.
 */
export async function cancelQueuedBatch(ctx: AppContext, caller: QueueCaller, batchId: number): Promise<{ message: string }> {
  const batch = await existing(ctx, batchId);
  const moved = await moveStatus(ctx.db, batchId, OPEN_STATUSES, { status: 'Cancelled', processedAt: ctx.now() });
  if (!moved) throw new AppError('CONFLICT', QUEUE_MESSAGES.cannotCancel);
  await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancelled', userId: caller.userId, at: ctx.now(), details: { byOperator: true, statusBefore: batch.status } });
  const jobs = ctx.jobs ? await cancelBatchJobs(ctx.db, BATCH_JOB_NAMES, batchId) : 0;
  await audit(ctx, caller, 'queue.batch.cancelled', batch, { from: batch.status, rowsDone: batch.rowsDone, jobs });
  return { message: QUEUE_MESSAGES.cancelled };
}

/** Queues a failed batch's failed chunks (and any it never reached) again; written chunks stay. */
export async function retryFailedChunks(ctx: AppContext, caller: QueueCaller, batchId: number): Promise<{ message: string }> {
  const batch = await existing(ctx, batchId);
  if (batch.status !== FAILED_STATUS) throw new AppError('CONFLICT', QUEUE_MESSAGES.nothingToRetry);
  if (!ctx.jobs) throw new Error('the job queue is not running');
  const chunks = await reopenFailedChunks(ctx.db, batchId);
  if (chunks.length === 0) throw new AppError('CONFLICT', QUEUE_MESSAGES.nothingToRetry);
  const status = batch.rowsDone > 0 ? 'Processing' : 'Pending';
  await moveStatus(ctx.db, batchId, [FAILED_STATUS], { status, error: null, processedAt: null });
  await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'chunks-retried', userId: caller.userId, at: ctx.now(), details: { chunks: chunks.length } });
  const pending = await ensureChunks(ctx.db, batchId, batch.recordCount, ctx.config.batchChunkRows);
  for (const chunk of pending) await ctx.jobs.send(screenChunkJob, { batchId, chunkIndex: chunk.chunkIndex }, { priority: batch.queuePriority });
  await audit(ctx, caller, 'queue.batch.retried', batch, { chunks, queued: pending.length });
  return { message: QUEUE_MESSAGES.retried };
}
