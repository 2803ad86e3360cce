/** SQL of the three result tabs: exclusion groups and their records, NPI and SSDMF pages. */
import { sql } from 'drizzle-orm';
import type { ReviewStatus } from '#shared/review-status';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { anyId, sqlList } from '../db/sql-fragments';
import { rowOfSsnCheckId, ssnChecksOf } from './ssn-checks';

/** The rows' own values are looked up per result (LATERAL): a join could read every row of a 100,000-row batch. */

/** A result as stored, with what the tabs show of its row. */
export interface ResultRow {
  id: number;
  batch_id: number;
  row_index: number;
  result_type: 'exclusions' | 'npi' | 'ssdmf';
  search_type: string;
  source: string | null;
  source_record_id: string | null;
  list_version_id: number | null;
  score: number | null;
  explanation: Record<string, unknown>;
  record: Record<string, unknown> | null;
  review_status: ReviewStatus;
  latest_note: string | null;
  search_criteria_key: string;
  values: Record<string, string> | null;
  unique_id: string | null;
}

export interface GroupRow {
  key: string;
  nonCleared: number;
  underReview: number;
  historicalMatch: number;
  cleared: number;
  total: number;
  uniqueId: string | null;
}

const RESULT_COLUMNS = sql`r.id::int AS id, r.batch_id, r.row_index, r.result_type, r.search_type, r.source, r.source_record_id, r.list_version_id, r.score, r.explanation, r.record, r.review_status, r.latest_note, r.search_criteria_key`;

const GROUP_COUNTS = sql`count(*) FILTER (WHERE r.review_status = 'NONCLEARED')::int AS "nonCleared",
  count(*) FILTER (WHERE r.review_status = 'UNDER_REVIEW')::int AS "underReview",
  count(*) FILTER (WHERE r.review_status = 'HISTORICAL_MATCH')::int AS "historicalMatch",
  count(*) FILTER (WHERE r.review_status = 'CLEARED')::int AS cleared,
  count(*)::int AS total`;

/** Counts and unique id of the given groups of one result type. */
export async function groupsByKeys(db: Db, batchId: number, resultType: string, keys: readonly string[]): Promise<GroupRow[]> {
  if (!keys.length) return [];
  const stored = await storedGroupsByKeys(db, batchId, resultType, keys);
  if (resultType !== 'ssdmf') return stored;
  // The SSNs not in the DMF that the chunks keep count as cleared results of their keys' groups.
  const wanted = new Set(keys);
  const checks = (await ssnChecksOf(db, batchId)).filter((c) => wanted.has(c.search_criteria_key));
  if (!checks.length) return stored;
  const groups = new Map(stored.map((g) => [g.key, { ...g }]));
  for (const c of checks) {
    const g = groups.get(c.search_criteria_key) ?? { key: c.search_criteria_key, nonCleared: 0, underReview: 0, historicalMatch: 0, cleared: 0, total: 0, uniqueId: null, first_row: Infinity };
    g.cleared++;
    g.total++;
    if (c.row_index < g.first_row) Object.assign(g, { first_row: c.row_index, uniqueId: c.unique_id });
    groups.set(g.key, g);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function storedGroupsByKeys(db: Db, batchId: number, resultType: string, keys: readonly string[]): Promise<(GroupRow & { first_row: number })[]> {
  return rowsOf<GroupRow & { first_row: number }>(
    db,
    sql`SELECT g.*, (SELECT br.unique_id FROM batch_rows br WHERE br.batch_id = ${batchId} AND br.row_index = g.first_row) AS "uniqueId"
        FROM (SELECT r.search_criteria_key AS key, ${GROUP_COUNTS}, min(r.row_index) AS first_row FROM batch_results r
              WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.search_criteria_key IN ${sqlList(keys)}
              GROUP BY r.search_criteria_key) g
        ORDER BY g.key`,
  );
}

/** Results of a batch and type by id, with their rows' values (missing ids are left out). */
export async function resultsByIds(db: Db, batchId: number, resultType: string, ids: readonly number[]): Promise<ResultRow[]> {
  if (!ids.length) return [];
  const checkRows = resultType === 'ssdmf' ? ids.map(rowOfSsnCheckId).filter((r): r is number => r !== null) : [];
  if (!checkRows.length) return storedResultsByIds(db, batchId, resultType, ids);
  // SSNs not in the DMF that the chunks keep (ssn-checks.ts), in the stored results' order.
  const stored = await storedResultsByIds(db, batchId, resultType, ids.filter((id) => rowOfSsnCheckId(id) === null));
  const all = [...stored, ...(await ssnChecksOf(db, batchId, checkRows))];
  return all.sort((a, b) => (a.search_criteria_key < b.search_criteria_key ? -1 : a.search_criteria_key > b.search_criteria_key ? 1 : a.row_index - b.row_index || a.id - b.id));
}

async function storedResultsByIds(db: Db, batchId: number, resultType: string, ids: readonly number[]): Promise<ResultRow[]> {
  if (!ids.length) return [];
  return rowsOf<ResultRow>(
    db,
    sql`SELECT ${RESULT_COLUMNS}, br.values, br.unique_id FROM batch_results r
        LEFT JOIN LATERAL (SELECT b.values, b.unique_id FROM batch_rows b WHERE b.batch_id = r.batch_id AND b.row_index = r.row_index) br ON TRUE
        WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.id ${anyId(ids)} ORDER BY r.search_criteria_key, r.row_index, r.id`,
  );
}
