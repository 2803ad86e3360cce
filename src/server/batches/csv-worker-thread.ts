/** The CSV worker thread (csv-worker.ts): reads one uploaded file at a time, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { SHEET_MESSAGES } from '#shared/messages';
import { parseCsv, summarizeCsv } from './csv-file';
import { CsvRefusal } from './csv-shape';
import type { CsvJob, CsvReply } from './csv-worker-protocol';
import { isXlsxBytes, parseXlsx, summarizeXlsx } from './xlsx-upload';

parentPort!.on('message', async (job: CsvJob) => {
  let reply: CsvReply;
  try {
    const bytes = new Uint8Array(job.bytes);
    // One reader for customer files: an .xlsx workbook (told by its bytes, whatever its name) or CSV text.
    if (isXlsxBytes(bytes)) {
      reply = job.kind === 'summary' ? { ok: true, summary: await summarizeXlsx(bytes, job.limits, job.sheet, job.maxRows) } : { ok: true, table: await parseXlsx(bytes, job.limits, job.sheet) };
    } else if (job.sheet !== null) throw new CsvRefusal(SHEET_MESSAGES.notAWorkbook, 400, 'sheet');
    else reply = job.kind === 'summary' ? { ok: true, summary: summarizeCsv(bytes, job.limits) } : { ok: true, table: parseCsv(bytes, job.limits) };
  } catch (error) {
    reply = error instanceof CsvRefusal ? { ok: false, refusal: error.message, status: error.status, field: error.field } : { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
