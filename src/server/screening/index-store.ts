/**
 * The match index of the active list versions, in parts by source (ADR 068): each part built from
 * the database page by page (or loaded from its file in the index folder, ADR 062); when the set of
 * active versions changes, only the parts whose versions changed are made again, one refresh at a
 * time, and the new index shares the other parts with the old one. NPPES and the DMF are not in it: they are read by key from the
 * database (keyed.ts, ADR 060).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { threadId } from 'node:worker_threads';
import type { ListRecord } from '#shared/list-record';
import { IndexBuilder } from '#engine/index-builder';
import { isKeyedSource } from '#engine/keyed';
import { PartedIndex, partNameOf } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import type { Db } from '../db/client';
import { recordsAt } from '../db/list-records';
import { listRecords, listVersions } from '../db/schema';
import { buildIndexInThread } from '../../engine-runtime/index-thread';
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
  onSwap?: (index: PartedIndex) => void;
  /**
   * 'sources': the index in parts by source (partNameOf), a list change remaking only its part;
   * 'one' (default): one part holding every list, as before ADR 068 (each part costs every search
   * a candidate pass of its own, see the ADR's figures).
   */
  parts?: IndexParts;
  /**
   * Build, load and write the parts on a worker thread of their own (ADR 072; `INDEX_IN_THREAD`,
   * off by default): this thread only reads the records' text from the database and makes the
   * lookup maps in slices. False (the default): all on this thread.
   */
  inThread?: boolean;
}

export type IndexParts = 'one' | 'sources';
/** The name of the only part when the index is not split. */
export const ONE_PART = 'lists';

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
  /** The threads that built or loaded the parts made by this refresh (0: the main thread; ADR 072). */
  threadIds?: number[];
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
  for await (const page of readActivePages(db, versions, pageSize, false)) yield page.map((r) => r.data as ListRecord);
}

