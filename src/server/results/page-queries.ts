/** SQL of the three result tabs: exclusion groups and their records, NPI and SSDMF pages. */
import { sql, type SQL } from 'drizzle-orm';
import type { ExclusionQuery, NpiQuery, ReviewStatus, SsdmfQuery } from '#shared/results';
import type { Db } from '../db/client';
import { containsPattern, flagSql, npiStatusSql, sqlList } from './sql-fragments';

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

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

function exclusionRecordFilter(q: Pick<ExclusionQuery, 'status' | 'sources'>): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (q.status?.length) parts.push(sql`r.review_status IN ${sqlList(q.status)}`);
  if (q.sources?.length) parts.push(sql`r.source IN ${sqlList(q.sources)}`);
  return sql.join(parts, sql` AND `);
}

const GROUP_COUNTS = sql`count(*) FILTER (WHERE r.review_status = 'NONCLEARED')::int AS "nonCleared",
  count(*) FILTER (WHERE r.review_status = 'UNDER_REVIEW')::int AS "underReview",
  count(*) FILTER (WHERE r.review_status = 'HISTORICAL_MATCH')::int AS "historicalMatch",
  count(*) FILTER (WHERE r.review_status = 'CLEARED')::int AS cleared,
  count(*)::int AS total`;

/**
 * A page of search-criteria groups of the exclusions tab: a group shows when its criteria
 * contain `sc` and one of its records passes the status and source filters; its counts are
 * of all its records.
 */
