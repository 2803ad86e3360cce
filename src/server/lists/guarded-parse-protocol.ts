/** Messages between an import and its guarded parse thread (`guarded-parse-thread.ts`, `guarded-parse.ts`). */
import type { ListRecord, RejectedRow } from '#shared/list-record';
import type { FileHeader, ParseCounts } from '#lists/core/parse-run';

/** What the thread parses (its `workerData`). */
export interface GuardedJob {
  source: string;
  files: string[];
  dateAcquired: string;
}

export type GuardedMessage =
  | { type: 'records'; records: ListRecord[] }
  | { type: 'end'; asOf: string | null; headers: FileHeader[]; counts: ParseCounts; rejected: RejectedRow[] }
  | { type: 'error'; message: string };
