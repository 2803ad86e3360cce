/**
 * Tables of continuous monitoring (ADR 046): a client's monitored rosters, the runs that
 * screen them when a list changes, and what each alert is. A roster's members are the rows of
 * its own batch (`batches.kind = 'monitoring'`) and its alerts are that batch's results, so
 * review (statuses, notes, history, drawer, carry-forward, reports) is the batch machinery.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Binary data (the certificates' PDFs): a Buffer here, bytea in the database on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});
import { clients, teams, users } from './schema-accounts';
import { batches } from './schema-batches';

export const monitoredRosters = pgTable(
  'monitored_rosters',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    teamId: integer('team_id').references(() => teams.id),
    createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    /** The roster's own batch: its rows are the members, its results the alerts. */
    batchId: integer('batch_id').notNull().references(() => batches.id),
    /** The finished batch it was made from (its results are the starting point). */
    sourceBatchId: integer('source_batch_id').references(() => batches.id),
    /** List versions activated after this are screened against the roster. */
    baselineAt: timestamp('baseline_at', { withTimezone: true }).notNull(),
    lastScreenedAt: timestamp('last_screened_at', { withTimezone: true }),
    /** Day of the month (1–28) of the scheduled full re-screen (ADR 051). */
    rescreenDay: integer('rescreen_day').notNull().default(1),
    /** The engine version (ALGORITHM_VERSION) the roster was last fully screened with; another one triggers a full re-screen. */
    engineVersion: text('engine_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('monitored_rosters_batch').on(t.batchId), index('monitored_rosters_client').on(t.clientId)],
);

export const monitoringRuns = pgTable(
  'monitoring_runs',
  {
    id: serial('id').primaryKey(),
    rosterId: integer('roster_id').notNull().references(() => monitoredRosters.id),
    clientId: integer('client_id').notNull(),
    /** list-change: the records that changed in one list version; members: people added or changed (ADR 053), screened against every list; full: every member against every list (ADR 051) */
    kind: text('kind').notNull(),
    /** members: the row indexes to screen (null: every member, a roster made from an upload). */
    rowIndexes: jsonb('row_indexes').$type<number[]>(),
    /** members: the roster version that added or changed them. */
    rosterVersionId: integer('roster_version_id'),
    /** full runs: the month they screen for ('2026-11') and why (schedule | engine). */
    period: text('period'),
    reason: text('reason'),
    /** full runs: the engine version they screen with. */
    engineVersion: text('engine_version'),
    /** full runs: the list versions of the index they screened against ("leie:12,sam:4"). */
    listVersions: text('list_versions'),
    listVersionId: integer('list_version_id'),
    source: text('source'),
    /** pending | running | done */
    status: text('status').notNull().default('pending'),
    /** Roster rows screened so far (a resumed run starts here). */
    rowsDone: integer('rows_done').notNull().default(0),
    recordsScreened: integer('records_screened').notNull().default(0),
    alertsCreated: integer('alerts_created').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('monitoring_runs_roster_version').on(t.rosterId, t.listVersionId).where(sql`${t.kind} = 'list-change'`),
    // One full re-screen per roster, month and engine version (ADR 051).
    uniqueIndex('monitoring_runs_roster_full').on(t.rosterId, t.period, t.engineVersion).where(sql`${t.kind} = 'full'`),
    index('monitoring_runs_status').on(t.status),
  ],
);

export const monitoringAlerts = pgTable(
  'monitoring_alerts',
  {
    /** The batch result reviewed for this alert. */
    resultId: bigint('result_id', { mode: 'number' }).primaryKey(),
    rosterId: integer('roster_id').notNull(),
    clientId: integer('client_id').notNull(),
    runId: integer('run_id').notNull(),
    /** new-match | new-record | record-changed | no-longer-excluded */
    kind: text('kind').notNull(),
    rowIndex: integer('row_index').notNull(),
    source: text('source').notNull(),
    sourceRecordId: text('source_record_id').notNull(),
    /** no-longer-excluded: the result it follows. */
    earlierResultId: bigint('earlier_result_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A run never alerts twice about one person and record.
    uniqueIndex('monitoring_alerts_once').on(t.runId, t.rowIndex, t.source, t.sourceRecordId),
    index('monitoring_alerts_roster').on(t.rosterId, t.createdAt),
  ],
);

/**
 * What a full re-screen found (ADR 051): every hit of every member, whether it raised an alert
 * or was known already, with the result a reviewer decides on. The certificate lists them.
 */
export const monitoringFindings = pgTable(
  'monitoring_findings',
  {
    runId: integer('run_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    source: text('source').notNull(),
    sourceRecordId: text('source_record_id').notNull(),
    /** The result holding the review status (a new alert's, or the earlier one). */
    resultId: bigint('result_id', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('monitoring_findings_once').on(t.runId, t.rowIndex, t.source, t.sourceRecordId)],
);

/** The dated monitoring certificate of a full re-screen (ADR 051), kept as the PDF it was issued as. */
export const monitoringCertificates = pgTable(
  'monitoring_certificates',
  {
    id: serial('id').primaryKey(),
    rosterId: integer('roster_id').notNull().references(() => monitoredRosters.id),
    clientId: integer('client_id').notNull(),
    runId: integer('run_id').notNull(),
    period: text('period').notNull(),
    people: integer('people').notNull(),
    findings: integer('findings').notNull(),
    openFindings: integer('open_findings').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('monitoring_certificates_run').on(t.runId), index('monitoring_certificates_roster').on(t.rosterId, t.issuedAt)],
);
