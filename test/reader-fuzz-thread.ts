/** The fuzz thread (`reader-fuzz.ts`): reads one case at a time with a reader named in the message. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { fuzzedReaders } from './reader-fuzz';

const readers = new Map(fuzzedReaders().map((reader) => [reader.name, reader]));
const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-fuzz-thread-'));

parentPort!.on('message', async ({ name, bytes }: { name: string; bytes: Uint8Array }) => {
  try {
    await readers.get(name)!.read(Buffer.from(bytes), dir);
    parentPort!.postMessage({ ok: true });
  } catch (error) {
    parentPort!.postMessage({ ok: false, isError: error instanceof Error, name: error instanceof Error ? error.name : undefined, message: error instanceof Error ? error.message : String(error) });
  }
});
