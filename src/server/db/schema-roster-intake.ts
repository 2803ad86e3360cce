/**
 * Tables of roster intake and alert digests (ADR 053): new versions of a monitored roster
 * (the file compared with the members, shown before it is applied), who is e-mailed about a
 * roster's alerts and how often, and each digest sent (once per recipient and period).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';
import { batches } from './schema-batches';
import { monitoredRosters } from './schema-monitoring';

export const rosterVersions = pgTable(
  'roster_versions',
  {
    id: serial('id').primaryKey(),
    rosterId: integer('roster_id').notNull().references(() => monitoredRosters.id),
    clientId: integer('client_id').notNull(),
    /** The uploaded file (a draft batch of kind 'roster-upload'). */
    uploadBatchId: integer('upload_batch_id').notNull().references(() => batches.id),
    fileName: text('file_name').notNull(),
    /** pending | applied | discarded */
    status: text('status').notNull().default('pending'),
    /** The comparison: added, removed and changed people (field by field), and the unchanged count. */
    diff: jsonb('diff').notNull(),
    /** The roster's last applied version when compared: applying refuses if another was applied since. */
    baseVersionId: integer('base_version_id'),
    createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('roster_versions_roster').on(t.rosterId, t.id)],
);

export const alertDigestSubscriptions = pgTable(
  'alert_digest_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    clientId: integer('client_id').notNull(),
    /** null: the user's choice for every roster they see (their settings); else one roster's. */
    rosterId: integer('roster_id').references(() => monitoredRosters.id),
    /** off | immediate | daily */
    frequency: text('frequency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('alert_digest_subscriptions_user_roster').on(t.userId, t.rosterId).where(sql`${t.rosterId} IS NOT NULL`),
    uniqueIndex('alert_digest_subscriptions_user_default').on(t.userId).where(sql`${t.rosterId} IS NULL`),
  ],
);

export const alertDigestSends = pgTable(
  'alert_digest_sends',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    /** run:<runId> (immediate) or day:<YYYY-MM-DD> (daily): one e-mail per user and period. */
    periodKey: text('period_key').notNull(),
    alerts: integer('alerts').notNull(),
    /** sending | sent */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('alert_digest_sends_once').on(t.userId, t.periodKey)],
);
