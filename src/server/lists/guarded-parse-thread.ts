/**
 * The guarded parse thread (see `parseGuarded`): parses list files and posts their records in
 * batches, at most `CREDITS` on their way at once, then what the run reported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findListSource } from '#lists/sources';
import type { GuardedJob, GuardedMessage } from './guarded-parse-protocol';
import { creditGate } from './parse-worker-protocol';

const port = parentPort;
if (!port) throw new Error('guarded-parse-thread.ts runs as a worker thread');
const job = workerData as GuardedJob;

const credits = creditGate(port);

const post = (message: GuardedMessage): void => port.postMessage(message);

async function run(): Promise<void> {
  const source = findListSource(job.source);
  if (!source) throw new Error(`Unknown list source "${job.source}".`);
  const parsed = source.parse(job.files, { dateAcquired: job.dateAcquired });
  for await (const records of parsed.batches()) {
    await credits.take();
    post({ type: 'records', records });
  }
  post({ type: 'end', asOf: parsed.asOf, headers: [...parsed.headers], counts: { ...parsed.counts }, rejected: [...parsed.rejected] });
}

run().catch((error: unknown) => {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
});
