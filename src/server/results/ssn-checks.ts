/**
 * SSNs checked against the DMF and not found, as a chunk keeps them (`batch_chunks.ssn_not_found_rows`,
 * docs/plans/ssn-checks-per-chunk.md) instead of a result row each: the SSDMF tab's readers see
 * each as a result of its own, cleared and fixed, with an id of its own.
 *
 * An id: 2^52 + the row's index. A row has at most one SSDMF result, so it is unique within a
 * batch's SSDMF tab; it is stable across reads and page sizes, positive and a safe integer (the
 * routes' and the client's id checks take it), and no `batch_results.id` (a bigserial counting
 * every result ever stored) comes near it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { intArrayText } from '../db/sql-fragments';
import { searchCriteriaKey } from '../screening/row-screening';
import type { ResultRow } from './page-queries';

export const SSN_CHECK_ID_BASE = 2 ** 52;

export const ssnCheckId = (rowIndex: number): number => SSN_CHECK_ID_BASE + rowIndex;

/** The row index of an SSN check's id; null for the id of a stored result. */
export const rowOfSsnCheckId = (id: number): number | null => (Number.isSafeInteger(id) && id >= SSN_CHECK_ID_BASE ? id - SSN_CHECK_ID_BASE : null);

interface CheckRow {
  row_index: number;
  dmf_version_id: number | null;
  values: Record<string, string> | null;
  unique_id: string | null;
}

/**
 * The batch's SSNs checked and not found, as SSDMF results (in row order), or those of the
 * given rows only. A row the chunks do not list has none here (its result, if any, is stored).
 */
export async function ssnChecksOf(db: Db, batchId: number, rowIndexes?: readonly number[]): Promise<ResultRow[]> {
  if (rowIndexes && rowIndexes.length === 0) return [];
  // Given rows: each looked up in its own chunk's list only (a page must not unnest the whole batch's).
  const listed = rowIndexes
    ? sql`SELECT r.row_index, c.ssn_dmf_version_id
          FROM unnest(${intArrayText([...new Set(rowIndexes)])}::int[]) AS r(row_index)
          JOIN batch_chunks c ON c.batch_id = ${batchId} AND c.first_row <= r.row_index AND r.row_index < c.first_row + c.row_count
          WHERE r.row_index = ANY(c.ssn_not_found_rows)`
    : sql`SELECT r.row_index, c.ssn_dmf_version_id
          FROM batch_chunks c CROSS JOIN LATERAL unnest(c.ssn_not_found_rows) AS r(row_index)
          WHERE c.batch_id = ${batchId} AND c.ssn_not_found_rows IS NOT NULL`;
  const rows = await rowsOf<CheckRow>(
    db,
    sql`SELECT l.row_index, l.ssn_dmf_version_id AS dmf_version_id, b.values, b.unique_id
        FROM (${listed}) l LEFT JOIN batch_rows b ON b.batch_id = ${batchId} AND b.row_index = l.row_index
        ORDER BY l.row_index`,
  );
  return rows.map((r) => ssnCheckResult(batchId, r));
}

/** A check as the stored result of an SSN not found was (row-screening.ts), with its id. */
function ssnCheckResult(batchId: number, r: CheckRow): ResultRow {
  const values = r.values ?? {};
  const checked = r.dmf_version_id !== null;
  return {
    id: ssnCheckId(r.row_index),
    batch_id: batchId,
    row_index: r.row_index,
    result_type: 'ssdmf',
    search_type: 'SSDMF',
    source: null,
    source_record_id: null,
    // The DMF version checked, which the stored result did not name (its source was null).
    list_version_id: r.dmf_version_id,
    score: null,
    explanation: checked ? { found: false, dateOfDeath: null } : { found: false, dmfLoaded: false, dateOfDeath: null },
    record: null,
    review_status: 'CLEARED',
    latest_note: null,
    search_criteria_key: searchCriteriaKey({ rowIndex: r.row_index, uniqueId: r.unique_id, values }),
    values: r.values,
    unique_id: r.unique_id,
  };
}
