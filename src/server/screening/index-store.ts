/**
 * The match index of the active list versions: built from the database page by page (or loaded
 * from its file in the index folder, ADR 062), swapped in whole when the set of active versions
 * changes, one build at a time. NPPES and the DMF are not in it: they are read by key from the
 * database (keyed.ts, ADR 060).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { IndexBuilder } from '#engine/index-builder';
import { isKeyedSource } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import type { Db } from '../db/client';
import { recordsAt } from '../db/list-records';
import { listRecords, listVersions } from '../db/schema';
import { cleanIndexFiles, indexFileKey, loadIndexFile, saveIndexFile } from './index-files';

/** Rows read per query: keeps memory bounded while reading millions of records. */
export const DEFAULT_PAGE_SIZE = 20_000;
/** Version of the index before any build, and when no list has an active version. */
export const EMPTY_INDEX_VERSION = 'none';

export interface IndexStoreOptions {
  pageSize?: number;
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
  onSwap?: (index: MatchIndex) => void;
}

export interface ActiveVersion {
  id: number;
  source: string;
}

export interface IndexBuildInfo {
  version: string;
  records: number;
  ms: number;
  builtAt: Date;
  /** Where the index came from: built from the database, or loaded from its file. */
  from?: 'database' | 'file';
}

export interface RefreshResult {
  rebuilt: boolean;
  version: string;
}

/** "leie:12,sam:4,…": the active version of every source, sorted by source. */
export function indexVersionOf(active: readonly ActiveVersion[]): string {
  if (active.length === 0) return EMPTY_INDEX_VERSION;
  return [...active]
    .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.id - b.id))
    .map((v) => `${v.source}:${v.id}`)
    .join(',');
}

export async function findActiveVersions(db: Db): Promise<ActiveVersion[]> {
  const rows = await db.select({ id: listVersions.id, source: listVersions.source }).from(listVersions).where(eq(listVersions.status, 'active'));
  return rows.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

/** The versions the match index holds: NPPES and the DMF are answered by key from the database instead (ADR 060). */
export const indexedVersionsOf = (active: readonly ActiveVersion[]): ActiveVersion[] => active.filter((v) => !isKeyedSource(v.source));

/** Reads the records of the given versions in (version_id, record_id) order, one page at a time. */
export async function* readActiveRecords(db: Db, versions: readonly ActiveVersion[], pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<ListRecord[]> {
  const ids = versions.map((v) => v.id).sort((a, b) => a - b);
  const chains = ids.length ? await db.select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom }).from(listVersions).where(and(inArray(listVersions.id, ids), eq(listVersions.recordsKept, true))) : [];
  for (const version of chains.sort((a, b) => a.id - b.id)) {
    // Keyset on (chain, record_id): one version at a time, so the chain's index serves every page in order (ADR 066).
    let after: string | null = null;
    for (;;) {
      const page: { recordId: string; data: unknown }[] = await db
        .select({ recordId: listRecords.recordId, data: listRecords.data })
        .from(listRecords)
        .where(after === null ? recordsAt(version) : and(recordsAt(version), gt(listRecords.recordId, after)))
        .orderBy(asc(listRecords.recordId))
        .limit(pageSize);
      if (page.length === 0) break;
      yield page.map((r) => r.data as ListRecord);
      if (page.length < pageSize) break;
      after = page[page.length - 1].recordId;
    }
  }
}

/** Builds a match index from the records of the given active versions (NPPES and the DMF left out, ADR 060). */
export async function buildIndexFromDatabase(db: Db, active: readonly ActiveVersion[], options: IndexStoreOptions = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const builder = new IndexBuilder({ version, shared: options.shared ?? true });
  for await (const page of readActiveRecords(db, versions, options.pageSize)) {
    for (const record of page) builder.add(record);
    // Let requests through between pages: adding 20,000 records takes a few hundred ms.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const index = builder.finish();
  return { index, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date() } };
}

/** Holds the current index; queries read `getIndex()`, list imports call `refreshIfChanged()`. */
export class IndexStore {
  private index: MatchIndex;
  private info: IndexBuildInfo | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<RefreshResult> | null = null;
  private builds = 0;
  private loads = 0;

