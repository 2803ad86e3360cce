/**
 * What the index store reads from the database (ADR 060, 062, 066, 072): the active list versions, the
 * version string of a set of them, and their records page by page, as objects or as their stored text.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { IndexBuilder } from '#engine/index-builder';
import { isKeyedSource } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import type { Db } from '../db/client';
import { chainOf, recordsAt, versionRecordsSql } from '../db/list-records';
import { rowsOf } from '../db/rows';
import { listRecords, listVersions } from '../db/schema';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';

/** Rows read per query: keeps memory bounded while reading millions of records. */
export const DEFAULT_PAGE_SIZE = 20_000;
/** Version of the index before any build, and when no list has an active version. */
export const EMPTY_INDEX_VERSION = 'none';

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
  /** The thread that made the new index's parts' dictionary, before it was published (0: the main thread; ADR 077). */
  lexiconThreadId?: number;
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

/** The first page of a read sized by time, and the smallest (ADR 077): a first page of 1,000 rows, read cold (PGlite compiles its code for the statement on first use), held searches 50–118 ms (ADR 091). */
const FIRST_TIMED_PAGE = 200;
const SMALLEST_TIMED_PAGE = 200;

/**
 * The next page's rows when pages are sized by time: what would take `pageMs` at the last read's
 * pace, at most twice the last page. A read of rows already in the cache answers fast, and the
 * next page sized on it alone reached cold rows 47 times over the time asked (a quiet run, ADR 086's
 * follow-up): growth by doubling bounds one wrong guess.
 */
export function nextTimedPage(size: number, rows: number, ms: number, pageMs: number, pageSize: number): number {
  const paced = Math.round((rows * pageMs) / Math.max(ms, 1));
  return Math.min(pageSize, 2 * size, Math.max(SMALLEST_TIMED_PAGE, paced));
}

/**
 * As readActiveRecords, each record as its stored JSON text (expandStoredRecord reads it): what a build
 * thread parses (ADR 072). `pageMs`: pages sized so that each read takes about that long (200 rows
 * to `pageSize`), starting at 200 rows: on PGlite a read is a synchronous query on this thread, so
 * a page of 20,000 rows held searches for a second or more (ADR 077).
 */
export async function* readActiveRecordTexts(db: Db, versions: readonly ActiveVersion[], pageSize = DEFAULT_PAGE_SIZE, pageMs?: number): AsyncGenerator<string[]> {
  for await (const page of readActivePages(db, versions, pageSize, true, pageMs)) yield page.map((r) => r.data as string);
}

/** As readActiveRecordTexts, each page with its version and record ids: what a part's records file holds (ADR 086). */
export async function* readActiveRecordPages(db: Db, versions: readonly ActiveVersion[], pageSize = DEFAULT_PAGE_SIZE, pageMs?: number): AsyncGenerator<{ texts: string[]; page: { version: number; ids: string[] } }> {
  for await (const page of readActivePages(db, versions, pageSize, true, pageMs)) yield { texts: page.map((r) => r.data as string), page: { version: page.version, ids: page.map((r) => r.recordId) } };
}

/**
 * The stored text of a version's records among `ids` (each read by one probe of the chain index,
 * ADR 066, 107), counted as page reads of this thread: what a part built from its records file reads (ADR 086).
 */
export async function readRecordTextsById(db: Db, versionId: number, ids: readonly string[]): Promise<{ recordId: string; data: string }[]> {
  const started = performance.now();
  const rows = await rowsOf<{ record_id: string; data: string }>(db, versionRecordsSql(versionId, ids));
  countRead(performance.now() - started, rows.length);
  return rows.map((r) => ({ recordId: r.record_id, data: r.data }));
}

/**
 * The page reads of this process, on the thread that issued them (the bench reads them: on PGlite a page
 * read is a synchronous query on that thread, ADR 077): how many, their total and the longest, in ms.
 */
export const pageReads = { count: 0, totalMs: 0, longestMs: 0, rows: 0 };

function countRead(ms: number, rows: number): void {
  pageReads.count += 1;
  pageReads.totalMs += ms;
  pageReads.longestMs = Math.max(pageReads.longestMs, ms);
  pageReads.rows += rows;
}

/** One keyset page of a version's records (`readActivePages`; exported for its plan's test). */
export function activePageQuery(db: Db, version: { id: number; recordsFrom: number | null }, after: string | null, size: number, data: unknown = listRecords.data) {
  return db
    .select({ recordId: listRecords.recordId, data: data as typeof listRecords.data })
    .from(listRecords)
    .where(after === null ? recordsAt(version) : and(recordsAt(version), gt(listRecords.recordId, after)))
    .orderBy(asc(listRecords.recordId))
    .limit(size);
}

