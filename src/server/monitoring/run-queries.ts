/** SQL of monitoring runs: the version's changes and records, earlier results, one chunk's write. */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import type { Db } from '../db/client';
import { findVersionRecords } from '../db/list-records';
import { batchResults, batchRows, listVersions, monitoringAlerts, monitoringFindings, monitoringRuns } from '../db/schema';
import { rowsOf } from '../db/rows';
import { anyId } from '../db/sql-fragments';


export type RunRow = typeof monitoringRuns.$inferSelect;

/** How many people a roster monitors: its batch's rows, those retired by a new version left out (ADR 053). */
export async function countMembers(db: Db, batchId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(batchRows).where(and(eq(batchRows.batchId, batchId), isNull(batchRows.retiredAt)));
  return row?.n ?? 0;
}

/** Members of a roster's batch in a range of rows, those retired by a new version left out (ADR 053). */
export async function readMembers(db: Db, batchId: number, firstRow: number, rowCount: number): Promise<{ rowIndex: number; values: unknown; uniqueId: string | null }[]> {
  return db
    .select({ rowIndex: batchRows.rowIndex, values: batchRows.values, uniqueId: batchRows.uniqueId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), gte(batchRows.rowIndex, firstRow), lt(batchRows.rowIndex, firstRow + rowCount), isNull(batchRows.retiredAt)))
    .orderBy(asc(batchRows.rowIndex));
}

/** Members by row index (a version's added and changed people), retired ones left out. */
export async function readMembersAt(db: Db, batchId: number, rowIndexes: readonly number[]): Promise<{ rowIndex: number; values: unknown; uniqueId: string | null }[]> {
  if (!rowIndexes.length) return [];
  return db
    .select({ rowIndex: batchRows.rowIndex, values: batchRows.values, uniqueId: batchRows.uniqueId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), inArray(batchRows.rowIndex, [...rowIndexes]), isNull(batchRows.retiredAt)))
    .orderBy(asc(batchRows.rowIndex));
}

export async function findRun(db: Db, runId: number): Promise<RunRow | null> {
  const [row] = await db.select().from(monitoringRuns).where(eq(monitoringRuns.id, runId));
  return row ?? null;
}

/** The record ids a version changed: those to screen (added, changed) and those gone (removed, reinstated). */
export async function versionChanges(db: Db, versionId: number): Promise<{ screen: string[]; gone: { id: string; change: string }[] }> {
  const rows = await rowsOf<{ record_id: string; change: string }>(db, sql`SELECT record_id, change FROM list_changes WHERE version_id = ${versionId} ORDER BY record_id`);
  return {
    screen: rows.filter((r) => r.change === 'added' || r.change === 'changed').map((r) => r.record_id),
    gone: rows.filter((r) => r.change === 'removed' || r.change === 'reinstated').map((r) => ({ id: r.record_id, change: r.change })),
  };
}

/** Records of a version by id; those its records were pruned of are read from the source's active version. */
export async function changedRecords(db: Db, version: { id: number; source: string }, ids: readonly string[]): Promise<ListRecord[]> {
  const out = new Map<string, ListRecord>();
  for (let i = 0; i < ids.length; i += 5000) {
    const slice = ids.slice(i, i + 5000);
    for (const r of await findVersionRecords(db, version.id, slice)) out.set(r.recordId, r.data);
  }
  const missing = ids.filter((id) => !out.has(id));
  if (missing.length) {
    const [active] = await db.select({ id: listVersions.id }).from(listVersions).where(and(eq(listVersions.source, version.source), eq(listVersions.status, 'active')));
    if (active && active.id !== version.id) {
      for (let i = 0; i < missing.length; i += 5000) {
        for (const r of await findVersionRecords(db, active.id, missing.slice(i, i + 5000))) out.set(r.recordId, r.data);
      }
    }
  }
  return [...out.values()];
}

export interface EarlierResult {
  id: number;
  row_index: number;
  source: string;
  source_record_id: string;
  review_status: string;
  list_version_id: number | null;
  search_type: string;
  score: number | null;
  explanation: unknown;
  record: unknown;
  search_criteria_key: string;
}

/** Exclusion results of these rows in the roster's batch and its source batch. */
export async function earlierResults(db: Db, batchIds: readonly number[], rowIndexes: readonly number[], only?: { source: string; recordIds: readonly string[] }): Promise<EarlierResult[]> {
  if (!rowIndexes.length) return [];
  return rowsOf<EarlierResult>(
    db,
    sql`SELECT x.id::int AS id, x.row_index, x.source, x.source_record_id, x.review_status, x.list_version_id, x.search_type, x.score, x.explanation, x.record, x.search_criteria_key
        FROM batch_results x
        WHERE x.batch_id = ANY(${`{${batchIds.join(',')}}`}::int[]) AND x.result_type = 'exclusions' AND x.row_index = ANY(${`{${rowIndexes.join(',')}}`}::int[])
          ${only ? sql`AND x.source = ${only.source} AND x.source_record_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(only.recordIds)}::jsonb))` : sql``}
        ORDER BY x.row_index, x.id`,
  );
}

/** Person, list record pairs already alerted as no longer excluded in the roster. */
export async function goneAlerted(db: Db, rosterId: number, source: string): Promise<Set<string>> {
  const rows = await rowsOf<{ row_index: number; source_record_id: string }>(db, sql`SELECT row_index, source_record_id FROM monitoring_alerts WHERE roster_id = ${rosterId} AND source = ${source} AND kind = 'no-longer-excluded'`);
  return new Set(rows.map((r) => `${r.row_index}|${r.source_record_id}`));
}

