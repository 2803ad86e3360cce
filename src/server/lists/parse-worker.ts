/**
 * The parse worker of a large full import (see `parseInWorker`): parses the files, turns the
 * records into COPY batches and posts their bytes to the importing thread, which only writes
 * them. At most `CREDITS` batches are on their way at once, so memory stays flat when the
 * database is slower than the parse.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findListSource } from '#lists/sources';
import { CopyBatcher, type CopyBatch } from './copy-batch';
import { creditGate, type ParseJob, type WorkerMessage } from './parse-worker-protocol';

const FIRST_BATCH = 1000;

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread');
const job = workerData as ParseJob;

const credits = creditGate(port);

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

async function send(batch: CopyBatch): Promise<void> {
  await credits.take();
  post({ type: 'batch', batch }, [batch.payload.buffer as ArrayBuffer]);
}

async function run(): Promise<void> {
  const source = findListSource(job.source);
  if (!source) throw new Error(`Unknown list source "${job.source}".`);
  const parsed = source.parse(job.files, { dateAcquired: job.dateAcquired, maxCollectedIssues: job.maxCollectedIssues });
  // The importing thread waits for the first batch: a small one lets it start writing sooner.
  const batcher = new CopyBatcher(job.versionId, job.batchSize, Math.min(job.batchSize, FIRST_BATCH));
  for await (const records of parsed.batches()) {
    for (const record of records) {
      const closed = batcher.add(record);
      if (closed) await send(closed);
    }
  }
  const last = batcher.take();
  if (last) await send(last);
  post({ type: 'end', totals: batcher.totals, asOf: parsed.asOf, headers: [...parsed.headers], counts: { ...parsed.counts }, rejected: [...parsed.rejected] });
}

run().catch((error: unknown) => {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
});
