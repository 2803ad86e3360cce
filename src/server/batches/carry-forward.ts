/**
 * Clearing carries forward (ADR 015): when a later batch of the same client finds the same
 * person (same unique id when both rows have one, else the same criteria) against the same
 * list record, unchanged since it was cleared, the result arrives CLEARED with a history
 * entry naming the earlier decision. If the record changed, it stays Needs Review, with a
 * latest note saying so. Runs inside the chunk's write transaction (processing-queries.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { anyId, criteriaHashSql, recordHashSql } from '../db/sql-fragments';

export interface CarryForwardScope {
  batchId: number;
  clientId: number;
  firstRow: number;
  rowCount: number;
  now: Date;
  /**
   * Only these results (a monitored roster's new alerts, ADR 046), whose batch's own earlier
   * clearings count too: a roster keeps one batch for all its alerts.
   */
  resultIds?: readonly number[];
}

interface Candidate {
  id: number;
  unchanged: boolean;
  earlier_history_id: number;
  earlier_result_id: number;
  earlier_batch_id: number;
  earlier_file_name: string;
  earlier_user_name: string;
  earlier_changed_at: Date | string;
}

const day = (d: Date | string): string => new Date(d).toISOString().slice(0, 10);

/** Note of a carried-forward clearing, naming the earlier decision. */
export const carriedNote = (c: Pick<Candidate, 'earlier_user_name' | 'earlier_changed_at' | 'earlier_file_name'>): string =>
  `Cleared by ${c.earlier_user_name} on ${day(c.earlier_changed_at)} in batch "${c.earlier_file_name}"; the list record is unchanged since.`;
export const CHANGED_RECORD_NOTE = 'Cleared in an earlier batch, but the list record has changed since: review it again.';

/** Applies earlier clearings of the client to the new results of rows [firstRow, firstRow + rowCount). */
export async function carryForwardClearings(tx: Db, s: CarryForwardScope): Promise<{ carried: number; changed: number }> {
  // A client that never cleared a result has nothing to carry: one probe of the clearances'
  // index rather than every result of the chunk read and joined to its row (ADR 107).
  if (!(await rowsOf(tx, sql`SELECT 1 FROM review_clearances WHERE client_id = ${s.clientId} LIMIT 1`)).length) return { carried: 0, changed: 0 };
  const candidates = await rowsOf<Candidate>(
    tx,
    sql`WITH fresh AS (
          SELECT r.id, r.source, r.source_record_id, br.unique_id,
                 ${recordHashSql(sql`r.record`)} AS record_hash, ${criteriaHashSql(sql`br.values`)} AS criteria_hash
          FROM batch_results r JOIN LATERAL (SELECT b.values, b.unique_id FROM batch_rows b WHERE b.batch_id = r.batch_id AND b.row_index = r.row_index) br ON TRUE
          WHERE r.batch_id = ${s.batchId} AND r.row_index >= ${s.firstRow} AND r.row_index < ${s.firstRow + s.rowCount}
            ${s.resultIds ? sql`AND r.id ${anyId(s.resultIds)}` : sql``}
            AND r.result_type IN ('exclusions', 'ssdmf') AND r.review_status = 'NONCLEARED' AND r.record IS NOT NULL
            AND EXISTS (SELECT 1 FROM review_clearances c WHERE c.client_id = ${s.clientId} AND c.source = r.source AND c.source_record_id = r.source_record_id)
        )
        SELECT DISTINCT ON (f.id) f.id::int AS id, (c.record_hash = f.record_hash) AS unchanged,
               c.history_id::int AS earlier_history_id, h.result_id::int AS earlier_result_id, h.batch_id AS earlier_batch_id,
               b.file_name AS earlier_file_name, h.user_name AS earlier_user_name, h.changed_at AS earlier_changed_at
        FROM fresh f
        JOIN review_clearances c ON c.client_id = ${s.clientId} AND c.source = f.source AND c.source_record_id = f.source_record_id ${s.resultIds ? sql`` : sql`AND c.batch_id <> ${s.batchId}`}
          AND (CASE WHEN f.unique_id IS NOT NULL AND c.unique_id IS NOT NULL THEN f.unique_id = c.unique_id ELSE f.criteria_hash = c.criteria_hash END)
        JOIN review_history h ON h.id = c.history_id
        JOIN batches b ON b.id = h.batch_id
        ORDER BY f.id, (c.record_hash = f.record_hash) DESC, c.cleared_at DESC`,
  );
  const carried = candidates.filter((c) => c.unchanged);
  const changed = candidates.filter((c) => !c.unchanged);
  if (changed.length) await tx.execute(sql`UPDATE batch_results SET latest_note = ${CHANGED_RECORD_NOTE} WHERE id ${anyId(changed.map((c) => c.id))}`);
  if (!carried.length) return { carried: 0, changed: changed.length };

  const at = s.now.toISOString();
  for (const c of carried) await tx.execute(sql`UPDATE batch_results SET review_status = 'CLEARED', latest_note = ${carriedNote(c)} WHERE id = ${c.id}`);
  const history = await rowsOf<{ id: number; result_id: number }>(
    tx,
    sql`INSERT INTO review_history (client_id, batch_id, result_id, kind, from_status, to_status, note, user_id, user_name, carried_from_history_id, changed_at)
        VALUES ${sql.join(
          carried.map((c) => sql`(${s.clientId}, ${s.batchId}, ${c.id}, 'carried-forward', 'NONCLEARED', 'CLEARED', ${carriedNote(c)}, NULL, 'Clearlist', ${c.earlier_history_id}, ${at}::timestamptz)`),
          sql`, `,
        )} RETURNING id::int AS id, result_id::int AS result_id`,
  );
  await tx.execute(sql`INSERT INTO audit_log (at, actor_user_id, actor_username, client_id, action, target, details) VALUES ${sql.join(
    carried.map(
      (c) =>
        sql`(${at}::timestamptz, NULL, NULL, ${s.clientId}, 'review.carried-forward', ${`batch_result:${c.id}`},
             ${JSON.stringify({ batchId: s.batchId, from: 'NONCLEARED', to: 'CLEARED', earlierResultId: c.earlier_result_id, earlierBatchId: c.earlier_batch_id, earlierHistoryId: c.earlier_history_id })}::jsonb)`,
    ),
    sql`, `,
  )}`);
  // The new clearing points at the person's decision, so a chain of batches always names it.
  const earlierOf = new Map(carried.map((c) => [c.id, c.earlier_history_id]));
  const pairs = sql.join(history.map((h) => sql`(${h.result_id}::bigint, ${earlierOf.get(h.result_id)!}::bigint)`), sql`, `);
  await tx.execute(sql`
    INSERT INTO review_clearances (result_id, client_id, batch_id, source, source_record_id, unique_id, criteria_hash, record_hash, history_id, cleared_at)
    SELECT r.id, ${s.clientId}, r.batch_id, r.source, r.source_record_id, br.unique_id, ${criteriaHashSql(sql`br.values`)}, ${recordHashSql(sql`r.record`)}, h.history_id, ${at}::timestamptz
    FROM (VALUES ${pairs}) AS h(result_id, history_id)
    JOIN batch_results r ON r.id = h.result_id
    JOIN LATERAL (SELECT b.values, b.unique_id FROM batch_rows b WHERE b.batch_id = r.batch_id AND b.row_index = r.row_index) br ON TRUE
    ON CONFLICT (result_id) DO NOTHING`);
  return { carried: carried.length, changed: changed.length };
}
