/** Tables of review (ADR 015): the append-only history of status changes, the clearings that carry forward. */
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change of a result's review status: who, when, from, to, the note. Append-only
 * (triggers refuse UPDATE, DELETE, TRUNCATE). No foreign key to batch_results: a resubmitted
 * batch drops its results, never their history.
 */
export const reviewHistory = pgTable(
  'review_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    resultId: bigint('result_id', { mode: 'number' }).notNull(),
    /** change (a person) | carried-forward (an earlier clearing applied to a new batch) */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    /** Null for carried-forward entries. */
    userId: integer('user_id'),
    /** The person's name when they decided (kept if the user is renamed). */
    userName: text('user_name').notNull(),
    /** For carried-forward entries: the history entry of the earlier decision. */
    carriedFromHistoryId: bigint('carried_from_history_id', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_history_result').on(t.resultId, t.id), index('review_history_batch').on(t.batchId, t.id)],
);

/**
 * Results currently CLEARED, with what identifies the person and the list record, so a later
 * batch of the same client can arrive cleared (ADR 015). Derived: rows come and go with the
 * status; the history above is the record.
 */
export const reviewClearances = pgTable(
  'review_clearances',
  {
    resultId: bigint('result_id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    source: text('source').notNull(),
    sourceRecordId: text('source_record_id').notNull(),
    uniqueId: text('unique_id'),
    /** md5 of the row's mapped values (normalised): the same criteria. */
    criteriaHash: text('criteria_hash').notNull(),
    /** md5 of the list record's content (without the acquisition date): unchanged since cleared. */
    recordHash: text('record_hash').notNull(),
    /** The history entry of the clearing. */
    historyId: bigint('history_id', { mode: 'number' }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_clearances_lookup').on(t.clientId, t.source, t.sourceRecordId)],
);
