/** SQL of review decisions: status changes with their history, audit entries and clearings, in one transaction. */
import { sql } from 'drizzle-orm';
import type { ReviewStatus } from '#shared/review-status';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { anyId, criteriaHashSql, recordHashSql } from '../db/sql-fragments';

export interface ChangeTarget {
  id: number;
  from: ReviewStatus;
}

export interface StatusChangeWrite {
  clientId: number;
  batchId: number;
  resultType: string;
  targets: readonly ChangeTarget[];
  to: ReviewStatus;
  note: string | null;
  user: { id: number; username: string; name: string };
  ip: string | null;
  now: Date;
}

/** Results of a batch and type, locked for a change: id and current status. */
export async function lockResults(tx: Db, batchId: number, resultType: string, ids: readonly number[]) {
  return rowsOf<{ id: number; review_status: ReviewStatus; found: boolean | null }>(
    tx,
    sql`SELECT r.id::int AS id, r.review_status, (r.explanation->>'found')::boolean AS found FROM batch_results r
        WHERE r.batch_id = ${batchId} AND r.result_type = ${resultType} AND r.id ${anyId(ids)} ORDER BY r.id FOR UPDATE`,
  );
}

/**
 * Applies one decision to the targets: new status (and latest note when one is given), one
 * history entry and one audit entry each, clearings kept in step, the batch's to-review count.
 */
export async function writeStatusChange(tx: Db, w: StatusChangeWrite): Promise<void> {
  if (!w.targets.length) return;
  const ids = w.targets.map((t) => t.id);
  const at = w.now.toISOString();
  await tx.execute(
    sql`UPDATE batch_results SET review_status = ${w.to}${w.note ? sql`, latest_note = ${w.note}` : sql``} WHERE id ${anyId(ids)}`,
  );
  const values = sql.join(
    w.targets.map((t) => sql`(${w.clientId}, ${w.batchId}, ${t.id}, 'change', ${t.from}, ${w.to}, ${w.note}, ${w.user.id}, ${w.user.name}, ${at}::timestamptz)`),
    sql`, `,
  );
  const history = await rowsOf<{ id: number; result_id: number }>(
    tx,
    sql`INSERT INTO review_history (client_id, batch_id, result_id, kind, from_status, to_status, note, user_id, user_name, changed_at)
        VALUES ${values} RETURNING id::int AS id, result_id::int AS result_id`,
  );
  const audit = sql.join(
    w.targets.map(
      (t) =>
        sql`(${at}::timestamptz, ${w.user.id}, ${w.user.username}, ${w.clientId}, 'review.status-change', ${`batch_result:${t.id}`}, ${w.ip},
             ${JSON.stringify({ batchId: w.batchId, resultType: w.resultType, from: t.from, to: w.to, note: w.note })}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO audit_log (at, actor_user_id, actor_username, client_id, action, target, ip, details) VALUES ${audit}`);
  if (w.to === 'CLEARED') await recordClearings(tx, w.clientId, history, w.now);
  else await tx.execute(sql`DELETE FROM review_clearances WHERE result_id ${anyId(ids)}`);
  // The dashboard's "to review" count moves by the records entering or leaving review (they are locked).
  const isOpen = (s: ReviewStatus) => s === 'NONCLEARED' || s === 'UNDER_REVIEW';
  const delta = w.targets.reduce((n, t) => n + (isOpen(w.to) ? 1 : 0) - (isOpen(t.from) ? 1 : 0), 0);
  if (delta !== 0) await tx.execute(sql`UPDATE batches SET to_review = greatest(0, to_review + ${delta}) WHERE id = ${w.batchId}`);
}

/** Remembers cleared results that have a list record, for later batches of the client (ADR 015). */
export async function recordClearings(tx: Db, clientId: number, history: readonly { id: number; result_id: number }[], now: Date): Promise<void> {
  if (!history.length) return;
  const pairs = sql.join(history.map((h) => sql`(${h.result_id}::bigint, ${h.id}::bigint)`), sql`, `);
  await tx.execute(sql`
    INSERT INTO review_clearances (result_id, client_id, batch_id, source, source_record_id, unique_id, criteria_hash, record_hash, history_id, cleared_at)
    SELECT r.id, ${clientId}, r.batch_id, r.source, r.source_record_id, br.unique_id, ${criteriaHashSql(sql`br.values`)}, ${recordHashSql(sql`r.record`)}, h.history_id, ${now.toISOString()}::timestamptz
    FROM (VALUES ${pairs}) AS h(result_id, history_id)
    JOIN batch_results r ON r.id = h.result_id
    JOIN LATERAL (SELECT b.values, b.unique_id FROM batch_rows b WHERE b.batch_id = r.batch_id AND b.row_index = r.row_index) br ON TRUE
    WHERE r.result_type IN ('exclusions', 'ssdmf') AND r.record IS NOT NULL AND r.source IS NOT NULL AND r.source_record_id IS NOT NULL
    ON CONFLICT (result_id) DO UPDATE SET history_id = EXCLUDED.history_id, cleared_at = EXCLUDED.cleared_at`);
}

export interface HistoryRow {
  id: number;
  result_id: number;
  kind: 'change' | 'carried-forward';
  from_status: ReviewStatus | null;
  to_status: ReviewStatus;
  note: string | null;
  user_name: string;
  changed_at: Date | string;
  carried_from_history_id: number | null;
  earlier_batch_id: number | null;
  earlier_file_name: string | null;
  earlier_result_id: number | null;
  earlier_user_name: string | null;
  earlier_changed_at: Date | string | null;
  earlier_note: string | null;
}

/** History entries of results, oldest first, with the earlier decision a carried-forward entry repeats. */
export async function historyOf(db: Db, resultIds: readonly number[]): Promise<HistoryRow[]> {
  if (!resultIds.length) return [];
  return rowsOf<HistoryRow>(
    db,
    sql`SELECT h.id::int AS id, h.result_id::int AS result_id, h.kind, h.from_status, h.to_status, h.note, h.user_name, h.changed_at,
          h.carried_from_history_id::int AS carried_from_history_id, e.batch_id AS earlier_batch_id, eb.file_name AS earlier_file_name,
          e.result_id::int AS earlier_result_id, e.user_name AS earlier_user_name, e.changed_at AS earlier_changed_at, e.note AS earlier_note
        FROM review_history h
        LEFT JOIN review_history e ON e.id = h.carried_from_history_id
        LEFT JOIN batches eb ON eb.id = e.batch_id
        WHERE h.result_id ${anyId(resultIds)} ORDER BY h.result_id, h.id`,
  );
}
