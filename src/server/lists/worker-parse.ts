/**
 * Runs the parse of a large full import in a worker thread (`parse-worker.ts`): the importing
 * thread then only writes COPY batches, and on PGlite, whose database runs in that thread, the
 * parse of the next batch overlaps the write of the last one on another core (ADR 021).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CopyBatch } from './copy-batch';
import type { ParseJob, WorkerMessage } from './parse-worker-protocol';

/** Smaller files (LEIE ~15 MiB) parse in about the time a worker takes to start (it loads the parsers again). */
export const WORKER_MIN_BYTES = 64 << 20;

/** Whether files of this size are parsed in a worker: only with a second core to run it on. */
export function isWorthAWorker(totalBytes: number): boolean {
  return totalBytes >= WORKER_MIN_BYTES && availableParallelism() > 1;
}

/** The heap of a large import's parse thread: it streams, so this is room to spare, not a need (ADR 112). */
export const LARGE_PARSE_HEAP_MB = 2048;

export type ParseEnd = Extract<WorkerMessage, { type: 'end' }>;

// The worker's entry registers tsx, as bin/clearlist.mjs does, then loads parse-worker.ts.
const entry = new URL('./parse-worker-entry.mjs', import.meta.url);

/**
 * Starts a worker on the parse at once and answers its COPY batches, in file order; `onEnd`
 * gets the totals, the as-of date and the rejected rows before the last batch has been handed
 * out. A parse error is thrown as the worker reported it; stopping early stops the worker.
 */
export function parseInWorker(job: ParseJob, onEnd: (end: ParseEnd) => void): AsyncGenerator<CopyBatch, void> {
  const worker = new Worker(entry, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: LARGE_PARSE_HEAP_MB } });
  const inbox: (WorkerMessage | { type: 'exit'; code: number })[] = [];
  let wake: (() => void) | null = null;
  const receive = (message: WorkerMessage | { type: 'exit'; code: number }): void => {
    inbox.push(message);
    wake?.();
    wake = null;
  };
  worker.on('message', receive);
  worker.on('error', (error: Error & { code?: string }) =>
    receive({ type: 'error', message: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `The files ${job.files.map((f) => path.basename(f)).join(', ')} expand beyond ${LARGE_PARSE_HEAP_MB} MB when read: refused` : error.message }),
  );
  worker.on('exit', (code) => receive({ type: 'exit', code }));

  async function* batches(): AsyncGenerator<CopyBatch, void> {
    try {
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        if (message.type === 'batch') {
          yield message.batch;
          worker.postMessage('credit');
        } else if (message.type === 'end') {
          onEnd(message);
          return;
        } else if (message.type === 'error') {
          throw new Error(message.message);
        } else {
          throw new Error(`the parse worker stopped (exit code ${message.code}) before the end of the files`);
        }
      }
    } finally {
      await worker.terminate();
    }
  }
  const feed = batches();
  // A feed given up before its first batch never enters the generator, whose finally would stop the worker.
  const giveUp = feed.return.bind(feed);
  feed.return = async (value) => {
    await worker.terminate();
    return giveUp(value);
  };
  return feed;
}
