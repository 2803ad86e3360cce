/**
 * Where a refresh of the index store makes its parts (ADR 072, 077): on this thread, or on one
 * worker thread for the whole refresh (`inThread`), which builds or loads every part it needs,
 * makes the parts' dictionary before the new index is published, and writes the new parts' files;
 * it is ended when the refresh is done. On that path, on PostgreSQL (`databaseUrl`), the thread reads
 * the records itself on a connection of its own (ADR 081); on PGlite this thread reads the records'
 * text from the database (the one instance is here); and this thread makes the lookup maps in slices.
 */
import { threadId } from 'node:worker_threads';
import type { PartedIndex } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import { attachLexicon, lexiconOf } from '#engine/parts-lexicon';
import { IndexThread, withIndexThread } from '../../engine-runtime/index-thread';
import type { Db } from '../db/client';
import { loadIndexFile, saveIndexFile, indexFileKey } from './index-files';
import { buildIndexFromDatabase, DEFAULT_PAGE_SIZE, indexedVersionsOf, indexVersionOf, readActiveRecordTexts, threadReadsOf, type ActiveVersion, type IndexBuildInfo } from './index-store-reads';
import type { HeldPart } from './index-store-parts';

/**
 * What a page read of a swap's build on the thread path should take: on PGlite the read is a
 * synchronous query on the serving thread (a page of 20,000 rows held searches for 1.7 s). Measured
 * (ADR 077): 20 ms pages cut a swap's longest wait to 0.75–0.83 s (from 3.1–4.4 s) at about twice
 * the swap's CPU; 100 ms pages kept waits of seconds and cost more CPU too.
 */
export const PAGE_MS = 20;

export interface PartMakerOptions {
  pageSize?: number;
  /** On the thread path, the time a page read should take (pages sized by it, ADR 077); default PAGE_MS; 0: pages of pageSize. */
  pageMs?: number;
  shared?: boolean;
  dir?: string | null;
  log?: (line: string) => void;
  /** Make the parts on a worker thread (only shared arrays can come back from one). */
  inThread?: boolean;
  /**
   * The PostgreSQL server the store's database is on (postgres://…; unset on PGlite): a build on the
   * worker thread reads its records there on a connection of its own, nothing per record here (ADR 081).
   */
  databaseUrl?: string;
}

/** Builds the index of these versions on a worker thread: this thread reads the records' text and passes it on (ADR 072). */
export async function buildIndexInThreadFromDatabase(db: Db, active: readonly ActiveVersion[], options: { pageSize?: number; pageMs?: number; thread?: IndexThread } = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const pages = readActiveRecordTexts(db, versions, options.pageSize, (options.pageMs ?? PAGE_MS) || undefined);
  const { index, threadId: by } = options.thread ? await options.thread.build(pages, version) : await withIndexThread((t) => t.build(pages, version));
  return { index, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: 'database', threadIds: [by] } };
}

/** Builds the index of these versions on a worker thread that reads the records itself from PostgreSQL (ADR 081). */
export async function buildIndexInThreadFromPostgres(db: Db, url: string, active: readonly ActiveVersion[], options: { pageSize?: number; thread?: IndexThread } = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo; rows: number }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const read = { url, version, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, reads: await threadReadsOf(db, versions) };
  const { index, threadId: by, rows } = options.thread ? await options.thread.buildFromPostgres(read) : await withIndexThread((t) => t.buildFromPostgres(read));
  return { index, rows, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: 'database', threadIds: [by] } };
}

/** Makes the parts, the dictionary and the files of one refresh; `end()` when the refresh is done. */
export class PartMaker {
  private thread: IndexThread | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: PartMakerOptions,
  ) {}

  /** Whether the work goes to a worker thread (only shared arrays can come back from one). */
  get inThread(): boolean {
    return (this.options.inThread ?? false) && (this.options.shared ?? true);
  }

  /** The refresh's worker thread, started at its first job. */
  private get worker(): IndexThread {
    return (this.thread ??= new IndexThread());
  }

  /** A part of these versions: from its file in the index folder when there is a good one, else built from the database. */
  async make(name: string, versions: ActiveVersion[]): Promise<HeldPart> {
    const version = indexVersionOf(versions);
    const dir = this.options.dir;
    const shared = this.options.shared ?? true;
    if (dir) {
      const loaded = await loadIndexFile(dir, await indexFileKey(this.db, versions), version, shared, this.options.log, this.inThread ? this.worker : false);
      if (loaded) return { name, version, versions, index: loaded.index, from: 'file', threadId: loaded.threadId };
    }
    if (this.inThread && this.options.databaseUrl) {
      const { index, info } = await buildIndexInThreadFromPostgres(this.db, this.options.databaseUrl, versions, { pageSize: this.options.pageSize, thread: this.worker });
      return { name, version, versions, index, from: 'database', threadId: info.threadIds![0] };
    }
    if (this.inThread) {
      const { index, info } = await buildIndexInThreadFromDatabase(this.db, versions, { pageSize: this.options.pageSize, pageMs: this.options.pageMs, thread: this.worker });
      return { name, version, versions, index, from: 'database', threadId: info.threadIds![0] };
    }
    const { index } = await buildIndexFromDatabase(this.db, versions, this.options);
    return { name, version, versions, index, from: 'database', threadId };
  }

  /**
   * Gives the new index its parts' dictionary (ADR 070) before it is published, so its first search
   * does not make it: on the worker thread when there is one, else here. Returns the thread that made it.
   */
  async prepareLexicon(index: PartedIndex): Promise<number> {
    if (!this.inThread) {
      lexiconOf(index);
      return threadId;
    }
    const made = await this.worker.lexicon(index.parts.map((p) => p.index));
    attachLexicon(index, made);
    return made.threadId;
  }

  /** Writes the file of a freshly built part for the next start and for other processes. */
  async save(part: HeldPart): Promise<void> {
    const dir = this.options.dir;
    if (!dir) return;
    try {
      const key = await indexFileKey(this.db, part.versions);
      const written = await saveIndexFile(dir, key, part.index, this.options.log, this.inThread ? this.worker : false);
      if (written) this.options.log?.(`Match index file of part ${part.name} written: ${(written.bytes / 1_048_576).toFixed(0)} MiB in ${(written.ms / 1000).toFixed(1)} s.`);
    } catch (error) {
      // The index is in force already; without its file the next start builds this part again.
      this.options.log?.(`Match index file of part ${part.name} not written: ${(error as Error).message}`);
    }
  }

  /** Ends the worker thread, if one was started. */
  async end(): Promise<void> {
    await this.thread?.end();
    this.thread = null;
  }
}
