/** Batch jobs: 'batches.screen' cuts a batch into chunks, 'batches.screen-chunk' screens one. */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { screenChunk, startBatch, MAX_CHUNK_ATTEMPTS } from './processing';

export const screenChunkJob = defineJob({
  name: 'batches.screen-chunk',
  payloadSchema: z.object({ batchId: z.number().int().positive(), chunkIndex: z.number().int().min(0) }),
  // One more than the attempts a chunk gets: the last run marks the batch as an internal error.
  retryLimit: MAX_CHUNK_ATTEMPTS,
  handler: (ctx, payload) => screenChunk(ctx, payload.batchId, payload.chunkIndex),
});

export const screenBatchJob = defineJob({
  name: 'batches.screen',
  payloadSchema: z.object({ batchId: z.number().int().positive() }),
  retryLimit: 3,
  handler: async (ctx, payload) => {
    if (!ctx.jobs) throw new Error('the job queue is not running');
    const jobs = ctx.jobs;
    await startBatch(ctx, payload.batchId, (chunk) => jobs.send(screenChunkJob, chunk));
  },
});