/** As readActiveRecords, each record as its stored JSON text (expandStoredRecord reads it): what a build thread parses (ADR 072). */
export async function* readActiveRecordTexts(db: Db, versions: readonly ActiveVersion[], pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<string[]> {
  for await (const page of readActivePages(db, versions, pageSize, true)) yield page.map((r) => r.data as string);
}

async function* readActivePages(db: Db, versions: readonly ActiveVersion[], pageSize: number, asText: boolean): AsyncGenerator<{ recordId: string; data: unknown }[]> {
  // The column's own text: drizzle's mapping would parse it here, on the thread that answers searches.
  const data = asText ? sql<string>`${listRecords.data}` : listRecords.data;
  const ids = versions.map((v) => v.id).sort((a, b) => a - b);
  const chains = ids.length ? await db.select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom }).from(listVersions).where(and(inArray(listVersions.id, ids), eq(listVersions.recordsKept, true))) : [];
  for (const version of chains.sort((a, b) => a.id - b.id)) {
    // Keyset on (chain, record_id): one version at a time, so the chain's index serves every page in order (ADR 066).
    let after: string | null = null;
    for (;;) {
      const page: { recordId: string; data: unknown }[] = await db
        .select({ recordId: listRecords.recordId, data })
        .from(listRecords)
        .where(after === null ? recordsAt(version) : and(recordsAt(version), gt(listRecords.recordId, after)))
        .orderBy(asc(listRecords.recordId))
        .limit(pageSize);
      if (page.length === 0) break;
      yield page;
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

/** Builds the index of these versions on a worker thread: this thread reads the records' text and passes it on (ADR 072). */
export async function buildIndexInThreadFromDatabase(db: Db, active: readonly ActiveVersion[], options: IndexStoreOptions = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const { index, threadId } = await buildIndexInThread(readActiveRecordTexts(db, versions, options.pageSize), { version });
  return { index, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: 'database', threadIds: [threadId] } };
}

/** A part of the index in force: its name (partNameOf), the versions it holds and their version string. */
interface HeldPart {
  name: string;
  version: string;
  versions: ActiveVersion[];
  index: MatchIndex;
  from: 'database' | 'file';
  /** The thread that built or loaded it (0: the main thread). */
  threadId: number;
}

/** The active versions by the part of the index that holds them (ADR 068), parts in name order. */
export function partsOfVersions(active: readonly ActiveVersion[], parts: IndexParts = 'one'): Map<string, ActiveVersion[]> {
  const out = new Map<string, ActiveVersion[]>();
  const nameOf = (source: string): string => (parts === 'sources' ? partNameOf(source) : ONE_PART);
  for (const v of active) out.set(nameOf(v.source), [...(out.get(nameOf(v.source)) ?? []), v]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** How many parts the last refresh built, loaded from files, and kept from the index before. */
export interface PartCounts {
  built: number;
  loaded: number;
  reused: number;
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
   * the others: the same objects serve the old and the new index (ADR 068).
   */
  private async refreshNow(): Promise<RefreshResult> {
    // A new NPPES or DMF version needs no rebuild: lookups read the active one (ADR 060).
    let active = indexedVersionsOf(await findActiveVersions(this.db));
    if (indexVersionOf(active) === this.index.version && this.info) return { rebuilt: false, version: this.index.version };
    const started = performance.now();
    // Parts made in this refresh, by version string: a second attempt reuses those still active.
    const made = new Map<string, HeldPart>();
    // An import that activates (and prunes) while we read could leave a page set from two
    // versions; build again from the new set when the active versions moved during the build.
    for (let attempt = 1; ; attempt++) {
      const next: HeldPart[] = [];
      const counts: PartCounts = { built: 0, loaded: 0, reused: 0 };
      for (const [name, versions] of partsOfVersions(active, this.options.parts)) {
        const version = indexVersionOf(versions);
        const held = this.parts.get(name);
        if (held?.version === version) {
          next.push(held);
          counts.reused += 1;
          continue;
        }
        let part = made.get(version);
        if (!part) {
          part = await this.makePart(name, versions);
          made.set(version, part);
        }
        next.push(part);
        counts[part.from === 'file' ? 'loaded' : 'built'] += 1;
      }
      const after = indexedVersionsOf(await findActiveVersions(this.db));
      const consistent = indexVersionOf(after) === indexVersionOf(active);
      if (consistent || attempt >= 3) {
        const version = indexVersionOf(active);
        const index = next.length ? new PartedIndex(version, next.map((p) => ({ name: p.name, index: p.index }))) : this.emptyIndex();
        const threadIds = next.filter((p) => made.has(p.version)).map((p) => p.threadId);
        const info = { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date(), from: counts.built ? ('database' as const) : ('file' as const), parts: counts, threadIds };
        this.parts = new Map(next.map((p) => [p.name, p]));
        this.swap(index, info);
        if (counts.built) this.builds += 1;
        else if (counts.loaded) this.loads += 1;
        this.partBuilds += counts.built;
        this.options.log?.(`Match index ${version}: ${info.records.toLocaleString('en-US')} records in ${(info.ms / 1000).toFixed(1)} s (parts: ${counts.built} built, ${counts.loaded} loaded from files, ${counts.reused} kept).`);
        // Only a part read from versions still active is worth keeping for other processes.
        const stillActive = new Set(after.map((v) => v.id));
        for (const p of next) if (made.has(p.version) && p.from === 'database' && p.versions.every((v) => stillActive.has(v.id))) await this.saveToFile(p);
        if (this.options.dir && next.length) await cleanIndexFiles(this.options.dir, await Promise.all(next.map((p) => indexFileKey(this.db, p.versions))));
        return { rebuilt: true, version };
      }
      active = after;
    }
  }

  /** A part of these versions: from its file in the index folder when there is a good one, else built from the database. */
  private async makePart(name: string, versions: ActiveVersion[]): Promise<HeldPart> {
    const version = indexVersionOf(versions);
    const dir = this.options.dir;
    const inThread = this.inThread;
    if (dir) {
      const loaded = await loadIndexFile(dir, await indexFileKey(this.db, versions), version, this.options.shared ?? true, this.options.log, inThread);
      if (loaded) return { name, version, versions, index: loaded.index, from: 'file', threadId: loaded.threadId };
    }
    const { index, info } = await (inThread ? buildIndexInThreadFromDatabase : buildIndexFromDatabase)(this.db, versions, this.options);
    return { name, version, versions, index, from: 'database', threadId: info.threadIds?.[0] ?? threadId };
  }

  /** Whether parts are built, loaded and written on worker threads (only shared arrays can come back from one). */
  private get inThread(): boolean {
    return (this.options.inThread ?? false) && (this.options.shared ?? true);
  }

  /** Replaces the index in force; the old one is dropped here (callers that hold it keep it until they finish). */
  private swap(index: PartedIndex, info: IndexBuildInfo): void {
    this.index = index;
    this.info = info;
    this.options.onSwap?.(index);
  }

  /** Writes the file of a freshly built part for the next start and for other processes. */
  private async saveToFile(part: HeldPart): Promise<void> {
    const dir = this.options.dir;
    if (!dir) return;
    try {
      const key = await indexFileKey(this.db, part.versions);
      const written = await saveIndexFile(dir, key, part.index, this.options.log, this.inThread);
      if (written) this.options.log?.(`Match index file of part ${part.name} written: ${(written.bytes / 1_048_576).toFixed(0)} MiB in ${(written.ms / 1000).toFixed(1)} s.`);
    } catch (error) {
      // The index is in force already; without its file the next start builds this part again.
      this.options.log?.(`Match index file of part ${part.name} not written: ${(error as Error).message}`);
    }
  }
}

/** Creates a store and builds its first index. */
export async function createIndexStore(db: Db, options: IndexStoreOptions = {}): Promise<IndexStore> {
  const store = new IndexStore(db, options);
  await store.refreshIfChanged();
  return store;
}
