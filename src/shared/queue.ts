/** Contracts of Batch Queue Management (/admin/queueManagement): the overview and its actions. */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const QueueBatchParamsSchema = z.strictObject({ batchId: id });
export const SetPauseInputSchema = z.strictObject({ isPaused: z.boolean() });
export const MoveBatchInputSchema = z.strictObject({ to: z.enum(['front', 'back'], { message: 'Say front or back.' }) });
export type MoveBatchInput = z.infer<typeof MoveBatchInputSchema>;

export const PauseStateSchema = z.object({ isPaused: z.boolean(), by: z.string().nullable(), at: z.string().nullable() });

export const QueuedBatchSchema = z.object({
  id: z.number(),
  clientName: z.string(),
  fileName: z.string(),
  submitter: z.string(),
  status: z.string(),
  rows: z.number(),
  rowsDone: z.number(),
  /** Rows per second of this batch so far (null before its first chunk is written). */
  rowsPerSecond: z.number().nullable(),
  /** 1 = next to run, in the order the queue takes work. */
  position: z.number(),
  submittedAt: z.string().nullable(),
  /** From the queue's recent throughput; null while paused or before any throughput is known. */
  estimatedFinish: z.string().nullable(),
  /** Jobs of it waiting in pg-boss. */
  waitingJobs: z.number(),
});
export type QueuedBatch = z.infer<typeof QueuedBatchSchema>;

export const FailedChunkSchema = z.object({
  batchId: z.number(),
  clientName: z.string(),
  fileName: z.string(),
  chunkIndex: z.number(),
  firstRow: z.number(),
  rowCount: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type FailedChunk = z.infer<typeof FailedChunkSchema>;

export const RunningJobSchema = z.object({ name: z.string(), batchId: z.number().optional(), chunkIndex: z.number().optional(), since: z.string() });

export const QueueWorkerSchema = z.object({
  id: z.string(),
  kind: z.string(),
  host: z.string(),
  pid: z.number(),
  startedAt: z.string(),
  beatAt: z.string(),
  isAlive: z.boolean(),
  running: z.array(RunningJobSchema),
});
export type QueueWorker = z.infer<typeof QueueWorkerSchema>;

/** One operator action on the queue, read back from the audit log (newest first). */
export const QueueActionEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUsername: z.string().nullable(),
  action: z.enum(['queue.paused', 'queue.resumed', 'queue.batch.moved', 'queue.batch.cancelled', 'queue.batch.retried']),
  /** The batch acted on (null for pause and resume). */
  batchId: z.number().nullable(),
  fileName: z.string().nullable(),
  clientName: z.string().nullable(),
  /** What changed, in words ("to the front", "was Processing, 1,000 rows screened"). */
  detail: z.string(),
});
export type QueueActionEntry = z.infer<typeof QueueActionEntrySchema>;
export const QUEUE_ACTIONS_SHOWN = 20;

export const QueueOverviewSchema = z.object({
  now: z.string(),
  pause: PauseStateSchema,
  /** Rows per second of the chunks written in the last ten minutes, from the first one's start to the last one's write, all workers together (null: nothing ran). */
  rowsPerSecond: z.number().nullable(),
  batches: z.array(QueuedBatchSchema),
  failedChunks: z.array(FailedChunkSchema),
  workers: z.array(QueueWorkerSchema),
  /** The last operator actions on the queue (QUEUE_ACTIONS_SHOWN at most), from the audit log. */
  recentActions: z.array(QueueActionEntrySchema),
});
export type QueueOverview = z.infer<typeof QueueOverviewSchema>;

export const QueueActionResultSchema = z.object({ message: z.string() });

/** How often the page asks for fresh figures. */
export const QUEUE_REFRESH_MS = 5_000;
