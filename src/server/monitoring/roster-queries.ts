/** SQL of monitored rosters: creation from a batch, the list with counts, one roster's alerts and runs. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { monitoredRosters } from '../db/schema';
import type { BatchScope } from '../access/batch-scope';
import { rowsOf } from '../db/rows';

export type RosterRow = typeof monitoredRosters.$inferSelect;

/** The rosters a batch scope sees (the same visibility as the batches, ADR 014). */
function scopeSql(scope: BatchScope) {
  return sql`${scope.clientId === null ? sql`TRUE` : sql`r.client_id = ${scope.clientId}`}
    AND ${scope.teamIds === null ? sql`TRUE` : sql`r.team_id = ANY(${`{${scope.teamIds.join(',')}}`}::int[])`}
    AND ${scope.uploaderUserId === null ? sql`TRUE` : sql`r.created_by_user_id = ${scope.uploaderUserId}`}`;
}

export interface RosterListRow {
  id: number;
  client_id: number;
  name: string;
  batch_id: number;
  source_batch_id: number | null;
  people: number;
  created_at: Date | string;
  created_by: string;
  last_screened_at: Date | string | null;
  alerts: number;
  open_alerts: number;
  runs_pending: number;
  rescreen_day: number;
  baseline_at: Date | string;
  periods: string[] | null;
  last_full_run_at: Date | string | null;
}

/** Rosters with their sizes and counts, newest first; `rosterId` narrows to one. */
export async function listRosterRows(db: Db, scope: BatchScope, rosterId?: number): Promise<RosterListRow[]> {
  return rowsOf<RosterListRow>(
    db,
    sql`SELECT r.id, r.client_id, r.name, r.batch_id, r.source_batch_id, (SELECT count(*)::int FROM batch_rows m WHERE m.batch_id = r.batch_id AND m.retired_at IS NULL) AS people, r.created_at,
          trim(u.first_name || ' ' || u.last_name) AS created_by, r.last_screened_at,
          (SELECT count(*)::int FROM batch_results x WHERE x.batch_id = r.batch_id) AS alerts,
          (SELECT count(*)::int FROM batch_results x WHERE x.batch_id = r.batch_id AND x.review_status IN ('NONCLEARED', 'UNDER_REVIEW')) AS open_alerts,
          (SELECT count(*)::int FROM monitoring_runs m WHERE m.roster_id = r.id AND m.status <> 'done') AS runs_pending,
          r.rescreen_day, r.baseline_at,
          (SELECT array_agg(DISTINCT m.period) FROM monitoring_runs m WHERE m.roster_id = r.id AND m.kind = 'full') AS periods,
          (SELECT max(m.finished_at) FROM monitoring_runs m WHERE m.roster_id = r.id AND m.kind = 'full' AND m.status = 'done') AS last_full_run_at
        FROM monitored_rosters r JOIN batches b ON b.id = r.batch_id JOIN users u ON u.id = r.created_by_user_id
        WHERE ${scopeSql(scope)} ${rosterId === undefined ? sql`` : sql`AND r.id = ${rosterId}`} AND b.trashed_at IS NULL
        ORDER BY r.created_at DESC, r.id DESC`,
  );
}

export async function findRosterBySource(db: Db, sourceBatchId: number): Promise<RosterRow | null> {
  const [row] = await db.select().from(monitoredRosters).where(and(eq(monitoredRosters.sourceBatchId, sourceBatchId)));
  return row ?? null;
}

export interface AlertRow {
  id: number;
  kind: string;
  row_index: number;
  person: string;
  source: string;
  source_record_id: string;
  list_name: string | null;
  score: number | null;
  status: string;
  latest_note: string | null;
  created_at: Date | string;
  list_version_id: number | null;
  as_of: string | null;
}

/** A roster's alerts, newest first (at most `limit`). */
export async function listAlertRows(db: Db, rosterId: number, limit: number): Promise<AlertRow[]> {
  return rowsOf<AlertRow>(
    db,
    sql`SELECT a.result_id::int AS id, a.kind, a.row_index, x.search_criteria_key AS person, a.source, a.source_record_id,
          coalesce(nullif(trim(concat_ws(' ', x.record->>'firstName', x.record->>'middleName', x.record->>'lastName')), ''), x.record->>'businessName') AS list_name, x.score, x.review_status AS status, x.latest_note,
          a.created_at, x.list_version_id, v.as_of
        FROM monitoring_alerts a JOIN batch_results x ON x.id = a.result_id LEFT JOIN list_versions v ON v.id = x.list_version_id
        WHERE a.roster_id = ${rosterId}
        ORDER BY a.created_at DESC, a.result_id DESC LIMIT ${limit}`,
  );
}

export interface RunRow {
  id: number;
  kind: string;
  period: string | null;
  reason: string | null;
  rows_done: number;
  source: string | null;
  list_version_id: number | null;
  status: string;
  records_screened: number;
  alerts_created: number;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

export async function listRunRows(db: Db, rosterId: number, limit: number): Promise<RunRow[]> {
  return rowsOf<RunRow>(
    db,
    sql`SELECT id, kind, period, reason, rows_done, source, list_version_id, status, records_screened, alerts_created, started_at, finished_at
        FROM monitoring_runs WHERE roster_id = ${rosterId} ORDER BY id DESC LIMIT ${limit}`,
  );
}

export interface CertificateRow {
  id: number;
  run_id: number;
  period: string;
  issued_at: Date | string;
  people: number;
  findings: number;
  open_findings: number;
}

/** A roster's certificates, newest first (without their PDFs). */
export async function listCertificateRows(db: Db, rosterId: number): Promise<CertificateRow[]> {
  return rowsOf<CertificateRow>(
    db,
    sql`SELECT id, run_id, period, issued_at, people, findings, open_findings FROM monitoring_certificates WHERE roster_id = ${rosterId} ORDER BY issued_at DESC, id DESC`,
  );
}
