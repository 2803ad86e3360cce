/**
 * Where a refresh of the index store makes its parts (ADR 072, 077): on this thread, or on one
 * worker thread for the whole refresh (`inThread`), which builds or loads every part it needs,
 * makes the parts' dictionary before the new index is published, and writes the new parts' files;
 * it is ended when the refresh is done. On that path, on PostgreSQL (`databaseUrl`), the thread reads
 * the records itself on a connection of its own (ADR 081); on PGlite this thread reads the records'
 * text from the database (the one instance is here); and this thread makes the lookup maps in slices.
 */
import { existsSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { PartedIndex } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import { attachLexicon, lexiconOf } from '#engine/parts-lexicon';
import { IndexThread, withIndexThread, type DeltaSegment } from '../../engine-runtime/index-thread';
import type { RecordsTarget, WrittenRecordsFile } from '../../engine-runtime/records-file';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { versionChangesAgainst } from '../lists/public';
import { loadIndexFile, saveIndexFile, indexFileKey, recordsFilePath } from './index-files';
import { buildIndexFromDatabase, DEFAULT_PAGE_SIZE, indexedVersionsOf, indexVersionOf, readActiveRecordPages, readRecordTextsById, threadReadsOf, type ActiveVersion, type IndexBuildInfo } from './index-store-reads';
import type { HeldPart } from './index-store-parts';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';

/**
 * What a page read of a swap's build on the thread path should take: on PGlite the read is a
 * synchronous query on the serving thread (a page of 20,000 rows held searches for 1.7 s). Measured
 * (ADR 077): 20 ms pages cut a swap's longest wait to 0.75–0.83 s (from 3.1–4.4 s) at about twice
 * the swap's CPU; 100 ms pages kept waits of seconds and cost more CPU too. 10 ms since ADR 091:
 * reads of 20 ms pages took up to 39–54 ms on a quiet machine, of 10 ms pages 24–30 ms.
 */
export const PAGE_MS = 10;

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
  /**
   * On the thread path with an index folder: a changed part is built from the held part's records
   * file and the new versions' changes (ADR 086; default true). False: from the database, as before.
   */
  fromRecords?: boolean;
}

/** Ids of changed records read per query when a part is built from its records file: each read a few ms (ADR 086). */
export const CHANGED_PAGE = 100;

/** Builds the index of these versions on a worker thread: this thread reads the records' text and passes it on (ADR 072); `records`: the part's records file, written there (ADR 086). */
export async function buildIndexInThreadFromDatabase(db: Db, active: readonly ActiveVersion[], options: { pageSize?: number; pageMs?: number; thread?: IndexThread; records?: RecordsTarget } = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo; recordsFile?: WrittenRecordsFile }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const pages = readActiveRecordPages(db, versions, options.pageSize, (options.pageMs ?? PAGE_MS) || undefined);
  const { index, threadId: by, recordsFile } = options.thread ? await options.thread.build(pages, version, options.records) : await withIndexThread((t) => t.build(pages, version, options.records));
  return { index, recordsFile, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: 'database', threadIds: [by] } };
}

/** Builds the index of these versions on a worker thread that reads the records itself from PostgreSQL (ADR 081). */
export async function buildIndexInThreadFromPostgres(db: Db, url: string, active: readonly ActiveVersion[], options: { pageSize?: number; thread?: IndexThread; records?: RecordsTarget } = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo; rows: number; recordsFile?: WrittenRecordsFile }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const read = { url, version, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, reads: await threadReadsOf(db, versions), recordsFile: options.records };
  const { index, threadId: by, rows, recordsFile } = options.thread ? await options.thread.buildFromPostgres(read) : await withIndexThread((t) => t.buildFromPostgres(read));
  return { index, rows, recordsFile, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: 'database', threadIds: [by] } };
}


