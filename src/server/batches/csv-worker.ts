/**
 * Reads uploaded CSV files in a worker thread (ADR 025): a hostile or merely huge file costs the
 * worker's time and memory, never the event loop that answers every other request. One worker
 * per process, started on the first upload, reading one file at a time; its heap is capped, and
 * a file that needs more is refused (413) and the worker replaced.
 */
import { Worker } from 'node:worker_threads';
import { UPLOAD_MESSAGES } from '#shared/messages';
import { AppError } from '../http/errors';
import type { CsvSummary, CsvTable } from './csv-file';
import type { CsvLimits } from './csv-shape';
import type { CsvJob, CsvReply } from './csv-worker-protocol';

/** The worker's heap: room for a 50 MB file of 200,000 rows parsed whole, not for the server's. */
export const CSV_WORKER_HEAP_MB = 1024;

// The worker's entry registers tsx, as bin/clearlist.mjs does, then loads csv-worker-thread.ts.
const entry = new URL('./csv-worker-entry.mjs', import.meta.url);

let worker: Worker | null = null;
let line: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const started = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: CSV_WORKER_HEAP_MB } });
  // Idle, it must not keep a command or a test process alive; it is ref'd while it reads.
  started.unref();
  return started;
}

function runOnce(job: CsvJob): Promise<CsvReply> {
  const current = (worker ??= startWorker());
  return new Promise<CsvReply>((resolve) => {
    const finish = (reply: CsvReply, isDead: boolean) => {
      current.off('message', onMessage).off('error', onError).off('exit', onExit);
      current.unref();
      if (isDead) {
        if (worker === current) worker = null;
        void current.terminate();
      }
      resolve(reply);
    };
    const onMessage = (reply: CsvReply) => finish(reply, false);
    const onError = (error: Error & { code?: string }) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, refusal: UPLOAD_MESSAGES.tooBigToRead, status: 413 } : { ok: false, error: error.message }, true);
    const onExit = (code: number) => finish({ ok: false, error: `the CSV worker stopped (exit code ${code})` }, true);
    current.on('message', onMessage).on('error', onError).on('exit', onExit);
    current.ref();
    current.postMessage(job, [job.bytes]);
  });
}

async function read(kind: CsvJob['kind'], bytes: Uint8Array, limits: CsvLimits, sheet: string | null, maxRows: number): Promise<CsvReply & { ok: true }> {
  // A copy the worker owns: an upload's Buffer may be a view into memory shared with others.
  const job: CsvJob = { kind, bytes: new Uint8Array(bytes).buffer, limits, sheet, maxRows };
  const reply = line.then(() => runOnce(job));
  line = reply.catch(() => undefined);
  const answer = await reply;
  if (answer.ok) return answer;
  if ('refusal' in answer) {
    const code = answer.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : answer.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    throw new AppError(code, answer.refusal, answer.field ? { [answer.field]: answer.refusal } : undefined);
  }
  throw new Error(`reading the CSV file failed: ${answer.error}`);
}

/**
 * Header, data row count and preview of an upload (of a workbook: of `sheet`, else the default
 * sheet, every sheet counted up to `maxRows` + 1); throws an AppError (4xx) naming what is wrong with the file.
 */
export async function summarizeInWorker(bytes: Uint8Array, limits: CsvLimits, sheet: string | null = null, maxRows = Infinity): Promise<CsvSummary> {
  const answer = await read('summary', bytes, limits, sheet, maxRows);
  if (!('summary' in answer)) throw new Error('the CSV worker answered the wrong kind');
  return answer.summary;
}

/** Every row of a stored upload (of a workbook: of the batch's sheet), checked against the limits again. */
export async function parseInWorker(bytes: Uint8Array, limits: CsvLimits, sheet: string | null = null): Promise<CsvTable> {
  const answer = await read('table', bytes, limits, sheet, Infinity);
  if (!('table' in answer)) throw new Error('the CSV worker answered the wrong kind');
  return answer.table;
}
