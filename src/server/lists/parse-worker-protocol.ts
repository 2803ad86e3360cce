/** Messages between an import and its parse worker (`parse-worker.ts`, `worker-parse.ts`). */
import type { RejectedRow } from '#shared/list-record';
import type { FileHeader, ParseCounts } from '#lists/core/parse-run';
import type { CopyBatch, ParseTotals } from './copy-batch';

/** Batches the worker may post before the importer has taken one. */
export const CREDITS = 2;

/** What the worker parses (its `workerData`). */
export interface ParseJob {
  source: string;
  files: string[];
  dateAcquired: string;
  versionId: number;
  batchSize: number;
  maxCollectedIssues?: number;
}

export type WorkerMessage =
  | { type: 'batch'; batch: CopyBatch }
  | { type: 'end'; totals: ParseTotals; asOf: string | null; headers: FileHeader[]; counts: ParseCounts; rejected: RejectedRow[] }
  | { type: 'error'; message: string };