/**
 * Runs `read` with the planner held to the chain index's ordered scan (ADR 088's session, ADR 086
 * follow-up). PGlite runs no autovacuum: after a list's load `list_records` has no statistics, and
 * the planner took a bitmap scan of the whole rest of the version plus a sort for every keyset page
 * — 57–72 ms a page of 200 rows where the index gives it in ~1 ms; on the serving thread that was
 * the longest wait of a swap. Bitmap scans, sequential scans and sorts are off for the page's
 * statement only (`set_config(…, true)` lasts to the end of its transaction).
 */
export async function onChainIndex<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`);
    return read(tx as unknown as Db);
  });
}

async function* readActivePages(db: Db, versions: readonly ActiveVersion[], pageSize: number, asText: boolean, pageMs?: number): AsyncGenerator<{ recordId: string; data: unknown }[] & { version: number }> {
  let size = pageMs ? Math.min(pageSize, FIRST_TIMED_PAGE) : pageSize;
  // The column's own text: drizzle's mapping would parse it here, on the thread that answers searches.
  const data = asText ? sql<string>`${listRecords.data}` : listRecords.data;
  const ids = versions.map((v) => v.id).sort((a, b) => a - b);
  const chains = ids.length ? await db.select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom }).from(listVersions).where(and(inArray(listVersions.id, ids), eq(listVersions.recordsKept, true))) : [];
  for (const version of chains.sort((a, b) => a.id - b.id)) {
    // Keyset on (chain, record_id): one version at a time, so the chain's index serves every page in order (ADR 066).
    let after: string | null = null;
    for (;;) {
      const started = performance.now();
      const page: { recordId: string; data: unknown }[] = await onChainIndex(db, (tx) => activePageQuery(tx, version, after, size, data));
      const ms = performance.now() - started;
      countRead(ms, page.length);
      if (page.length === 0) break;
      const asked = size;
      if (pageMs) size = nextTimedPage(size, page.length, ms, pageMs, pageSize);
      yield Object.assign(page, { version: version.id });
      // A PGlite query resolves without a turn of the event loop (ADR 086): back-to-back reads would hold searches for their sum.
      if (pageMs) await turnOfTheLoop();
      if (page.length < asked) break;
      after = page[page.length - 1].recordId;
    }
  }
}

/**
 * The keyset reads of these versions' records, as plain statements a build thread runs on its own
 * connection to PostgreSQL (ADR 081): one per version holding its records, in version order, the
 * same rows in the same order as readActivePages (recordsAt, ADR 066). `first` takes (chain,
 * version, limit), `next` (chain, version, last record id, limit).
 */
export async function threadReadsOf(db: Db, versions: readonly ActiveVersion[]): Promise<{ first: string; next: string; params: unknown[] }[]> {
  const ids = versions.map((v) => v.id).sort((a, b) => a - b);
  const chains = ids.length ? await db.select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom }).from(listVersions).where(and(inArray(listVersions.id, ids), eq(listVersions.recordsKept, true))) : [];
  const at = 'coalesce(chain, version_id) = $1 AND version_id <= $2 AND (valid_to IS NULL OR valid_to > $2)';
  return chains
    .sort((a, b) => a.id - b.id)
    .map((v) => ({
      first: `SELECT record_id, data::text AS data FROM list_records WHERE ${at} ORDER BY record_id LIMIT $3`,
      next: `SELECT record_id, data::text AS data FROM list_records WHERE ${at} AND record_id > $3 ORDER BY record_id LIMIT $4`,
      params: [chainOf(v), v.id],
    }));
}

/** Builds a match index from the records of the given active versions (NPPES and the DMF left out, ADR 060). */
export async function buildIndexFromDatabase(db: Db, active: readonly ActiveVersion[], options: { pageSize?: number; shared?: boolean } = {}): Promise<{ index: MatchIndex; info: IndexBuildInfo }> {
  const started = performance.now();
  const versions = indexedVersionsOf(active);
  const version = indexVersionOf(versions);
  const builder = new IndexBuilder({ version, shared: options.shared ?? true });
  for await (const page of readActiveRecords(db, versions, options.pageSize)) {
    for (const record of page) builder.add(record);
    // Let requests through between pages: adding 20,000 records takes a few hundred ms.
    await turnOfTheLoop();
  }
  const index = builder.finish();
  return { index, info: { version, records: index.recordCount, ms: Math.round(performance.now() - started), builtAt: new Date() } };
}

