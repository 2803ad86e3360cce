/**
 * After a crash (SIGKILL, power loss) the jobs that were running are lost until the queue
 * expires them; at start every unfinished batch is queued again so it completes now. Chunks
 * already written are skipped and a chunk is written in one transaction, so this never
 * duplicates results or charges.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { batches } from '../db/schema';
import { screenBatchJob, screenChunkJob } from './jobs';
import { ensureChunks } from './processing-queries';

export async function resumeUnfinishedBatches(ctx: AppContext): Promise<number> {
  const jobs = ctx.jobs;
  if (!jobs) return 0;
  const open = await ctx.db
    .select({ id: batches.id, status: batches.status, recordCount: batches.recordCount, queuePriority: batches.queuePriority })
    .from(batches)
    .where(inArray(batches.status, ['Submitted', 'Pending', 'Processing', 'Batch Kill Requested']));
  for (const batch of open) {
    if (batch.status === 'Submitted') {
      await jobs.send(screenBatchJob, { batchId: batch.id }, { priority: batch.queuePriority });
      continue;
    }
    const pending = await ensureChunks(ctx.db, batch.id, batch.recordCount, ctx.config.batchChunkRows);
    // A kill request is finished by the next chunk job that sees it.
    const toSend = batch.status === 'Batch Kill Requested' ? pending.slice(0, 1) : pending;
    for (const chunk of toSend) await jobs.send(screenChunkJob, { batchId: batch.id, chunkIndex: chunk.chunkIndex }, { priority: batch.queuePriority });
  }
  return open.length;
}