  constructor(
    private readonly db: Db,
    private readonly options: IndexStoreOptions = {},
  ) {
    this.index = new IndexBuilder({ version: EMPTY_INDEX_VERSION, shared: options.shared ?? true }).finish();
  }

  /** The index in force; it never changes under a caller (a refresh swaps in a new object). */
  getIndex(): MatchIndex {
    return this.index;
  }

  get version(): string {
    return this.index.version;
  }

  /** The last build (null before the first). */
  get lastBuild(): IndexBuildInfo | null {
    return this.info;
  }

  /** How many builds from the database this store has done (for tests and status). */
  get buildCount(): number {
    return this.builds;
  }

  /** How many indexes this store loaded from index files instead of building them. */
  get loadCount(): number {
    return this.loads;
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

  private async refreshNow(): Promise<RefreshResult> {
    // A new NPPES or DMF version needs no rebuild: lookups read the active one (ADR 060).
    let active = indexedVersionsOf(await findActiveVersions(this.db));
    if (indexVersionOf(active) === this.index.version && this.info) return { rebuilt: false, version: this.index.version };
    const fromFile = await this.loadFromFile(active);
    if (fromFile) {
      this.swap(fromFile.index, fromFile.info);
      this.loads += 1;
      this.options.log?.(`Match index ${fromFile.info.version}: ${fromFile.info.records.toLocaleString('en-US')} records loaded from its file in ${(fromFile.info.ms / 1000).toFixed(1)} s.`);
      return { rebuilt: true, version: fromFile.info.version };
    }
    // An import that activates (and prunes) while we read could leave a page set from two
    // versions; build again from the new set when the active versions moved during the build.
    for (let attempt = 1; ; attempt++) {
      const { index, info } = await buildIndexFromDatabase(this.db, active, this.options);
      const after = indexedVersionsOf(await findActiveVersions(this.db));
      const consistent = indexVersionOf(after) === info.version;
      if (consistent || attempt >= 3) {
        this.swap(index, { ...info, from: 'database' });
        this.builds += 1;
        this.options.log?.(`Match index ${info.version}: ${info.records.toLocaleString('en-US')} records in ${(info.ms / 1000).toFixed(1)} s.`);
        // Only an index read from one set of versions is worth keeping for other processes.
        if (consistent) await this.saveToFile(active, index);
        return { rebuilt: true, version: info.version };
      }
      active = after;
    }
  }

  /** Replaces the index in force; the old one is dropped here (callers that hold it keep it until they finish). */
  private swap(index: MatchIndex, info: IndexBuildInfo): void {
    this.index = index;
    this.info = info;
    this.options.onSwap?.(index);
  }

  /** The index of these versions from its file in the index folder, when there is a good one. */
  private async loadFromFile(active: readonly ActiveVersion[]): Promise<{ index: MatchIndex; info: IndexBuildInfo } | null> {
    const dir = this.options.dir;
    if (!dir || active.length === 0) return null;
    const version = indexVersionOf(active);
    const key = await indexFileKey(this.db, active);
    const loaded = await loadIndexFile(dir, key, version, this.options.shared ?? true, this.options.log);
    if (!loaded) return null;
    await cleanIndexFiles(dir, key);
    return { index: loaded.index, info: { version, records: loaded.index.recordCount, ms: loaded.ms, builtAt: new Date(), from: 'file' } };
  }

  /** Writes the file of a freshly built index for the next start and for other processes. */
  private async saveToFile(active: readonly ActiveVersion[], index: MatchIndex): Promise<void> {
    const dir = this.options.dir;
    if (!dir || active.length === 0) return;
    try {
      const key = await indexFileKey(this.db, active);
      const written = await saveIndexFile(dir, key, index, this.options.log);
      if (written) this.options.log?.(`Match index file written: ${(written.bytes / 1_048_576).toFixed(0)} MiB in ${(written.ms / 1000).toFixed(1)} s.`);
      await cleanIndexFiles(dir, key);
    } catch (error) {
      // The index is in force already; without its file the next start builds again.
      this.options.log?.(`Match index file not written: ${(error as Error).message}`);
    }
  }
}

/** Creates a store and builds its first index. */
export async function createIndexStore(db: Db, options: IndexStoreOptions = {}): Promise<IndexStore> {
  const store = new IndexStore(db, options);
  await store.refreshIfChanged();
  return store;
}
