/**
 * What the tabs filter, sort, group and count on, for every result of a batch, kept in memory
 * per batch and tab (ADR 015): a 100,000-row batch is one small array, so any filter, sort or
 * page is a pass over it instead of a scan of the results table on every request. A version
 * read on every request (the batch's status and completion time, its last history entry)
 * reloads it when anything changed, also in another process; changes made here patch it.
 */
import { sql } from 'drizzle-orm';
import type { NpiStatus } from '#shared/result-texts';
import type { ResultTabType, ReviewStatus } from '#shared/review-status';
import type { BatchRow } from '../batches/public';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { flagSql, npiStatusSql } from '../db/sql-fragments';
import { ssnChecksOf } from './ssn-checks';

export interface Facet {
  id: number;
  rowIndex: number;
  status: ReviewStatus;
  key: string;
  /** The key in lower case, for the criteria filters. */
  keyLower: string;
  source: string | null;
  npiStatus: NpiStatus | null;
  optOut: 'FOUND' | 'NOT_FOUND' | null;
  excluded: 'FOUND' | 'NOT_FOUND' | null;
  found: 'FOUND' | 'NOT_FOUND' | 'NOT_LOADED' | null;
  /** Exclusions: the engine's score and the list's exclusion date (YYYY-MM-DD), for sorts and bands. */
  score: number | null;
  exclusionDate: string | null;
  /** Exclusions: the unique id of the result's row (a group shows its first row's), read once with the facets. */
  uniqueId: string | null;
}

interface FacetSet {
  version: string;
  /** Exclusions: by key, best score first, id; others: by row, id. */
  facets: Facet[];
  byId: Map<number, Facet>;
}

/** Batches kept at once (each tab of a 100,000-row batch is about 15 MB). */
const MAX_CACHED = 6;
/** Per database (tests and benches open several in one process), then by `batch:tab`. */
const caches = new WeakMap<Db, Map<string, FacetSet>>();
function cacheOf(db: Db): Map<string, FacetSet> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const versionText = (batch: BatchRow, lastId: number): string => `${batch.status}|${batch.processedAt?.getTime() ?? ''}|${lastId}`;

async function versionOf(db: Db, batch: BatchRow): Promise<string> {
  return versionText(batch, await lastHistoryId(db, batch.id));
}

async function loadFacets(db: Db, batchId: number, type: ResultTabType): Promise<Facet[]> {
  const order = type === 'exclusions' ? sql`r.search_criteria_key, r.score DESC NULLS LAST, r.id` : sql`r.row_index, r.id`;
  const rows = await rowsOf<{ id: number; row_index: number; status: ReviewStatus; key: string; source: string | null; npi_status: NpiStatus | null; opt_out: Facet['optOut']; excluded: Facet['excluded']; found: Facet['found']; score: number | null; exclusion_date: string | null; unique_id: string | null }>(
    db,
    sql`SELECT r.id::int AS id, r.row_index, r.review_status AS status, r.search_criteria_key AS key, r.source,
          ${type === 'npi' ? npiStatusSql : sql`NULL`} AS npi_status,
          ${type === 'npi' ? flagSql('optedOut') : sql`NULL`} AS opt_out,
          ${type === 'npi' ? flagSql('excluded') : sql`NULL`} AS excluded,
          ${type === 'ssdmf' ? sql`(CASE WHEN r.explanation->>'dmfLoaded' = 'false' THEN 'NOT_LOADED' ELSE ${flagSql('found')} END)` : sql`NULL`} AS found,
          r.score, ${type === 'exclusions' ? sql`r.record->>'exclusionDate'` : sql`NULL`} AS exclusion_date,
          ${type === 'exclusions' ? sql`(SELECT b.unique_id FROM batch_rows b WHERE b.batch_id = r.batch_id AND b.row_index = r.row_index)` : sql`NULL`} AS unique_id
        FROM batch_results r WHERE r.batch_id = ${batchId} AND r.result_type = ${type} ORDER BY ${order}`,
  );
  // Sorted here as well: the database's collation may differ from code-point order.
  const facets = rows.map((r) => ({ id: r.id, rowIndex: r.row_index, status: r.status, key: r.key, keyLower: r.key.toLowerCase(), source: r.source, npiStatus: r.npi_status, optOut: r.opt_out, excluded: r.excluded, found: r.found, score: r.score, exclusionDate: r.exclusion_date, uniqueId: r.unique_id }));
  if (type === 'ssdmf') {
    // The SSNs not in the DMF that the chunks keep (ssn-checks.ts): a row has one SSDMF result at most.
    const checks = await ssnChecksOf(db, batchId);
    if (checks.length) {
      for (const c of checks) facets.push({ id: c.id, rowIndex: c.row_index, status: c.review_status, key: c.search_criteria_key, keyLower: c.search_criteria_key.toLowerCase(), source: null, npiStatus: null, optOut: null, excluded: null, found: c.explanation.dmfLoaded === false ? 'NOT_LOADED' : 'NOT_FOUND', score: null, exclusionDate: null, uniqueId: null });
      facets.sort((a, b) => a.rowIndex - b.rowIndex || a.id - b.id);
    }
  }
  if (type === 'exclusions') {
    const rank = new Map(facets.map((f, i) => [f.id, i]));
    facets.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : rank.get(a.id)! - rank.get(b.id)!));
  }
  return facets;
}

/** The facets of a batch's tab, current. */
export async function facetsOf(db: Db, batch: BatchRow, type: ResultTabType): Promise<Facet[]> {
  const cache = cacheOf(db);
  const cacheKey = `${batch.id}:${type}`;
  const version = await versionOf(db, batch);
  const held = cache.get(cacheKey);
  if (held && held.version === version) {
    cache.delete(cacheKey);
    cache.set(cacheKey, held);
    return held.facets;
  }
  const facets = await loadFacets(db, batch.id, type);
  // A batch still screening gains results without history: only finished batches are held.
  if (batch.status !== 'Completed') return facets;
  cache.delete(cacheKey);
  // Marked with the version read before loading: a change made meanwhile reloads it next time.
  cache.set(cacheKey, { version, facets, byId: new Map(facets.map((f) => [f.id, f])) });
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return facets;
}

/**
 * After a change made by this process: the new statuses go into the held facets when the only
 * history written since `lastHistoryIdBefore` is this change's (else the set is dropped and
 * the next read reloads it).
 */
export async function patchFacets(db: Db, batch: BatchRow, type: ResultTabType, ids: readonly number[], status: ReviewStatus, lastHistoryIdBefore: number, entriesWritten: number): Promise<void> {
  const cache = cacheOf(db);
  const cacheKey = `${batch.id}:${type}`;
  const held = cache.get(cacheKey);
  if (!held) return;
  const [since] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM review_history WHERE batch_id = ${batch.id} AND id > ${lastHistoryIdBefore}`);
  if (held.version !== versionText(batch, lastHistoryIdBefore) || since.n !== entriesWritten) {
    cache.delete(cacheKey);
    return;
  }
  for (const id of ids) {
    const f = held.byId.get(id);
    if (f) f.status = status;
  }
  // A new array: what was derived from the old one (ordered groups, exclusion-groups.ts) is stale.
  held.facets = [...held.facets];
  held.version = await versionOf(db, batch);
}

/** The batch's last history entry id (read before a change, for patchFacets). */
export async function lastHistoryId(db: Db, batchId: number): Promise<number> {
  const [last] = await rowsOf<{ id: number | null }>(db, sql`SELECT max(id)::int AS id FROM review_history WHERE batch_id = ${batchId}`);
  return last?.id ?? 0;
}

