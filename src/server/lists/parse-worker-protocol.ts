/** Messages between an import and its parse worker (`parse-worker.ts`, `worker-parse.ts`). */
import type { RejectedRow } from '#shared/list-record';
import type { FileHeader, ParseCounts } from '#lists/core/parse-run';
import type { CopyBatch, ParseTotals } from './copy-batch';

/** Batches the worker may post before the importer has taken one. */
export const CREDITS = 2;

/**
 * A parse thread's side of the credits: `take()` resolves once a batch may be posted (at most
 * CREDITS on their way), the importer's 'credit' message gives one back.
 */
export function creditGate(port: { on(event: 'message', listener: (message: unknown) => void): unknown }): { take(): Promise<void> } {
  let credits = CREDITS;
  let onCredit: (() => void) | null = null;
  port.on('message', (message) => {
    if (message !== 'credit') return;
    credits += 1;
    onCredit?.();
    onCredit = null;
  });
  return {
    async take() {
      while (credits === 0) await new Promise<void>((resolve) => (onCredit = resolve));
      credits -= 1;
    },
  };
}

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
