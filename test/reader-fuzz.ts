/**
 * Fuzzing of every list file reader (issue 53 §2, ADR 112): valid small files of each format,
 * mutated at random (bit flips, cuts, inserted bytes, huge declared sizes), seeded. A case holds
 * when the reader either reads the file or refuses it with an Error that has a message, within
 * its time: never a hang, a crash or a throw of something else.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { htmlTables } from '#lists/core/html-table';
import { readZipDirectory, zipEntryChunks } from '#lists/core/zip';
import { findListSource } from '#lists/sources';
import { buildZip } from './list-downloads';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = (file: string): Buffer => readFileSync(path.join(root, 'src/lists', file));

/** A small seeded generator (mulberry32): the same seed gives the same cases. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One to four mutations of `input`: flipped bits, a cut, inserted or repeated bytes, a field set to a huge number. */
export function mutate(input: Buffer, random: () => number): Buffer {
  let bytes = Buffer.from(input);
  const at = () => Math.floor(random() * Math.max(1, bytes.length));
  for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
    const kind = Math.floor(random() * 6);
    if (kind === 0) for (let i = 0; i < 1 + random() * 8; i++) bytes[at()] ^= 1 << Math.floor(random() * 8);
    else if (kind === 1) bytes = bytes.subarray(0, at());
    else if (kind === 2) {
      const where = at();
      const inserted = Buffer.from(Array.from({ length: 1 + Math.floor(random() * 16) }, () => Math.floor(random() * 256)));
      bytes = Buffer.concat([bytes.subarray(0, where), inserted, bytes.subarray(where)]);
    } else if (kind === 3) {
      // A huge declared size, count or offset (little-endian, as ZIP and OLE write them).
      const where = at();
      if (where + 4 <= bytes.length) bytes.writeUInt32LE([0xffffffff, 0x7fffffff, 0x10000000, 0xfffffffe][Math.floor(random() * 4)], where);
    } else if (kind === 4) {
      const where = at();
      const slice = bytes.subarray(where, where + 1 + Math.floor(random() * 64));
      bytes = Buffer.concat([bytes.subarray(0, where), slice, slice, bytes.subarray(where)]);
    } else {
      // A text number grown huge (a PDF /Length, an XML attribute, a CSV field).
      const text = bytes.toString('latin1');
      const digits = [...text.matchAll(/\d+/g)];
      if (digits.length) {
        const hit = digits[Math.floor(random() * digits.length)];
        bytes = Buffer.concat([bytes.subarray(0, hit.index), Buffer.from('99999999999'), bytes.subarray(hit.index + hit[0].length)]);
      }
    }
  }
  return bytes;
}

/** Reads a list's files with its source's parser to the end. */
async function parseAll(source: string, files: string[]): Promise<void> {
  const run = findListSource(source)!.parse(files, { dateAcquired: '2026-12-01' });
  for await (const _batch of run.batches());
}

export interface FuzzedReader {
  name: string;
  /** The valid inputs that are mutated. */
  seeds: Buffer[];
  /** Reads one input to the end (in `dir`, a folder of its own, when it needs a file). */
  read(bytes: Buffer, dir: string): Promise<void>;
  /** Mutates one input (by default `mutate`, on the file's bytes). */
  mutate?(input: Buffer, random: () => number): Promise<Buffer>;
  /** Read in a thread of its own that is stopped after the case's time: a loop there is the time limit's refusal, not a hang of the server. */
  isThreaded?: boolean;
}

/** Writes `bytes` as `name` in `dir` and parses it as `source`. */
const asFile = (source: string, name: string) => async (bytes: Buffer, dir: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  await parseAll(source, [file]);
};

/** Mutates one XML part of a workbook and packs it again with right CRCs: the XML readers behind the ZIP's checks. */
async function mutateWorkbookPart(book: Buffer, random: () => number): Promise<Buffer> {
  const parts: { name: string; data: Buffer }[] = [];
  for (const entry of await readZipDirectory(book)) {
    const chunks: Buffer[] = [];
    for await (const chunk of zipEntryChunks(book, entry)) chunks.push(chunk);
    parts.push({ name: entry.name, data: Buffer.concat(chunks) });
  }
  const xml = parts.filter((part) => part.name.endsWith('.xml'));
  const part = xml[Math.floor(random() * xml.length)];
  part.data = mutate(part.data, random);
  return buildZip(parts);
}

