/** The CSV worker thread (csv-worker.ts): reads one uploaded file at a time, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { parseCsv, summarizeCsv } from './csv-file';
import { CsvRefusal } from './csv-shape';
import type { CsvJob, CsvReply } from './csv-worker-protocol';

parentPort!.on('message', (job: CsvJob) => {
  let reply: CsvReply;
  try {
    const bytes = new Uint8Array(job.bytes);
    reply = job.kind === 'summary' ? { ok: true, summary: summarizeCsv(bytes, job.limits) } : { ok: true, table: parseCsv(bytes, job.limits) };
  } catch (error) {
    reply = error instanceof CsvRefusal ? { ok: false, refusal: error.message, status: error.status } : { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