/** Whether the database orders record ids by their bytes (collation C or C.UTF-8), the order a records file's merge follows (ADR 086). */
async function ordersByBytes(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ collate: string }>(db, sql`SELECT datcollate AS collate FROM pg_database WHERE datname = current_database()`);
  return /^(C|POSIX|C\.UTF-?8)$/i.test(row?.collate ?? '');
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

  /**
   * A part of these versions: from its file in the index folder when there is a good one, else from
   * the records file of the part it replaces (`held`) and the changes (ADR 086), else built from the database.
   */
  async make(name: string, versions: ActiveVersion[], held?: HeldPart): Promise<HeldPart> {
    const version = indexVersionOf(versions);
    const dir = this.options.dir;
    const shared = this.options.shared ?? true;
    const key = dir ? await indexFileKey(this.db, versions) : null;
    if (dir && key) {
      const loaded = await loadIndexFile(dir, key, version, shared, this.options.log, this.inThread ? this.worker : false);
      if (loaded) return { name, version, versions, index: loaded.index, from: 'file', threadId: loaded.threadId };
      const made = held ? await this.fromRecords(name, versions, held, dir, key) : null;
      if (made) return made;
    }
    // On the thread path with a folder, the part's records file is written with its build (ADR 086).
    const records = this.inThread && dir && key ? { file: recordsFilePath(dir, key), key, versions: versions.map((v) => v.id).sort((a, b) => a - b) } : undefined;
    if (this.inThread && this.options.databaseUrl) {
      const { index, info, recordsFile } = await buildIndexInThreadFromPostgres(this.db, this.options.databaseUrl, versions, { pageSize: this.options.pageSize, thread: this.worker, records });
      return { name, version, versions, index, from: 'database', threadId: info.threadIds![0], recordsFile };
    }
    if (this.inThread) {
      const { index, info, recordsFile } = await buildIndexInThreadFromDatabase(this.db, versions, { pageSize: this.options.pageSize, pageMs: this.options.pageMs, thread: this.worker, records });
      return { name, version, versions, index, from: 'database', threadId: info.threadIds![0], recordsFile };
    }
    const { index } = await buildIndexFromDatabase(this.db, versions, this.options);
    return { name, version, versions, index, from: 'database', threadId };
  }

  /**
   * The part of `versions` built on the thread from the records file of `held` (the part it replaces)
   * and each new version's changes against the held one of its source (ADR 086): this thread reads
   * only the changed records, by id, CHANGED_PAGE at a time. Null (logged) when that cannot be done:
   * no records file, a new source, changes not computed against the held version, a database not
   * ordering ids by their bytes, a file that does not add up: the caller builds from the database.
   */
  private async fromRecords(name: string, versions: ActiveVersion[], held: HeldPart, dir: string, key: string): Promise<HeldPart | null> {
    if (!this.inThread || this.options.fromRecords === false) return null;
    await turnOfTheLoop();
    const oldKey = await indexFileKey(this.db, held.versions);
    const from = { file: recordsFilePath(dir, oldKey), key: oldKey };
    const skip = (why: string): null => {
      this.options.log?.(`Match index part ${name}: built from the database (${why}).`);
      return null;
    };
    if (!existsSync(from.file)) return skip('no records file of the part it replaces');
    await turnOfTheLoop();
    if (!(await ordersByBytes(this.db))) return skip('the database does not order record ids by their bytes');
    const started = performance.now();
    let changed = 0;
    let listed = 0;
    const segments: DeltaSegment[] = [];
    for (const v of [...versions].sort((a, b) => a.id - b.id)) {
      if (held.versions.some((h) => h.id === v.id)) {
        segments.push({ version: v.id, from: v.id, removed: [], upserts: { ids: [], texts: [] } });
        continue;
      }
      const before = held.versions.find((h) => h.source === v.source);
      if (!before) return skip(`${v.source} is new in the part`);
      await turnOfTheLoop();
      const changes = await versionChangesAgainst(this.db, v.id, before.id, turnOfTheLoop);
      if (!changes) return skip(`the changes of version ${v.id} were not computed against version ${before.id}`);
      listed += performance.now() - started;
      const ids: string[] = [];
      const texts: string[] = [];
      for (let i = 0; i < changes.present.length; i += CHANGED_PAGE) {
        for (const r of await readRecordTextsById(this.db, v.id, changes.present.slice(i, i + CHANGED_PAGE))) {
          ids.push(r.recordId);
          texts.push(r.data);
        }
        await turnOfTheLoop();
      }
      segments.push({ version: v.id, from: before.id, removed: changes.gone, upserts: { ids, texts }, expect: changes.records });
      changed += changes.present.length + changes.gone.length;
    }
    try {
      const to = { file: recordsFilePath(dir, key), key, versions: versions.map((v) => v.id).sort((a, b) => a - b) };
      const read = performance.now();
      const { index, threadId: by, recordsFile } = await this.worker.buildFromRecords({ version: indexVersionOf(versions), from, to, segments });
      this.options.log?.(`Match index part ${name} built from its records file: ${changed.toLocaleString('en-US')} changes read here in ${Math.round(read - started)} ms (their list ${Math.round(listed)} ms), the part made there in ${Math.round(performance.now() - read)} ms.`);
      return { name, version: indexVersionOf(versions), versions, index, from: 'records', threadId: by, recordsFile };
    } catch (error) {
      return skip((error as Error).message);
    }
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
