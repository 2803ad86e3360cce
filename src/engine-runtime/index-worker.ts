/**
 * Worker thread body of index-thread.ts (ADR 072): builds an index from the records it is sent,
 * reads an index file, or writes one, so the serving thread never runs the long synchronous
 * steps (the builder's adds and finish, the file's checksum). The arrays it makes are on shared
 * memory: they go back to the serving thread without a copy.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { ListRecord } from '#shared/list-record';
import { expandStoredRecord } from '../lists/core/stored-record';
import { IndexBuilder } from '../engine/index-builder';
import { dataToTransferable, transferableToData } from '../engine/index-transfer';
import { readIndexData, writeIndexData } from './index-file';
import type { IndexJob, IndexThreadError, IndexThreadReply } from './index-thread';

const job = workerData as IndexJob;
const reply = (m: IndexThreadReply): void => parentPort!.postMessage(m);

function errorOf(error: unknown): IndexThreadError {
  const e = error as Error & { code?: string; reason?: string };
  return { name: e?.name ?? 'Error', message: e?.message ?? String(error), code: e?.code, reason: e?.reason };
}

async function runOnce(): Promise<void> {
  try {
    if (job.kind === 'load') {
      const data = await readIndexData(job.file, { shared: true, expectVersion: job.expectVersion });
      reply({ index: dataToTransferable(data), threadId });
    } else if (job.kind === 'save') {
      const written = await writeIndexData(transferableToData(job.index), job.file);
      reply({ written, threadId });
    }
  } catch (error) {
    reply({ error: errorOf(error), threadId });
  }
}

if (job.kind === 'build') {
  const builder = new IndexBuilder({ version: job.version, shared: true });
  let failed = false;
  parentPort!.on('message', (m: { records?: (string | ListRecord)[]; finish?: boolean }) => {
    // After a failure every later message gets the same answer: the caller stops at the first.
    if (failed) return reply({ error: { name: 'Error', message: 'the index build failed before' }, threadId });
    try {
      if (m.records) {
        // Records arrive as their stored JSON text (ADR 021): parsed here, not on the serving thread.
        for (const r of m.records) builder.add(typeof r === 'string' ? expandStoredRecord(r) : r);
        reply({ added: builder.recordCount, threadId });
      } else if (m.finish) {
        reply({ index: dataToTransferable(builder.finishData()), threadId });
      }
    } catch (error) {
      failed = true;
      reply({ error: errorOf(error), threadId });
    }
  });
} else {
  void runOnce();
}
