/**
 * Tells a list input's format by its first bytes (not its name) and gives the workbook readers
 * the file path they need: a ZIP or OLE2 stream is spooled to a temporary file (both formats
 * are read from their directory at the end or scattered sectors), removed when done.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ListInput } from './read-lines';
import { fileKindOf, type FileKind } from './xls-shared';

export interface SniffedInput {
  kind: FileKind;
  /** For `text`: the input to read (a stream gets its first bytes put back). */
  input: ListInput;
  /** A path to the bytes (the input's own path, or a temporary copy of a stream); `release` when done. */
  openPath(): Promise<{ path: string; release(): Promise<void> }>;
}

const HEAD_BYTES = 8;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Sniffs the input's kind; for a stream, its first chunks are read and replayed. */
export async function sniffInput(input: ListInput): Promise<SniffedInput> {
  if (typeof input === 'string') {
    const kind = fileKindOf(await readHead(input));
    return { kind, input, openPath: async () => ({ path: input, release: async () => {} }) };
  }
  const iterator = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let isDone = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    size += chunk.length;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    yield* head;
    if (isDone) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
  }
  const path = (input as Readable & { path?: unknown }).path;
  const replayed = Object.assign(Readable.from(replay()), typeof path === 'string' ? { path } : {});
  const kind = fileKindOf(Buffer.concat(head).subarray(0, HEAD_BYTES));
  return {
    kind,
    input: replayed,
    async openPath() {
      const dir = await mkdtemp(join(tmpdir(), 'clearlist-sheet-'));
      const release = (): Promise<void> => rm(dir, { recursive: true, force: true });
      try {
        const copy = join(dir, 'workbook');
        await pipeline(replayed, createWriteStream(copy));
        return { path: copy, release };
      } catch (error) {
        await release();
        throw error;
      }
    },
  };
}
