/**
 * Monitored rosters (ADR 046): made from a finished batch ("Monitor these people"), seen with
 * the batches' visibility, another client's roster answering 404. A roster's own batch holds
 * its members (the source batch's rows, copied) and its alerts (results).
 */
import { and, eq, sql } from 'drizzle-orm';
import cronParser from 'cron-parser';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { MONITORING_MESSAGES, type CreateRosterInput, type Roster, type RosterDetail, type RosterList, ALERT_KINDS, type AlertKind } from '#shared/monitoring';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { findVisibleBatch, insertBatch, type BatchRow } from '../batches/public';
import type { Db } from '../db/client';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { monitoredRosters, monitoringCertificates } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { findRosterBySource, listAlertRows, listCertificateRows, listRosterRows, listRunRows, type RosterListRow } from './roster-queries';
import { nextRunAt } from './schedule';
import { MONITORED_SEARCH_TYPES } from './search-types';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function toRoster(r: RosterListRow, now: Date): Roster {
  const schedule = { day: r.rescreen_day, baselineAt: new Date(r.baseline_at), screenedPeriods: new Set(r.periods ?? []) };
  return {
    rescreenDay: r.rescreen_day,
    nextRunAt: nextRunAt(schedule, now).toISOString(),
    lastFullRunAt: iso(r.last_full_run_at),
    rosterId: r.id,
    name: r.name,
    batchId: r.batch_id,
    sourceBatchId: r.source_batch_id,
    people: r.people,
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by,
    lastScreenedAt: iso(r.last_screened_at),
    alerts: r.alerts,
    openAlerts: r.open_alerts,
    runsPending: r.runs_pending,
  };
}

