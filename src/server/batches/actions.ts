/** The dashboard's actions on one batch: cancel (kill), remove (trash), resubmit, download. */
import { BATCH_RULES, type BatchStatus, IN_PROGRESS_STATUSES } from '#shared/batch-status';
import { BATCH_MESSAGES } from '#shared/messages';
import type { AppContext } from '../app-context';
import { AppError, notFound } from '../http/errors';
import { recordBatchEvent } from './events';
import { readDecrypted } from './file-store';
import { BATCH_JOB_NAMES, screenBatchJob } from './jobs';
import { activeJobsByBatch, cancelBatchJobs } from '../jobs/boss-jobs';
import { resetForResubmit } from './processing';
import { findVisibleBatch, moveStatus, updateBatch, type BatchRow } from './queries';
import { scopeOf, type BatchCaller } from '../access/batch-scope';

async function visible(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<BatchRow> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  return batch;
}

/** Asks the workers to stop; they set Cancelled when they next look (before writing a chunk). A batch not begun is cancelled at once. */
export async function killBatch(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<{ message: string }> {
  const batch = await visible(ctx, caller, batchId);
  // A batch no chunk has begun (waiting in the queue, paused or not) is cancelled at once (issue 53
  // item 6): its waiting jobs are cancelled; a job taken meanwhile finds it Cancelled and writes nothing.
  if ((batch.status === 'Submitted' || batch.status === 'Pending') && batch.rowsDone === 0 && !(await activeJobsByBatch(ctx.db, BATCH_JOB_NAMES)).has(batchId)) {
    if (await moveStatus(ctx.db, batchId, ['Submitted', 'Pending'], { status: 'Cancelled', processedAt: ctx.now() })) {
      await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancel-requested', userId: caller.userId, at: ctx.now(), details: { statusBefore: batch.status } });
      await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancelled', userId: null, at: ctx.now(), details: { beforeStart: true } });
      await cancelBatchJobs(ctx.db, BATCH_JOB_NAMES, batchId);
      return { message: BATCH_MESSAGES.cancelledBeforeStart };
    }
  }
  const moved = batch.status !== null && (await moveStatus(ctx.db, batchId, IN_PROGRESS_STATUSES, { status: 'Batch Kill Requested' }));
  if (!moved) throw new AppError('CONFLICT', BATCH_MESSAGES.cannotCancel);
  await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancel-requested', userId: caller.userId, at: ctx.now(), details: { statusBefore: batch.status } });
  return { message: 'Batch Kill Requested' };
}

/** Hides a batch from everyone (system admins only, by the access table); running work stops. */
export async function trashBatch(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<{ message: string }> {
  const batch = await visible(ctx, caller, batchId);
  await moveStatus(ctx.db, batchId, IN_PROGRESS_STATUSES, { status: 'Batch Kill Requested' });
  await updateBatch(ctx.db, batch.id, { trashedAt: ctx.now() });
  await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'removed', userId: caller.userId, at: ctx.now() });
  return { message: 'The batch was removed.' };
}

/** Runs a batch that ended in an error or was cancelled again; answers the toast text. */
export async function resubmitBatch(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<{ message: string }> {
  const batch = await visible(ctx, caller, batchId);
  if (!batch.status || !BATCH_RULES.canResubmit(batch.status as BatchStatus)) throw new AppError('CONFLICT', BATCH_MESSAGES.cannotResubmit);
  if (!ctx.jobs) throw new Error('the job queue is not running');
  await resetForResubmit(ctx, batchId);
  await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'resubmitted', userId: caller.userId, at: ctx.now(), details: { statusBefore: batch.status, previousSubmittedAt: batch.submittedAt?.toISOString() ?? null } });
  await ctx.jobs.send(screenBatchJob, { batchId });
  return { message: BATCH_MESSAGES.resubmitted };
}

/** The exact bytes uploaded, with the original file name. */
export async function batchFile(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const batch = await visible(ctx, caller, batchId);
  if (batch.status && !BATCH_RULES.canDownload(batch.status as BatchStatus)) throw new AppError('CONFLICT', 'The file cannot be downloaded while the batch is being cancelled.');
  try {
    return { fileName: batch.fileName, bytes: await readDecrypted(ctx.config, batch.storedPath) };
  } catch {
    throw new AppError('CONFLICT', BATCH_MESSAGES.fileMissing);
  }
}
