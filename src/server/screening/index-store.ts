/**
 * The match index of the active list versions, in parts by source (ADR 068): each part built from
 * the database page by page (or loaded from its file in the index folder, ADR 062); when the set of
 * active versions changes, only the parts whose versions changed are made again, one refresh at a
 * time, and the new index shares the other parts with the old one. The new index gets its parts'
 * dictionary before it is published (ADR 077). NPPES and the DMF are not in it: they are read by key
 * from the database (keyed.ts, ADR 060). Database reads: index-store-reads.ts; part bookkeeping:
 * index-store-parts.ts; where the parts are made (this thread or a worker thread): index-store-thread.ts.
 */
import { IndexBuilder } from '#engine/index-builder';
import { PartedIndex } from '#engine/index-parts';
import type { Db } from '../db/client';
import { cleanIndexFiles, indexFileKey } from './index-files';
import { EMPTY_INDEX_VERSION, findActiveVersions, indexedVersionsOf, indexVersionOf, type IndexBuildInfo } from './index-store-reads';
import { nextParts, type HeldPart, type IndexParts, type PartCounts } from './index-store-parts';
import { PartMaker } from './index-store-thread';

export * from './index-store-reads';
export { ONE_PART, partsOfVersions, type IndexParts, type PartCounts } from './index-store-parts';
export { buildIndexInThreadFromDatabase, buildIndexInThreadFromPostgres } from './index-store-thread';

export interface IndexStoreOptions {
  pageSize?: number;
  /** Building on a worker thread for a swap: each page read sized to take about this long (ms; default PAGE_MS; 0: pages of pageSize; ADR 077). */
  pageMs?: number;
  /** Build on SharedArrayBuffer so a ScreeningPool shares the index without a copy (default true). */
  shared?: boolean;
  log?: (line: string) => void;
  /**
   * Folder of index files (DATA_DIR/index): the index of a set of active versions is loaded from
   * its file when there is one, else built from the database and written there (ADR 062).
   * Unset: every index is built from the database.
   */
  dir?: string | null;
  /** Called after a new index replaced the old one (the screener then ends worker threads holding the old). */
  onSwap?: (index: PartedIndex) => void;
  /**
   * 'sources': the index in parts by source (partNameOf), a list change remaking only its part (the
   * server's default, `INDEX_PARTS`, ADR 077); 'one' (this store's default, for tests and tools): one
   * part holding every list.
   */
  parts?: IndexParts;
  /**
   * Build, load and write the parts, and make their dictionary, on one worker thread per refresh
   * (ADR 072, 077; `INDEX_IN_THREAD`, the server's default): this thread only reads the records'
   * text from the database and makes the lookup maps in slices. False (this store's default, for
   * tests and tools): all on this thread.
   */
  inThread?: boolean;
  /**
   * The PostgreSQL server of `db` (postgres://…; unset on PGlite): on the thread path a part built
   * from the database is read there by the worker thread on a connection of its own (ADR 081).
   */
  databaseUrl?: string;
  /**
   * On the thread path with a folder (`dir`): a changed part is made on the thread from the records
   * file of the part it replaces and the new versions' changes, this thread reading only the changed
   * records (ADR 086). Default true; false: built from the database as before.
   */
  fromRecords?: boolean;
}

export interface RefreshResult {
  rebuilt: boolean;
  version: string;
}

/** Holds the current index; queries read `getIndex()`, list imports call `refreshIfChanged()`. */
export class IndexStore {
  private index: PartedIndex;
  private parts = new Map<string, HeldPart>();
  private info: (IndexBuildInfo & { parts?: PartCounts }) | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<RefreshResult> | null = null;
  private builds = 0;
  private loads = 0;
  private partBuilds = 0;

  constructor(
    private readonly db: Db,
    private readonly options: IndexStoreOptions = {},
  ) {
    this.index = this.emptyIndex();
  }

  private emptyIndex(): PartedIndex {
    const empty = new IndexBuilder({ version: EMPTY_INDEX_VERSION, shared: this.options.shared ?? true }).finish();
    return new PartedIndex(EMPTY_INDEX_VERSION, [{ name: EMPTY_INDEX_VERSION, index: empty }]);
  }

  /** The index in force; it never changes under a caller (a refresh swaps in a new object). */
  getIndex(): PartedIndex {
    return this.index;
  }

  get version(): string {
    return this.index.version;
  }

  /** The last refresh that changed the index (null before the first), with what it did per part. */
  get lastBuild(): (IndexBuildInfo & { parts?: PartCounts }) | null {
    return this.info;
  }

