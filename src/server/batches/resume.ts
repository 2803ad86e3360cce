/**
 * After a crash (SIGKILL, power loss) the jobs that were running are lost until the queue
 * expires them; at start every unfinished batch is queued again so it completes now. Chunks
 * already written are skipped, a chunk with a job waiting gets no second one, and a chunk's write
 * is fenced by its claim, so this never duplicates results or charges.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { batches } from '../db/schema';
import { screenBatchJob, screenChunkJob } from './jobs';
import { ensureChunks } from './processing-queries';
import { SCREEN_CHUNK_JOB } from './processing';
import { liveChunkJobs } from '../jobs/boss-jobs';

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
    // A chunk whose job still waits gets no second one (two would claim it in turn, issue 50). On
    // the embedded database a running job was the dead process's: its chunk is queued now rather
    // than when the job is handed back; on PostgreSQL another worker may be running it.
    const queued = await liveChunkJobs(ctx.db, SCREEN_CHUNK_JOB, batch.id, ctx.database.kind === 'pglite');
    const unqueued = pending.filter((c) => !queued.has(c.chunkIndex));
    // A kill request is finished by the next chunk job that sees it.
    const toSend = batch.status === 'Batch Kill Requested' ? pending.slice(0, queued.size ? 0 : 1) : unqueued;
    for (const chunk of toSend) await jobs.send(screenChunkJob, { batchId: batch.id, chunkIndex: chunk.chunkIndex }, { priority: batch.queuePriority });
  }
  return open.length;
}
