/**
 * The index build, the index file's load and write, and the parts' dictionary on a worker thread
 * (ADR 072, 077), so the thread that answers searches only streams records and takes the finished
 * arrays: they come back on shared memory (no copy), and the lookup maps are made here in short
 * slices. One thread serves a whole refresh (every part it builds or loads, the files it writes,
 * the dictionary): the engine's modules are loaded once per refresh, not once per part. The worker
 * is ended when its owner is done, failed or not.
 */
import { Worker } from 'node:worker_threads';
import type { ListRecord } from '#shared/list-record';
import { dataToTransferable, transferableToData, type TransferableIndex } from '../engine/index-transfer';
import { makeLookups, MatchIndex } from '../engine/match-index';
import { lexiconTokensOf, type LexiconArrays, type LexiconData } from '../engine/parts-lexicon';
import { IndexFileError, type WrittenIndexFile } from './index-file';
import { RecordsFileError, type RecordsTarget, type WrittenRecordsFile } from './records-file';
import { workerBootstrap } from './worker-pool';
import { turnOfTheLoop } from './event-loop-turn';

/** A request to an index thread; each gets one reply, in order. */
export type IndexRequest =
  | { build: { version: string; records?: RecordsTarget } }
  | { records: readonly (string | ListRecord)[]; page?: RecordsPage }
  | { finish: true }
  | { read: ThreadRead }
  | { load: { file: string; expectVersion?: string } }
  | { save: { file: string; index: TransferableIndex } }
  | { lexicon: { parts: TransferableIndex[] } }
  | { delta: RecordsDelta };

/**
 * A build the thread reads itself from a PostgreSQL server, on a connection of its own (ADR 081):
 * each source of records is a keyset read, `first` taking (…params, limit) and `next` (…params, last
 * record id, limit), both returning (record_id, data) in record id order, data as the stored JSON text.
 */
export interface ThreadRead {
  url: string;
  version: string;
  pageSize: number;
  reads: { first: string; next: string; params: unknown[] }[];
  /** Where to write the part's records file as it is read (ADR 086); `params[1]` of each read is its version id. */
  recordsFile?: RecordsTarget;
}

/** Which records a page of stored texts holds: their version and record ids, for the part's records file (ADR 086). */
export interface RecordsPage {
  version: number;
  ids: readonly string[];
}

/**
 * A part built there from the old part's records file and the new versions' changes (ADR 086): each
 * segment is a version of the new part, in the part's order, made from the records of `from` in the
 * old file (the same version when it did not change) less `removed`, with `upserts` (changed and
 * added records, their stored text read by id) put in their place by record id.
 */
export interface RecordsDelta {
  version: string;
  from: { file: string; key: string };
  /** The new part's records file (written as the part is built). */
  to: RecordsTarget | null;
  segments: DeltaSegment[];
}

export interface DeltaSegment {
  version: number;
  from: number;
  removed: readonly string[];
  upserts: { ids: readonly string[]; texts: readonly string[] };
  /** The version's record count: a part made with another count is refused (the change set was not this file's). */
  expect?: number;
}

export interface IndexThreadError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
}

/** A reply of an index thread: a build started, records added, the index, a file written, a dictionary, or why it failed. */
export interface IndexThreadReply {
  threadId: number;
  started?: boolean;
  added?: number;
  /** Rows a `read` build read from the database there (none went through the serving thread). */
  rows?: number;
  index?: TransferableIndex;
  written?: WrittenIndexFile;
  /** The dictionary's arrays without its tokens: the serving thread takes those from the parts it holds (ADR 081). */
  lexicon?: LexiconArrays;
  /** The part's records file written with the build (ADR 086); absent when none was asked or it could not be written. */
  recordsFile?: WrittenRecordsFile;
  error?: IndexThreadError;
}

/** An index made on a thread, and the id of that thread (never the caller's). */
export interface ThreadIndex {
  index: MatchIndex;
  threadId: number;
  /** The part's records file, when the build wrote one (ADR 086). */
  recordsFile?: WrittenRecordsFile;
}

/** Tokens per step of the lookup maps; steps run until SLICE_MS has passed, then searches run (ADR 081). */
export const LOOKUP_SLICE = 256;
/** How long the serving thread works on a revive or a dictionary before it lets searches run (ADR 081). */
export const SLICE_MS = 4;

const WORKER_SOURCE = workerBootstrap(new URL('./index-worker.ts', import.meta.url));
const running = new Set<Worker>();
let started = 0;

/**
 * What the serving thread received from index threads, for tests (ADR 081): dictionary tokens cloned
 * in replies (none: it takes them from its parts), and records it passed to a build (none when the
 * thread reads them itself).
 */
export const threadTraffic = { lexiconTokens: 0, recordsSent: 0 };

/** How many index threads are running now (each ends with its owner's work). */
export function runningIndexThreads(): number {
  return running.size;
}

/** How many index threads this process started (tests: one per refresh, not one per part). */
export function startedIndexThreads(): number {
  return started;
}

function errorFrom(e: IndexThreadError, file?: string): Error {
  if (e.name === 'IndexFileError' && file && e.reason) return new IndexFileError(file, e.reason);
  if (e.name === 'RecordsFileError' && file && e.reason) return new RecordsFileError(file, e.reason);
  return Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
}


/** Runs a generator of short steps to its end, letting the event loop turn whenever SLICE_MS has passed (ADR 081). */
export async function runInSlices<T>(steps: Generator<void, T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= SLICE_MS) {
      await turnOfTheLoop();
      since = performance.now();
    }
  }
}

/** Makes a MatchIndex of arrays from a thread, the lookup maps in slices with a turn of the event loop between them. */
export async function reviveIndex(t: TransferableIndex): Promise<MatchIndex> {
  const data = transferableToData(t);
  return new MatchIndex(data, undefined, await runInSlices(makeLookups(data, undefined, LOOKUP_SLICE)));
}