/** Every reader, with the fixtures it starts from. */
export function fuzzedReaders(): FuzzedReader[] {
  return [
    { name: 'CSV (LEIE)', seeds: [fixture('leie/fixtures/UPDATED.csv'), fixture('leie/fixtures/UPDATED-2017.csv')], read: asFile('leie', 'UPDATED.csv') },
    {
      name: 'ZIP',
      seeds: [buildZip([{ name: 'a.csv', data: fixture('leie/fixtures/UPDATED.csv') }, { name: 'b.txt', data: 'x'.repeat(5000) }]), buildZip([{ name: 'stored.csv', data: 'a,b\n1,2\n', store: true }])],
      async read(bytes) {
        for (const entry of await readZipDirectory(bytes)) for await (const _chunk of zipEntryChunks(bytes, entry));
      },
    },
    { name: 'XLSX (state-ny)', seeds: [fixture('state/fixtures/ny.xlsx'), fixture('state/fixtures/ny-openpyxl.xlsx')], read: asFile('state-ny', 'ny.xlsx') },
    { name: 'XLSX XML parts (state-ny)', seeds: [fixture('state/fixtures/ny.xlsx'), fixture('state/fixtures/ny-openpyxl.xlsx')], read: asFile('state-ny', 'ny.xlsx'), mutate: mutateWorkbookPart },
    { name: 'XLS/OLE (state-tx)', seeds: [fixture('state/fixtures/tx.xls'), fixture('state/fixtures/tx-xlwt.xls')], read: asFile('state-tx', 'tx.xls') },
    // pdf.js can loop on a damaged file: read in a thread with a time limit, as the server does (guarded-parse.ts).
    { name: 'PDF tables (state-az)', seeds: [fixture('state/fixtures/az.pdf')], read: asFile('state-az', 'az.pdf'), isThreaded: true },
    {
      name: 'HTML tables',
      seeds: [fixture('state/fixtures/az.html')],
      async read(bytes) {
        htmlTables(bytes.toString('utf8'));
      },
    },
    { name: 'OFAC XML', seeds: [fixture('ofac/fixtures/sdn.xml')], read: asFile('ofac-sdn', 'sdn.xml') },
  ];
}

export interface FuzzOutcome {
  reader: string;
  tried: number;
  held: number;
  /** Of those held, the cases read to the end (the others were refused with a message). */
  read: number;
  /** Of those held, the cases refused by the time limit (threaded readers only). */
  timedOut: number;
  failures: { seed: number; why: string }[];
}

type CaseResult = 'read' | 'hang' | 'timed out' | unknown;

/** A thread that reads cases one at a time, replaced when a case runs out of time. */
class FuzzThread {
  private worker: Worker | null = null;

  async read(name: string, bytes: Buffer, caseMs: number): Promise<CaseResult> {
    const worker = (this.worker ??= new Worker(new URL('./reader-fuzz-entry.mjs', import.meta.url)));
    return new Promise<CaseResult>((resolve) => {
      const done = (result: CaseResult) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError);
        resolve(result);
      };
      const onMessage = (reply: { ok: boolean; isError?: boolean; name?: string; message?: string }) =>
        done(reply.ok ? 'read' : reply.isError ? Object.assign(new (reply.name === 'TypeError' ? TypeError : reply.name === 'ReferenceError' ? ReferenceError : Error)(reply.message), {}) : reply.message);
      const onError = (error: Error) => {
        this.worker = null;
        done(new Error(`the thread died: ${error.message}`));
      };
      const timer = setTimeout(() => {
        this.worker = null;
        void worker.terminate();
        done('timed out');
      }, caseMs);
      worker.on('message', onMessage).on('error', onError);
      worker.postMessage({ name, bytes });
    });
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

/** Tries `cases` mutations of a reader's inputs from `seed`; a case that takes longer than `caseMs` fails as a hang. */
export async function fuzzReader(reader: FuzzedReader, seed: number, cases: number, caseMs = 3000): Promise<FuzzOutcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-fuzz-'));
  const outcome: FuzzOutcome = { reader: reader.name, tried: 0, held: 0, read: 0, timedOut: 0, failures: [] };
  const thread = reader.isThreaded ? new FuzzThread() : null;
  try {
    // The thread's start (tsx, the parsers) is not a case's time.
    if (thread) await thread.read(reader.name, reader.seeds[0], 60_000);
    for (let n = 0; n < cases; n++) {
      const caseSeed = seed + n;
      const random = randomFrom(caseSeed);
      const seedFile = reader.seeds[Math.floor(random() * reader.seeds.length)];
      const input = reader.mutate ? await reader.mutate(seedFile, random) : mutate(seedFile, random);
      outcome.tried += 1;
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), caseMs)));
      const result: CaseResult = thread
        ? await thread.read(reader.name, input, caseMs)
        : await Promise.race([reader.read(input, dir).then(() => 'read' as const, (error: unknown) => error), hang]);
      clearTimeout(timer);
      if (result === 'read') {
        outcome.held += 1;
        outcome.read += 1;
      } else if (result === 'timed out') {
        outcome.held += 1;
        outcome.timedOut += 1;
      }
      else if (result === 'hang') outcome.failures.push({ seed: caseSeed, why: `no answer within ${caseMs} ms` });
      // A refusal says what is wrong with the file; a TypeError or ReferenceError is the reader's own bug.
      else if (result instanceof Error && result.message.trim() !== '' && !(result instanceof TypeError) && !(result instanceof ReferenceError)) outcome.held += 1;
      else outcome.failures.push({ seed: caseSeed, why: `threw ${result instanceof Error ? `${result.name}: ${result.message.slice(0, 200) || '(no message)'}` : String(result)}` });
    }
  } finally {
    await thread?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return outcome;
}