export async function exclusionGroups(db: Db, batchId: number, q: ExclusionQuery): Promise<{ groups: Omit<GroupRow, 'uniqueId'>[]; total: number | null }> {
  const where = sql`r.batch_id = ${batchId} AND r.result_type = 'exclusions'${q.sc ? sql` AND r.search_criteria_key ILIKE ${containsPattern(q.sc)}` : sql``}`;
  const hasRecordFilter = Boolean(q.status?.length || q.sources?.length);
  const having = hasRecordFilter ? sql`HAVING count(*) FILTER (WHERE ${exclusionRecordFilter(q)}) > 0` : sql``;
  const order = q.sort === 'DESC' ? sql`DESC` : sql`ASC`;
  const groups = await rowsOf<Omit<GroupRow, 'uniqueId'>>(
    db,
    sql`SELECT r.search_criteria_key AS key, ${GROUP_COUNTS} FROM batch_results r WHERE ${where}
        GROUP BY r.search_criteria_key ${having} ORDER BY r.search_criteria_key ${order}
        LIMIT ${q.limits} OFFSET ${(q.page - 1) * q.limits}`,
  );
  if (!q.requireTotal) return { groups, total: null };
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    hasRecordFilter
      ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM batch_results r WHERE ${where} GROUP BY r.search_criteria_key ${having}) g`
      : sql`SELECT count(DISTINCT r.search_criteria_key)::int AS n FROM batch_results r WHERE ${where}`,
  );
  return { groups, total: n };
}

/** Counts and unique id of the given groups of one result type. */
export async function groupsByKeys(db: Db, batchId: number, resultType: string, keys: readonly string[]): Promise<GroupRow[]> {
  if (!keys.length) return [];
  return rowsOf<GroupRow>(
    db,
    sql`SELECT r.search_criteria_key AS key, ${GROUP_COUNTS}, min(br.unique_id) AS "uniqueId"
        FROM batch_results r LEFT JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = r.row_index
        WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.search_criteria_key IN ${sqlList(keys)}
        GROUP BY r.search_criteria_key ORDER BY r.search_criteria_key`,
  );
}

/** Unique ids of groups (the first row of each group that has one). */
export async function uniqueIdsOf(db: Db, batchId: number, resultType: string, keys: readonly string[]): Promise<Map<string, string | null>> {
  if (!keys.length) return new Map();
  const rows = await rowsOf<{ key: string; unique_id: string | null }>(
    db,
    sql`SELECT r.search_criteria_key AS key, min(br.unique_id) AS unique_id
        FROM batch_results r JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = r.row_index
        WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.search_criteria_key IN ${sqlList(keys)}
        GROUP BY r.search_criteria_key`,
  );
  return new Map(rows.map((r) => [r.key, r.unique_id]));
}

/** The records of the given groups that pass the status and source filters, best score first in a group. */
export async function exclusionRecordsOf(db: Db, batchId: number, keys: readonly string[], q: Pick<ExclusionQuery, 'status' | 'sources' | 'sort'>): Promise<ResultRow[]> {
  if (!keys.length) return [];
  const order = q.sort === 'DESC' ? sql`DESC` : sql`ASC`;
  return rowsOf<ResultRow>(
    db,
    sql`SELECT ${RESULT_COLUMNS}, NULL AS values, NULL AS unique_id FROM batch_results r
        WHERE r.batch_id = ${batchId} AND r.result_type = 'exclusions' AND r.search_criteria_key IN ${sqlList(keys)} AND ${exclusionRecordFilter(q)}
        ORDER BY r.search_criteria_key ${order}, r.score DESC NULLS LAST, r.id`,
  );
}

function npiFilter(q: NpiQuery): SQL {
  const parts: SQL[] = [];
  if (q.searchCriteria) parts.push(sql`r.search_criteria_key ILIKE ${containsPattern(q.searchCriteria)}`);
  if (q.recordStatus?.length) parts.push(sql`r.review_status IN ${sqlList(q.recordStatus)}`);
  if (q.npiStatus?.length) parts.push(sql`${npiStatusSql} IN ${sqlList(q.npiStatus)}`);
  if (q.optOutStatus) parts.push(sql`${flagSql('optedOut')} = ${q.optOutStatus}`);
  if (q.exclusionStatus) parts.push(sql`${flagSql('excluded')} = ${q.exclusionStatus}`);
  return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
}

function ssdmfFilter(q: SsdmfQuery): SQL {
  const parts: SQL[] = [];
  if (q.searchCriteria) parts.push(sql`r.search_criteria_key ILIKE ${containsPattern(q.searchCriteria)}`);
  if (q.recordStatus?.length) parts.push(sql`r.review_status IN ${sqlList(q.recordStatus)}`);
  if (q.ssdmfStatus) parts.push(sql`${flagSql('found')} = ${q.ssdmfStatus}`);
  return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
}

/** A page of NPI or SSDMF results in file order, with their rows' values. */
export async function rowResultsPage(db: Db, batchId: number, resultType: 'npi' | 'ssdmf', q: NpiQuery | SsdmfQuery): Promise<{ rows: ResultRow[]; total: number | null }> {
  const filter = resultType === 'npi' ? npiFilter(q as NpiQuery) : ssdmfFilter(q as SsdmfQuery);
  const where = sql`r.batch_id = ${batchId} AND r.result_type = ${resultType}${filter}`;
  const rows = await rowsOf<ResultRow>(
    db,
    sql`SELECT ${RESULT_COLUMNS}, br.values, br.unique_id FROM batch_results r
        LEFT JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = r.row_index
        WHERE ${where} ORDER BY r.row_index, r.id LIMIT ${q.limits} OFFSET ${(q.page - 1) * q.limits}`,
  );
  if (!q.requireTotal) return { rows, total: null };
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM batch_results r WHERE ${where}`);
  return { rows, total: n };
}

/** Results of a batch and type by id, with their rows' values (missing ids are left out). */
export async function resultsByIds(db: Db, batchId: number, resultType: string, ids: readonly number[]): Promise<ResultRow[]> {
  if (!ids.length) return [];
  return rowsOf<ResultRow>(
    db,
    sql`SELECT ${RESULT_COLUMNS}, br.values, br.unique_id FROM batch_results r
        LEFT JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = r.row_index
        WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.id IN ${sqlList(ids)} ORDER BY r.search_criteria_key, r.row_index, r.id`,
  );
}
