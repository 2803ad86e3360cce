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
import type { IndexRequest, IndexThreadError, IndexThreadReply, RecordsDelta, ThreadRead } from './index-thread';
import { compareRecordIds, readRecordsFile, RecordsFileError, RecordsFileWriter } from './records-file';

const reply = (m: Omit<IndexThreadReply, 'threadId'>): void => parentPort!.postMessage({ ...m, threadId });

function errorOf(error: unknown): IndexThreadError {
  const e = error as Error & { code?: string; reason?: string };
  return { name: e?.name ?? 'Error', message: e?.message ?? String(error), code: e?.code, reason: e?.reason };
}

let builder: IndexBuilder | null = null;
/** The records file of the build in progress (ADR 086), written as its pages arrive. */
let writer: RecordsFileWriter | null = null;

/** Reads the records of a build page by page on a connection of its own and builds their index here (ADR 081). */
async function readAndBuild(m: ThreadRead): Promise<void> {
  const client = new pg.Client({ connectionString: m.url });
  await client.connect();
  const records = m.recordsFile ? new RecordsFileWriter(m.recordsFile) : null;
  try {
    const b = new IndexBuilder({ version: m.version, shared: true });
    let rows = 0;
    for (const read of m.reads) {
      let after: string | null = null;
      for (;;) {
        const page: pg.QueryResult<{ record_id: string; data: string }> = await client.query(after === null ? read.first : read.next, after === null ? [...read.params, m.pageSize] : [...read.params, after, m.pageSize]);
        for (const row of page.rows) b.add(expandStoredRecord(row.data));
        await records?.page(Number(read.params[1]), page.rows.map((r) => r.record_id), page.rows.map((r) => r.data));
        rows += page.rows.length;
        if (page.rows.length < m.pageSize) break;
        after = page.rows[page.rows.length - 1].record_id;
      }
    }
    const data = b.finishData();
    return reply({ index: dataToTransferable(data), rows, recordsFile: (await records?.finish()) ?? undefined });
  } catch (error) {
    await records?.abort();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
let failed = false;

/** Records per page of a records file written by a delta build. */
const DELTA_PAGE = 2_000;

/**
 * Builds a part from the old part's records file and its new versions' changes (ADR 086), writing the
 * new part's records file as it goes: segment by segment (each a version, in the part's order), the
 * old version's records in record id order with the removed ones left out and the changed and added
 * ones put in their place, so the records are added in the order a build from the database adds them.
 */
async function buildFromRecords(m: RecordsDelta): Promise<void> {
  const b = new IndexBuilder({ version: m.version, shared: true });
  const out = m.to ? new RecordsFileWriter(m.to) : null;
  try {
    let rows = 0;
    for (const s of m.segments) {
      const up = s.upserts;
      const order = up.ids.map((_, i) => i).sort((x, y) => compareRecordIds(up.ids[x], up.ids[y]));
      const removed = new Set(s.removed);
      const ids: string[] = [];
      const texts: string[] = [];
      let made = 0;
      const emit = async (id: string, text: string): Promise<void> => {
        b.add(expandStoredRecord(text));
        ids.push(id);
        texts.push(text);
        made += 1;
        if (ids.length >= DELTA_PAGE) {
          await out?.page(s.version, ids, texts);
          ids.length = 0;
          texts.length = 0;
        }
      };
      let u = 0;
      for await (const line of readRecordsFile(m.from.file, m.from.key, s.from)) {
        while (u < order.length && compareRecordIds(up.ids[order[u]], line.id) < 0) await emit(up.ids[order[u]], up.texts[order[u++]]);
        if (u < order.length && up.ids[order[u]] === line.id) {
          await emit(line.id, up.texts[order[u++]]);
          continue;
        }
        if (!removed.has(line.id)) await emit(line.id, line.text);
      }
      while (u < order.length) await emit(up.ids[order[u]], up.texts[order[u++]]);
      if (ids.length) await out?.page(s.version, ids, texts);
      if (s.expect !== undefined && made !== s.expect) throw new RecordsFileError(m.from.file, `version ${s.version}: ${made} records made from it and the changes, the version holds ${s.expect}`);
      rows += made;
    }
    const data = b.finishData();
    return reply({ index: dataToTransferable(data), rows, recordsFile: (await out?.finish()) ?? undefined });
  } catch (error) {
    await out?.abort();
    throw error;
  }
}

async function answer(m: IndexRequest): Promise<void> {
  if ('build' in m) {
    builder = new IndexBuilder({ version: m.build.version, shared: true });
    await writer?.abort();
    writer = m.build.records ? new RecordsFileWriter(m.build.records) : null;
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
        // The part's records file (ADR 086): only pages that say their version and ids can go in it.
        if (writer && m.page) await writer.page(m.page.version, m.page.ids, m.records as readonly string[]);
        else if (writer) {
          await writer.abort();
          writer = null;
        }
        return reply({ added: builder.recordCount });
      }
      const data = builder.finishData();
      builder = null;
      const recordsFile = (await writer?.finish()) ?? undefined;
      writer = null;
      return reply({ index: dataToTransferable(data), recordsFile });
    } catch (error) {
      failed = true;
      await writer?.abort();
      writer = null;
      throw error;
    }
  }
  if ('read' in m) return readAndBuild(m.read);
  if ('delta' in m) return buildFromRecords(m.delta);
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
