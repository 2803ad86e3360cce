/**
 * Tables of continuous monitoring (ADR 046): a client's monitored rosters, the runs that
 * screen them when a list changes, and what each alert is. A roster's members are the rows of
 * its own batch (`batches.kind = 'monitoring'`) and its alerts are that batch's results, so
 * review (statuses, notes, history, drawer, carry-forward, reports) is the batch machinery.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** list-change: the records that changed in one list version; members: people added or changed (ADR 053), screened against every list */
    kind: text('kind').notNull(),
    /** members: the row indexes to screen (null: every member, a roster made from an upload). */
    rowIndexes: jsonb('row_indexes').$type<number[]>(),
    /** members: the roster version that added or changed them. */
    rosterVersionId: integer('roster_version_id'),
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
  (t) => [uniqueIndex('monitoring_runs_roster_version').on(t.rosterId, t.listVersionId).where(sql`${t.kind} = 'list-change'`), index('monitoring_runs_status').on(t.status)],
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