/** When the scheduled list check next runs (UTC), null when it is off. */
export function nextListCheck(schedule: string | null, now: Date): string | null {
  if (!schedule || schedule === 'off') return null;
  try {
    return cronParser.parseExpression(schedule, { currentDate: now, tz: 'UTC' }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

/** Creates a roster of the people of a completed batch the caller sees; answers it. */
export async function createRoster(ctx: AppContext, caller: BatchCaller, input: CreateRosterInput): Promise<Roster> {
  const source = await findVisibleBatch(ctx.db, scopeOf(caller), input.batchId);
  if (!source || source.kind !== 'search') throw notFound('The batch');
  if (source.status !== 'Completed') throw new AppError('CONFLICT', MONITORING_MESSAGES.notFinished);
  const searchTypes = source.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t));
  if (!searchTypes.some((t) => t !== 'OFAC')) throw new AppError('CONFLICT', MONITORING_MESSAGES.noExclusionSearch);
  if (await findRosterBySource(ctx.db, source.id)) throw new AppError('CONFLICT', MONITORING_MESSAGES.alreadyMonitored);
  const rosterId = await insertRoster(ctx.db, source, { userId: caller.userId, name: input.name ?? source.fileName.replace(/\.csv$/i, ''), searchTypes, now: ctx.now() });
  // List versions activated since the batch screened are screened against the roster now.
  if (ctx.jobs) await ctx.jobs.send((await import('./jobs')).sweepMonitoringJob, {});
  const [row] = await listRosterRows(ctx.db, { clientId: source.clientId, teamIds: null, uploaderUserId: null }, rosterId);
  return toRoster(row, ctx.now());
}

/** Writes a roster of a batch's rows: its own batch (rows copied), the roster, an audit entry; answers its id. */
export async function insertRoster(db: Db, source: BatchRow, o: { userId: number; name: string; searchTypes: string[]; now: Date; baselineAt?: Date }): Promise<number> {
  const { now, name, searchTypes } = o;
  return db.transaction(async (tx) => {
    const own = await insertBatch(tx as never, {
      clientId: source.clientId,
      teamId: source.teamId,
      uploaderUserId: o.userId,
      fileName: name,
      storedPath: source.storedPath,
      sha256: source.sha256,
      sizeBytes: source.sizeBytes,
      header: source.header,
      status: 'Completed',
      searchTypes,
      columnMappings: source.columnMappings,
      uniqueIdIndex: source.uniqueIdIndex,
      correlatedColumnIndexes: source.correlatedColumnIndexes,
      recordCount: source.recordCount,
      rowsDone: source.recordCount,
      reviewThreshold: source.reviewThreshold,
      uploadedAt: now,
      submittedAt: now,
      startedAt: now,
      processedAt: now,
      kind: 'monitoring',
    });
    await tx.execute(sql`INSERT INTO batch_rows (batch_id, row_index, values, additional, unique_id)
      SELECT ${own.id}, row_index, values, additional, unique_id FROM batch_rows WHERE batch_id = ${source.id}`);
    const [roster] = await tx
      .insert(monitoredRosters)
      .values({ clientId: source.clientId, teamId: source.teamId, createdByUserId: o.userId, name, batchId: own.id, sourceBatchId: source.id, baselineAt: o.baselineAt ?? source.startedAt ?? source.processedAt ?? now, engineVersion: ALGORITHM_VERSION, createdAt: now })
      .returning({ id: monitoredRosters.id });
    await recordAudit(tx as never, { action: 'monitoring.roster-created', actorUserId: o.userId, clientId: source.clientId, target: `roster:${roster.id}`, details: { sourceBatchId: source.id, people: source.recordCount } });
    return roster.id;
  });
}

/** One roster the caller sees, as listed; another client's answers 404. */
export async function rosterById(ctx: AppContext, caller: BatchCaller, rosterId: number): Promise<Roster> {
  const [row] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  if (!row) throw notFound('The roster');
  return toRoster(row, ctx.now());
}

export async function listRosters(ctx: AppContext, caller: BatchCaller): Promise<RosterList> {
  const rows = await listRosterRows(ctx.db, scopeOf(caller));
  return { rosters: rows.map((r) => toRoster(r, ctx.now())), nextListCheck: nextListCheck(ctx.config.listUpdateSchedule, ctx.now()) };
}

const kindOf = (k: string): AlertKind => (ALERT_KINDS.includes(k as AlertKind) ? (k as AlertKind) : 'new-match');

/** One roster with its latest alerts and runs. */
export async function rosterDetail(ctx: AppContext, caller: BatchCaller, rosterId: number): Promise<RosterDetail> {
  const [row] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  if (!row) throw notFound('The roster');
  const alerts = await listAlertRows(ctx.db, rosterId, 500);
  const runs = await listRunRows(ctx.db, rosterId, 20);
  const certificates = await listCertificateRows(ctx.db, rosterId);
  return {
    roster: toRoster(row, ctx.now()),
    alerts: alerts.map((a) => ({
      id: a.id,
      kind: kindOf(a.kind),
      rowIndex: a.row_index,
      person: a.person,
      source: a.source,
      sourceRecordId: a.source_record_id,
      listName: a.list_name,
      score: a.score,
      status: a.status,
      latestNote: a.latest_note,
      createdAt: iso(a.created_at)!,
      listVersionId: a.list_version_id,
      asOf: a.as_of,
    })),
    certificates: certificates.map((c) => ({ certificateId: c.id, runId: c.run_id, period: c.period, issuedAt: iso(c.issued_at)!, people: c.people, findings: c.findings, openFindings: c.open_findings })),
    runs: runs.map((r) => ({ runId: r.id, kind: r.kind === 'full' ? ('full' as const) : ('list-change' as const), period: r.period, reason: r.reason === 'engine' || r.reason === 'schedule' ? r.reason : null, rowsDone: r.rows_done, source: r.source, listVersionId: r.list_version_id, status: r.status, recordsScreened: r.records_screened, alertsCreated: r.alerts_created, startedAt: iso(r.started_at), finishedAt: iso(r.finished_at) })),
  };
}

/** Sets the day of the month of a roster's full re-screen; answers the roster. */
export async function setRosterSchedule(ctx: AppContext, caller: BatchCaller, rosterId: number, rescreenDay: number): Promise<Roster> {
  const [row] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  if (!row) throw notFound('The roster');
  await ctx.db.update(monitoredRosters).set({ rescreenDay }).where(eq(monitoredRosters.id, rosterId));
  await recordAudit(ctx.db, { action: 'monitoring.schedule-changed', actorUserId: caller.userId, clientId: row.client_id, target: `roster:${rosterId}`, details: { from: row.rescreen_day, to: rescreenDay } });
  // A day moved into the past of this month makes this month's re-screen due now.
  if (ctx.jobs) await ctx.jobs.send((await import('./jobs')).sweepMonitoringJob, {});
  const [updated] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  return toRoster(updated, ctx.now());
}

/** A certificate's PDF, of a roster the caller sees (else 404). */
export async function certificateFile(ctx: AppContext, caller: BatchCaller, rosterId: number, certificateId: number): Promise<{ fileName: string; pdf: Buffer }> {
  const [row] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  if (!row) throw notFound('The certificate');
  const [cert] = await ctx.db.select().from(monitoringCertificates).where(and(eq(monitoringCertificates.id, certificateId), eq(monitoringCertificates.rosterId, rosterId)));
  if (!cert) throw notFound('The certificate');
  const safe = row.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'roster';
  return { fileName: `monitoring-certificate-${safe}-${cert.period}.pdf`, pdf: cert.pdf };
}
