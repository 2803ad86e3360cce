/**
 * Worker thread body of index-thread.ts (ADR 072, 077): builds indexes from the records it is
 * sent, reads and writes index files, and makes the parts' dictionary, one request after another,
 * so the serving thread never runs the long synchronous steps (the builder's adds and finish, the
 * file's checksum, the dictionary's merge). The arrays it makes are on shared memory: they go back
 * to the serving thread without a copy.
 */
import { parentPort, threadId } from 'node:worker_threads';
import pg from 'pg';
import { expandStoredRecord } from '../lists/core/stored-record';
import { IndexBuilder } from '../engine/index-builder';
import { dataToTransferable, transferableToData } from '../engine/index-transfer';
import { lexiconDataOf } from '../engine/parts-lexicon';
import { readIndexData, writeIndexData } from './index-file';
import type { IndexRequest, IndexThreadError, IndexThreadReply, ThreadRead } from './index-thread';

const reply = (m: Omit<IndexThreadReply, 'threadId'>): void => parentPort!.postMessage({ ...m, threadId });

function errorOf(error: unknown): IndexThreadError {
  const e = error as Error & { code?: string; reason?: string };
  return { name: e?.name ?? 'Error', message: e?.message ?? String(error), code: e?.code, reason: e?.reason };
}

let builder: IndexBuilder | null = null;

/** Reads the records of a build page by page on a connection of its own and builds their index here (ADR 081). */
async function readAndBuild(m: ThreadRead): Promise<void> {
  const client = new pg.Client({ connectionString: m.url });
  await client.connect();
  try {
    const b = new IndexBuilder({ version: m.version, shared: true });
    let rows = 0;
    for (const read of m.reads) {
      let after: string | null = null;
      for (;;) {
        const page: pg.QueryResult<{ record_id: string; data: string }> = await client.query(after === null ? read.first : read.next, after === null ? [...read.params, m.pageSize] : [...read.params, after, m.pageSize]);
        for (const row of page.rows) b.add(expandStoredRecord(row.data));
        rows += page.rows.length;
        if (page.rows.length < m.pageSize) break;
        after = page.rows[page.rows.length - 1].record_id;
      }
    }
    return reply({ index: dataToTransferable(b.finishData()), rows });
  } finally {
    await client.end().catch(() => undefined);
  }
}
let failed = false;

async function answer(m: IndexRequest): Promise<void> {
  if ('build' in m) {
    builder = new IndexBuilder({ version: m.build.version, shared: true });
    failed = false;
    return reply({ started: true });
  }
  if ('records' in m || 'finish' in m) {
    // After a failure every later message of the build gets an answer: the caller stops at the first.
    if (failed || !builder) return reply({ error: { name: 'Error', message: failed ? 'the index build failed before' : 'no index build started' } });
    try {
      if ('records' in m) {
        // Records arrive as their stored JSON text (ADR 021): parsed here, not on the serving thread.
        for (const r of m.records) builder.add(typeof r === 'string' ? expandStoredRecord(r) : r);
        return reply({ added: builder.recordCount });
      }
      const data = builder.finishData();
      builder = null;
      return reply({ index: dataToTransferable(data) });
    } catch (error) {
      failed = true;
      throw error;
    }
  }
  if ('read' in m) return readAndBuild(m.read);
  if ('load' in m) return reply({ index: dataToTransferable(await readIndexData(m.load.file, { shared: true, expectVersion: m.load.expectVersion })) });
  if ('save' in m) return reply({ written: await writeIndexData(transferableToData(m.save.index), m.save.file) });
  const parts = m.lexicon.parts.map(transferableToData);
  // The tokens stay here: the serving thread has them in its parts (cloning a million strings held it, ADR 081).
  const { tokens: _tokens, ...arrays } = lexiconDataOf(parts.map((d) => ({ tokens: d.tokens.toArray(), typo: d.typo })), true);
  return reply({ lexicon: arrays });
}

// Requests are answered in order, each after the one before has finished (loads and writes are async).
let queue: Promise<void> = Promise.resolve();
parentPort!.on('message', (m: IndexRequest) => {
  queue = queue.then(() => answer(m).catch((error: unknown) => reply({ error: errorOf(error) })));
});