/** One worker thread and its replies, in the order of the requests: builds, loads, writes and dictionaries, one after another. */
export class IndexThread {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (m: IndexThreadReply) => void; reject: (e: Error) => void; file?: string }[] = [];
  private failure: Error | null = null;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    started += 1;
    running.add(this.worker);
    this.worker.on('message', (m: IndexThreadReply) => {
      const w = this.waiting.shift();
      if (!w) return;
      threadTraffic.lexiconTokens += (m.lexicon as { tokens?: unknown[] } | undefined)?.tokens?.length ?? 0;
      if (m.error) w.reject(errorFrom(m.error, w.file));
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

  /** The worker's reply to `message` (`file`: the file an error is about). */
  private request(message: IndexRequest, file?: string): Promise<IndexThreadReply> {
    if (this.failure) return Promise.reject(this.failure);
    const reply = new Promise<IndexThreadReply>((resolve, reject) => this.waiting.push({ resolve, reject, file }));
    this.worker.postMessage(message);
    return reply;
  }

  /**
   * Builds an index there from pages of records (objects, or their stored JSON text, which the
   * thread parses). One page is added there while the next is read here.
   */
  async build(pages: AsyncIterable<readonly (string | ListRecord)[] | { texts: readonly string[]; page: RecordsPage }>, version: string, records?: RecordsTarget): Promise<ThreadIndex> {
    await this.request({ build: { version, records } });
    let adding: Promise<IndexThreadReply> | null = null;
    try {
      for await (const page of pages) {
        if (adding) await adding;
        const message = 'texts' in page ? { records: page.texts, page: page.page } : { records: page };
        threadTraffic.recordsSent += message.records.length;
        adding = this.request(message);
        // A failed add rejects at once; caught when awaited (next page or below).
        adding.catch(() => undefined);
      }
      if (adding) await adding;
    } catch (error) {
      // The thread may still be adding: it is no use for another job.
      await this.end();
      throw error;
    }
    const done = await this.request({ finish: true });
    return { index: await reviveIndex(done.index!), threadId: done.threadId, recordsFile: done.recordsFile };
  }

  /**
   * Builds a part there from the old part's records file and the changes of its new versions (ADR 086):
   * the serving thread reads only the changed records. Throws a RecordsFileError when the file is
   * missing, stale, or does not add up to the versions' counts (the caller then builds from the database).
   */
  async buildFromRecords(delta: RecordsDelta): Promise<ThreadIndex & { rows: number }> {
    const done = await this.request({ delta }, delta.from.file);
    return { index: await reviveIndex(done.index!), threadId: done.threadId, rows: done.rows ?? 0, recordsFile: done.recordsFile };
  }

  /**
   * Builds an index there from records it reads itself on a connection of its own to a PostgreSQL
   * server (ADR 081): nothing per record happens on this thread.
   */
  async buildFromPostgres(read: ThreadRead): Promise<ThreadIndex & { rows: number }> {
    const done = await this.request({ read });
    return { index: await reviveIndex(done.index!), threadId: done.threadId, rows: done.rows ?? 0, recordsFile: done.recordsFile };
  }

  /** Reads an index file there (checksum and all); throws as readIndexFile does. */
  async load(file: string, expectVersion?: string): Promise<ThreadIndex> {
    const done = await this.request({ load: { file, expectVersion } }, file);
    return { index: await reviveIndex(done.index!), threadId: done.threadId };
  }

  /** Writes an index's file there (its arrays shared with it: those not on shared memory yet are copied there first). */
  async save(index: MatchIndex, file: string): Promise<WrittenIndexFile & { threadId: number }> {
    const done = await this.request({ save: { file, index: dataToTransferable(index.data) } }, file);
    return { ...done.written!, threadId: done.threadId };
  }

  /**
   * The dictionary of these parts, in this order (ADR 070), made there; its arrays come back on shared
   * memory, and its tokens are taken here, in slices, from the parts' own (no string is cloned, ADR 081).
   */
  async lexicon(parts: readonly MatchIndex[]): Promise<LexiconData & { threadId: number }> {
    const done = await this.request({ lexicon: { parts: parts.map((p) => dataToTransferable(p.data)) } });
    const arrays = done.lexicon!;
    const tokens = await runInSlices(lexiconTokensOf(parts, arrays, LOOKUP_SLICE * 16));
    return { ...arrays, tokens, threadId: done.threadId };
  }

  /** Ends the worker; resolves once it has exited. */
  async end(): Promise<void> {
    if (running.has(this.worker)) await this.worker.terminate();
  }
}

/** Runs `job` on a thread of its own, ended afterwards whatever happens. */
export async function withIndexThread<T>(job: (thread: IndexThread) => Promise<T>): Promise<T> {
  const thread = new IndexThread();
  try {
    return await job(thread);
  } finally {
    await thread.end();
  }
}

/** Builds an index on a thread of its own from pages of records (IndexThread.build). */
export function buildIndexInThread(pages: AsyncIterable<readonly (string | ListRecord)[]>, options: { version: string }): Promise<ThreadIndex> {
  return withIndexThread((t) => t.build(pages, options.version));
}

/** Reads an index file on a thread of its own; throws as readIndexFile does. */
export function readIndexFileInThread(file: string, options: { expectVersion?: string } = {}): Promise<ThreadIndex> {
  return withIndexThread((t) => t.load(file, options.expectVersion));
}

/** Writes an index's file on a thread of its own. */
export function writeIndexFileInThread(index: MatchIndex, file: string): Promise<WrittenIndexFile & { threadId: number }> {
  return withIndexThread((t) => t.save(index, file));
}
