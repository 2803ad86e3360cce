/**
 * The index build and the index file's load and write on a worker thread of their own (ADR 072),
 * so the thread that answers searches only streams records and takes the finished arrays: they
 * come back on shared memory (no copy), and the lookup maps are made here in short slices. The
 * worker is ended when its job is done, failed or not.
 */
import { Worker } from 'node:worker_threads';
import type { ListRecord } from '#shared/list-record';
import { dataToTransferable, transferableToData, type TransferableIndex } from '../engine/index-transfer';
import { makeLookups, MatchIndex } from '../engine/match-index';
import { IndexFileError, type WrittenIndexFile } from './index-file';
import { workerBootstrap } from './worker-pool';

/** What an index thread is started for. */
export type IndexJob = { kind: 'build'; version: string } | { kind: 'load'; file: string; expectVersion?: string } | { kind: 'save'; file: string; index: TransferableIndex };

export interface IndexThreadError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
}

/** A message of an index thread: records added, the index, a file written, or why it failed. */
export interface IndexThreadReply {
  threadId: number;
  added?: number;
  index?: TransferableIndex;
  written?: WrittenIndexFile;
  error?: IndexThreadError;
}

/** An index made on a thread, and the id of that thread (never the caller's). */
export interface ThreadIndex {
  index: MatchIndex;
  threadId: number;
}

/** Tokens per slice of the lookup maps: a few ms each, searches run between slices. */
export const LOOKUP_SLICE = 2048;

const WORKER_SOURCE = workerBootstrap(new URL('./index-worker.ts', import.meta.url));
const running = new Set<Worker>();

/** How many index threads are running now (each ends with its job). */
export function runningIndexThreads(): number {
  return running.size;
}

function errorFrom(e: IndexThreadError, file?: string): Error {
  if (e.name === 'IndexFileError' && file && e.reason) return new IndexFileError(file, e.reason);
  return Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
}

/** One worker and its replies, in the order of the requests. */
class IndexThread {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (m: IndexThreadReply) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | null = null;

  constructor(
    job: IndexJob,
    private readonly file?: string,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: job });
    running.add(this.worker);
    this.worker.on('message', (m: IndexThreadReply) => {
      const w = this.waiting.shift();
      if (!w) return;
      if (m.error) w.reject(errorFrom(m.error, this.file));
      else w.resolve(m);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      running.delete(this.worker);
      this.fail(new Error(`the index thread ended (exit code ${code}) before its job was done`));
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const w of this.waiting.splice(0)) w.reject(error);
  }

  /** The next reply of the worker (to `message` when given). */
  request(message?: unknown): Promise<IndexThreadReply> {
    if (this.failure) return Promise.reject(this.failure);
    const reply = new Promise<IndexThreadReply>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (message !== undefined) this.worker.postMessage(message);
    return reply;
  }

  /** Ends the worker; resolves once it has exited. */
  async end(): Promise<void> {
    if (running.has(this.worker)) await this.worker.terminate();
  }
}

/** Waits for the event loop's next turn: what runs between two slices of work. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Makes a MatchIndex of arrays from a thread, the lookup maps in slices with a turn of the event loop between them. */
export async function reviveIndex(t: TransferableIndex): Promise<MatchIndex> {
  const data = transferableToData(t);
  const steps = makeLookups(data, undefined, LOOKUP_SLICE);
  for (;;) {
    const step = steps.next();
    if (step.done) return new MatchIndex(data, undefined, step.value);
    await nextTurn();
  }
}

/**
 * Builds an index on a worker thread from pages of records (objects, or their stored JSON text,
 * which the thread parses). One page is added there while the next is read here.
 */
export async function buildIndexInThread(pages: AsyncIterable<readonly (string | ListRecord)[]>, options: { version: string }): Promise<ThreadIndex> {
  const thread = new IndexThread({ kind: 'build', version: options.version });
  try {
    let adding: Promise<IndexThreadReply> | null = null;
    for await (const page of pages) {
      if (adding) await adding;
      adding = thread.request({ records: page });
      // A failed add rejects at once; caught when awaited (next page or below).
      adding.catch(() => undefined);
    }
    if (adding) await adding;
    const done = await thread.request({ finish: true });
    await thread.end();
    return { index: await reviveIndex(done.index!), threadId: done.threadId };
  } finally {
    await thread.end();
  }
}

/** Reads an index file on a worker thread (checksum and all); throws as readIndexFile does. */
export async function readIndexFileInThread(file: string, options: { expectVersion?: string } = {}): Promise<ThreadIndex> {
  const thread = new IndexThread({ kind: 'load', file, expectVersion: options.expectVersion }, file);
  try {
    const done = await thread.request();
    await thread.end();
    return { index: await reviveIndex(done.index!), threadId: done.threadId };
  } finally {
    await thread.end();
  }
}

/** Writes an index's file on a worker thread (its arrays shared with it: those not on shared memory yet are copied there first). */
export async function writeIndexFileInThread(index: MatchIndex, file: string): Promise<WrittenIndexFile & { threadId: number }> {
  const thread = new IndexThread({ kind: 'save', file, index: dataToTransferable(index.data) }, file);
  try {
    const done = await thread.request();
    return { ...done.written!, threadId: done.threadId };
  } finally {
    await thread.end();
  }
}
