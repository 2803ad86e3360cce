/** Batch jobs: 'batches.screen' cuts a batch into chunks, 'batches.screen-chunk' screens one. */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { screenChunk, startBatch, MAX_CHUNK_CLAIMS, SCREEN_CHUNK_JOB } from './processing';

export const screenChunkJob = defineJob({
  name: SCREEN_CHUNK_JOB,
  payloadSchema: z.object({ batchId: z.number().int().positive(), chunkIndex: z.number().int().min(0) }),
  // As many as the claims a chunk gets (an attempt lost with its process is failed by the hand-back
  // and counts as a retry here too): the chunk's own counts decide when it fails for good.
  retryLimit: MAX_CHUNK_CLAIMS,
  isPausable: true,
  // One chunk at a time per process: two overlapped a chunk's write with the next one's screening,
  // but a worker killed holding two left its batch unfinished in test/worker-kill.test.ts (ADR 065).
  postgresConcurrency: 1,
  // The embedded runner: three, the chunks after one read and screened while it is written (chunk-pipeline.ts, ADR 082, 088).
  embeddedConcurrency: 3,
  handler: (ctx, payload) => screenChunk(ctx, payload.batchId, payload.chunkIndex),
});

/** The queues of batch work, whose waiting jobs the queue page re-orders and cancels (ADR 038). */
export const BATCH_JOB_NAMES = ['batches.screen', SCREEN_CHUNK_JOB] as const;

export const screenBatchJob = defineJob({
  name: 'batches.screen',
  payloadSchema: z.object({ batchId: z.number().int().positive() }),
  retryLimit: 3,
  isPausable: true,
  handler: async (ctx, payload) => {
    if (!ctx.jobs) throw new Error('the job queue is not running');
    const jobs = ctx.jobs;
    await startBatch(ctx, payload.batchId, (chunk, priority) => jobs.send(screenChunkJob, chunk, { priority }));
  },
});
