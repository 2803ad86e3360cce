/**
 * The match index of the active list versions: built from the database page by page, swapped
 * in whole when the set of active versions changes, one build at a time. NPPES and the DMF are
 * not in it: they are read by key from the database (keyed.ts, ADR 060).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { IndexBuilder } from '#engine/index-builder';
import { isKeyedSource } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import type { Db } from '../db/client';
import { listRecords, listVersions } from '../db/schema';

/** Rows read per query: keeps memory bounded while reading millions of records. */
export const DEFAULT_PAGE_SIZE = 20_000;
/** Version of the index before any build, and when no list has an active version. */
export const EMPTY_INDEX_VERSION = 'none';

export interface IndexStoreOptions {
  pageSize?: number;
  /** Build on SharedArrayBuffer so a ScreeningPool shares the index without a copy (default true). */
  shared?: boolean;
  log?: (line: string) => void;
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
  for (const versionId of ids) {
    // Keyset on (version_id, record_id): one version at a time, so the primary key serves every page.
    let after: string | null = null;
    for (;;) {
      const page: { recordId: string; data: unknown }[] = await db
        .select({ recordId: listRecords.recordId, data: listRecords.data })
        .from(listRecords)
        .where(after === null ? eq(listRecords.versionId, versionId) : and(eq(listRecords.versionId, versionId), gt(listRecords.recordId, after)))
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

  /** How many builds this store has done (for tests and status). */
  get buildCount(): number {
    return this.builds;
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
    // An import that activates (and prunes) while we read could leave a page set from two
    // versions; build again from the new set when the active versions moved during the build.
    for (let attempt = 1; ; attempt++) {
      const { index, info } = await buildIndexFromDatabase(this.db, active, this.options);
      const after = indexedVersionsOf(await findActiveVersions(this.db));
      if (indexVersionOf(after) === info.version || attempt >= 3) {
        this.index = index;
        this.info = info;
        this.builds += 1;
        this.options.log?.(`Match index ${info.version}: ${info.records.toLocaleString('en-US')} records in ${(info.ms / 1000).toFixed(1)} s.`);
        return { rebuilt: true, version: info.version };
      }
      active = after;
    }
  }
}

/** Creates a store and builds its first index. */
export async function createIndexStore(db: Db, options: IndexStoreOptions = {}): Promise<IndexStore> {
  const store = new IndexStore(db, options);
  await store.refreshIfChanged();
  return store;
}
