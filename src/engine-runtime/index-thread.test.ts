import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { storedRecordJson } from '#lists/core/stored-record';
import { buildIndex } from '../engine/index-builder';
import { screenMany } from '../engine/screen';
import { syntheticIndividuals, syntheticRecords } from '../engine/synthetic-records';
import { IndexFileError, indexContentHash, readIndexFile, writeIndexFile } from './index-file';
import { lexiconDataOf } from '../engine/parts-lexicon';
import { buildIndexInThread, readIndexFileInThread, runningIndexThreads, threadTraffic, withIndexThread, writeIndexFileInThread } from './index-thread';

const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-index-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const records = [...syntheticRecords(3000, 11)];
const expected = buildIndex(records, { version: 'thread-test', shared: true });

async function* pagesOf<T>(items: readonly T[], size: number, onLast?: () => void): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
  onLast?.();
}

describe('index thread (ADR 072)', () => {
  it('builds on a thread of its own the same index as this thread, from records or their stored text, and ends the thread', async () => {
    const fromObjects = await buildIndexInThread(pagesOf(records, 700), { version: 'thread-test' });
    expect(fromObjects.threadId).not.toBe(threadId);
    expect(indexContentHash(fromObjects.index)).toBe(indexContentHash(expected));
    const fromText = await buildIndexInThread(pagesOf(records.map(storedRecordJson), 1000), { version: 'thread-test' });
    expect(indexContentHash(fromText.index)).toBe(indexContentHash(expected));
    expect(fromText.index.data.entry.tokens.buffer).toBeInstanceOf(SharedArrayBuffer);
    const queries = syntheticIndividuals(40, 3);
    expect(JSON.stringify(screenMany(fromText.index, queries))).toBe(JSON.stringify(screenMany(expected, queries)));
    expect(fromText.index.stats()).toEqual(expected.stats());
    expect(runningIndexThreads()).toBe(0);
  });

  it('answers this thread’s work between the last page handed over and the finished index', async () => {
    let handedOver = false;
    let turnsAfter = 0;
    let done = false;
    const build = buildIndexInThread(pagesOf(records, 1500, () => (handedOver = true)), { version: 'thread-test' }).finally(() => (done = true));
    const spin = (): void => {
      if (done) return;
      if (handedOver) turnsAfter += 1;
      setImmediate(spin);
    };
    spin();
    const { index } = await build;
    // On this thread, finish() would run straight after the last page: not one turn in between.
    expect(turnsAfter).toBeGreaterThan(0);
    expect(index.recordCount).toBe(records.length);
  });

  it('reports a failed build with the thread’s reason and ends the thread', async () => {
    const bad = { ...records[0], akas: 5 } as unknown as ListRecord;
    await expect(buildIndexInThread(pagesOf([...records.slice(0, 10), bad], 5), { version: 'bad' })).rejects.toThrow(/akas.*is not a function/);
    expect(runningIndexThreads()).toBe(0);
  });

  it('reads and writes index files on a thread, answering as the index written', async () => {
    const file = path.join(dir, 'a.idx');
    await writeIndexFile(expected, file);
    const read = await readIndexFileInThread(file, { expectVersion: 'thread-test' });
    expect(read.threadId).not.toBe(threadId);
    expect(indexContentHash(read.index)).toBe(indexContentHash(expected));
    const copy = path.join(dir, 'b.idx');
    const written = await writeIndexFileInThread(read.index, copy);
    expect(written.threadId).not.toBe(threadId);
    expect(readFileSync(copy)).toEqual(readFileSync(file));
    expect(indexContentHash(await readIndexFile(copy))).toBe(indexContentHash(expected));
    expect(runningIndexThreads()).toBe(0);
  });

  it('refuses a bad file with the reader’s reason, and a missing one with its code', async () => {
    const file = path.join(dir, 'a.idx');
    await expect(readIndexFileInThread(file, { expectVersion: 'other' })).rejects.toThrow(IndexFileError);
    const bytes = readFileSync(file);
    bytes[bytes.length - 40] ^= 0xff;
    const corrupt = path.join(dir, 'corrupt.idx');
    writeFileSync(corrupt, bytes);
    await expect(readIndexFileInThread(corrupt)).rejects.toMatchObject({ name: 'IndexFileError', reason: expect.stringMatching(/checksum|end marker/) });
    await expect(readIndexFileInThread(path.join(dir, 'none.idx'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(runningIndexThreads()).toBe(0);
  });

  it('makes the parts’ dictionary there and takes its tokens from the parts here, none cloned (ADR 081)', async () => {
    const parts = [buildIndex(records.slice(0, 1200), { version: 'a', shared: true }), buildIndex(records.slice(1000), { version: 'b', shared: true })];
    const before = threadTraffic.lexiconTokens;
    const made = await withIndexThread((t) => t.lexicon(parts));
    expect(threadTraffic.lexiconTokens).toBe(before);
    const here = lexiconDataOf(parts.map((p) => ({ tokens: p.tokens, typo: p.data.typo })));
    expect(made.tokens).toEqual(here.tokens);
    expect(made.toUnion).toEqual(here.toUnion);
    expect(made.typo.hashes).toEqual(here.typo.hashes);
    expect(runningIndexThreads()).toBe(0);
  });
});