  /** How many refreshes built at least one part from the database (for tests and status). */
  get buildCount(): number {
    return this.builds;
  }

  /** How many refreshes took every new part from index files instead of building one. */
  get loadCount(): number {
    return this.loads;
  }

  /** How many parts this store built from the database, all refreshes together. */
  get partBuildCount(): number {
    return this.partBuilds;
  }

  /**
   * Rebuilds when the set of active list versions differs from the index's. The new index is
   * built completely before it replaces the old one, so queries meanwhile use the old one.
   * Calls are serialised: a call made while a build runs waits for it and then checks again;
   * calls made while one is already waiting share its result.
   */
  refreshIfChanged(): Promise<RefreshResult> {
    if (this.queued) return this.queued;
    const run = this.tail.then(() => {
      this.queued = null;
      return this.refreshNow();
    });
    this.queued = run;
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Makes the parts whose versions changed (from their files, else from the database) and keeps
   * the others: the same objects serve the old and the new index (ADR 068). The new index gets its
   * dictionary before it replaces the old one (ADR 077).
   */
  private async refreshNow(): Promise<RefreshResult> {
    // A new NPPES or DMF version needs no rebuild: lookups read the active one (ADR 060).
    let active = indexedVersionsOf(await findActiveVersions(this.db));
    if (indexVersionOf(active) === this.index.version && this.info) return { rebuilt: false, version: this.index.version };
    const started = performance.now();
    // One worker thread (if any) for the whole refresh: its parts, dictionary and files (ADR 077).
    // The first index serves no search yet: its pages are read whole (timed pages cost PGlite a
    // query's own ~20 ms each: a start built 1M records in 94–177 s instead of 24–56 s, ADR 077).
    const maker = new PartMaker(this.db, this.info ? this.options : { ...this.options, pageMs: 0 });
    try {
      // Parts made in this refresh, by version string: a second attempt reuses those still active.
      const made = new Map<string, HeldPart>();
      // An import that activates (and prunes) while we read could leave a page set from two
      // versions; build again from the new set when the active versions moved during the build.
      for (let attempt = 1; ; attempt++) {
        const { next, counts } = await nextParts(active, this.options.parts, this.parts, made, (name, versions, held) => maker.make(name, versions, held));
        const after = indexedVersionsOf(await findActiveVersions(this.db));
        const consistent = indexVersionOf(after) === indexVersionOf(active);
        if (consistent || attempt >= 3) {
          const version = indexVersionOf(active);
          const index = next.length ? new PartedIndex(version, next.map((p) => ({ name: p.name, index: p.index }))) : this.emptyIndex();
          const lexiconThread = await maker.prepareLexicon(index);
          const threadIds = next.filter((p) => made.has(p.version)).map((p) => p.threadId);
          const info = { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: counts.built ? ('database' as const) : ('file' as const), parts: counts, threadIds, lexiconThreadId: lexiconThread };
          this.parts = new Map(next.map((p) => [p.name, p]));
          this.swap(index, info);
          if (counts.built) this.builds += 1;
          else if (counts.loaded) this.loads += 1;
          this.partBuilds += counts.built;
          this.options.log?.(`Match index ${version}: ${info.records.toLocaleString('en-US')} records in ${(info.ms / 1000).toFixed(1)} s (parts: ${counts.built} built${counts.fromRecords ? ` (${counts.fromRecords} from records files)` : ''}, ${counts.loaded} loaded from files, ${counts.reused} kept).`);
          // Only a part read from versions still active is worth keeping for other processes.
          const stillActive = new Set(after.map((v) => v.id));
          for (const p of next) if (made.has(p.version) && p.from !== 'file' && p.versions.every((v) => stillActive.has(v.id))) await maker.save(p);
          if (this.options.dir && next.length) await cleanIndexFiles(this.options.dir, await Promise.all(next.map((p) => indexFileKey(this.db, p.versions))));
          return { rebuilt: true, version };
        }
        active = after;
      }
    } finally {
      await maker.end();
    }
  }

  /** Replaces the index in force; the old one is dropped here (callers that hold it keep it until they finish). */
  private swap(index: PartedIndex, info: IndexBuildInfo): void {
    this.index = index;
    this.info = info;
    this.options.onSwap?.(index);
  }
}

/** Creates a store and builds its first index. */
export async function createIndexStore(db: Db, options: IndexStoreOptions = {}): Promise<IndexStore> {
  const store = new IndexStore(db, options);
  await store.refreshIfChanged();
  return store;
}