/** Result ids of the roster's "no longer excluded" alerts. */
export async function goneAlertResults(db: Db, rosterId: number): Promise<Set<number>> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT result_id::int AS id FROM monitoring_alerts WHERE roster_id = ${rosterId} AND kind = 'no-longer-excluded'`);
  return new Set(rows.map((r) => r.id));
}

/** The as-of date of each list version by id. */
export async function versionDates(db: Db, versionIds: readonly number[]): Promise<Map<number, string | null>> {
  if (!versionIds.length) return new Map();
  const rows = await db.select({ id: listVersions.id, asOf: listVersions.asOf }).from(listVersions).where(inArray(listVersions.id, [...versionIds]));
  return new Map(rows.map((r) => [r.id, r.asOf]));
}

export interface AlertDraft {
  result: typeof batchResults.$inferInsert;
  kind: string;
  earlierResultId: number | null;
  /** Full re-screens: the alert is also one of the run's findings. */
  finding?: boolean;
}

/** A hit of a full re-screen on a record already known for the person: the result that holds its review. */
export interface KnownFinding {
  rowIndex: number;
  source: string;
  sourceRecordId: string;
  resultId: number;
}

export interface ChunkOutcome {
  written: boolean;
  alerts: number;
  /** New results to which earlier clearings may apply. */
  screenedIds: number[];
}

/**
 * Writes one chunk's alerts and moves the run past it, in one transaction holding the run row:
 * a chunk is written once (a re-run after a crash finds `rows_done` past it), or not at all.
 */
export async function writeRunChunk(
  db: Db,
  w: { runId: number; rosterId: number; clientId: number; batchId: number; firstRow: number; nextRow: number; recordsScreened: number; drafts: AlertDraft[]; findings?: KnownFinding[]; now: Date; afterResults: (tx: Db, ids: number[]) => Promise<unknown> },
): Promise<ChunkOutcome> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select({ rowsDone: monitoringRuns.rowsDone, status: monitoringRuns.status }).from(monitoringRuns).where(eq(monitoringRuns.id, w.runId)).for('update');
    if (!run || run.status === 'done' || run.rowsDone !== w.firstRow) return { written: false, alerts: 0, screenedIds: [] };
    const drafts = await withoutGoneAlertedMeanwhile(tx as never, w.rosterId, w.drafts);
    const screenedIds: number[] = [];
    const findings: KnownFinding[] = [...(w.findings ?? [])];
    if (drafts.length) {
      const inserted = await tx.insert(batchResults).values(drafts.map((d) => d.result)).returning({ id: batchResults.id });
      drafts.forEach((d, i) => d.finding && findings.push({ rowIndex: d.result.rowIndex, source: d.result.source!, sourceRecordId: d.result.sourceRecordId!, resultId: inserted[i].id }));
      await tx.insert(monitoringAlerts).values(
        drafts.map((d, i) => ({ resultId: inserted[i].id, rosterId: w.rosterId, clientId: w.clientId, runId: w.runId, kind: d.kind, rowIndex: d.result.rowIndex, source: d.result.source!, sourceRecordId: d.result.sourceRecordId!, earlierResultId: d.earlierResultId, createdAt: w.now })),
      );
      drafts.forEach((d, i) => d.kind !== 'no-longer-excluded' && screenedIds.push(inserted[i].id));
      if (screenedIds.length) await w.afterResults(tx as never, screenedIds);
      await tx.execute(sql`UPDATE batches SET processed_at = ${w.now.toISOString()}::timestamptz,
          to_review = (SELECT count(*) FROM batch_results x WHERE x.batch_id = ${w.batchId} AND x.review_status IN ('NONCLEARED', 'UNDER_REVIEW')),
          hits = (SELECT count(*) FROM batch_results x WHERE x.batch_id = ${w.batchId})
        WHERE id = ${w.batchId}`);
    }
    if (findings.length) await tx.insert(monitoringFindings).values(findings.map((f) => ({ runId: w.runId, ...f }))).onConflictDoNothing();
    await tx
      .update(monitoringRuns)
      .set({ rowsDone: w.nextRow, recordsScreened: w.recordsScreened, alertsCreated: sql`${monitoringRuns.alertsCreated} + ${drafts.length}` })
      .where(eq(monitoringRuns.id, w.runId));
    return { written: true, alerts: drafts.length, screenedIds };
  });
}

/**
 * Drops the "no longer excluded" drafts whose earlier finding another run alerted since this
 * chunk read the alerts: a list-change run and a full re-screen of the same roster on two
 * workers. The roster's row lock (NO KEY UPDATE: inserts referencing the roster go on) makes the
 * two chunk writes take turns, so the later one sees the earlier one's alert.
 */
async function withoutGoneAlertedMeanwhile(tx: Db, rosterId: number, drafts: AlertDraft[]): Promise<AlertDraft[]> {
  const earlier = drafts.filter((d) => d.kind === 'no-longer-excluded' && d.earlierResultId !== null).map((d) => d.earlierResultId!);
  if (!earlier.length) return drafts;
  await tx.execute(sql`SELECT id FROM monitored_rosters WHERE id = ${rosterId} FOR NO KEY UPDATE`);
  const rows = await rowsOf<{ id: number }>(tx, sql`SELECT DISTINCT earlier_result_id::int AS id FROM monitoring_alerts
    WHERE roster_id = ${rosterId} AND kind = 'no-longer-excluded' AND earlier_result_id ${anyId(earlier)}`);
  const alerted = new Set(rows.map((r) => r.id));
  return drafts.filter((d) => !(d.kind === 'no-longer-excluded' && d.earlierResultId !== null && alerted.has(d.earlierResultId)));
}

/** Result ids of alerts that arrived cleared by an earlier decision (for counts). */
export async function clearedAmong(db: Db, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM batch_results WHERE id ${anyId(ids)} AND review_status = 'CLEARED'`);
  return row.n;
}
