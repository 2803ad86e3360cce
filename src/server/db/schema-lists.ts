/** Tables of the lists: versions of every import, their records and what changed. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, pgView, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ListRecord } from '#shared/list-record';
import type { VersionComparison } from '#shared/lists-admin';
import type { FileHeader } from '#lists/core/parse-run';
import { expandStoredRecord, storedRecordJson } from '#lists/core/stored-record';

/**
 * A list record kept as JSON text, not jsonb: imports write hundreds of thousands of records
 * by COPY, and jsonb's parsing was the largest part of that (ADR 021). SQL that looks inside
 * casts it (`data::jsonb`).
 */
const storedRecord = customType<{ data: ListRecord; driverData: string }>({
  dataType: () => 'text',
  toDriver: (record) => storedRecordJson(record),
  fromDriver: (text) => expandStoredRecord(text),
});

export const listVersions = pgTable(
  'list_versions',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    /**
     * importing | active | superseded | failed; held (a download that differs too much from the
     * active version waits for an operator, ADR 109), then active (approved), rejected, or
     * replaced (a newer version came first); retired: a shipped sample that `serve` took out of
     * use, kept for history (ADR 114).
     */
    status: text('status').notNull(),
    /** full (the files are the whole list) or incremental (applied to the active version) */
    mode: text('mode').notNull(),
    /** import (local files), update (downloaded), sample (shipped synthetic data) */
    origin: text('origin').notNull(),
    fileNames: text('file_names').array().notNull(),
    fileSha256: text('file_sha256').array().notNull(),
    fileSizes: bigint('file_sizes', { mode: 'number' }).array().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    asOf: text('as_of'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsLoaded: integer('rows_loaded').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    records: integer('records').notNull().default(0),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    reinstated: integer('reinstated').notNull().default(0),
    /** First rejected rows, for the status page: [{file, line, reason}] */
    rejectedSample: jsonb('rejected_sample').notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    /** A roll-back's copy: the version whose records it restored (ADR 049). */
    restoredFrom: integer('restored_from'),
    /** Who imported it by hand (upload, roll-back), for the lists page. */
    importedBy: text('imported_by'),
    /**
     * The chain its records belong to (ADR 066): the version whose full import began it. Null:
     * the version began a chain itself (a full import). An incremental import or a roll-back
     * continues the chain of the version it follows and writes only the records it changes.
     */
    recordsFrom: integer('records_from'),
    /** The header each file was read by, [{file, fields}] (none for headerless layouts): what the next version is compared on. */
    headers: jsonb('headers').$type<FileHeader[]>().notNull().default(sql`'[]'::jsonb`),
    /** The version compared with the active one before activation (`VersionComparison`, ADR 109); null when nothing was compared. */
    comparison: jsonb('comparison').$type<VersionComparison>(),
    /** Who approved or rejected a held version, and when. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** False once its records were pruned or its import failed: `version_records` then shows none. */
    recordsKept: boolean('records_kept').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('list_versions_one_active').on(t.source).where(sql`${t.status} = 'active'`),
    // At most one version of a source waits for approval: a newer one replaces it (ADR 109).
    uniqueIndex('list_versions_one_held').on(t.source).where(sql`${t.status} = 'held'`),
    index('list_versions_source_created').on(t.source, t.createdAt),
  ],
);

/**
 * Records, each valid from the version that wrote it (`version_id`) until the version that
 * replaced or removed it (`valid_to`), within one chain of versions (ADR 066). Read a version's
 * records through `version_records`, never here: a version's records are the rows of its chain
 * written at or before it and not ended at or before it.
 */
export const listRecords = pgTable(
  'list_records',
  {
    versionId: integer('version_id').notNull(),
    recordId: text('record_id').notNull(),
    /** The record's stored JSON (`storedRecordJson`: empty fields left out), read back whole. */
    data: storedRecord('data').notNull(),
    /** The chain (`list_versions.records_from`) when the row was written by an incremental version; null: its own version began the chain. */
    chain: integer('chain'),
    /** The version that replaced or removed the record; null while it is current. */
    validTo: integer('valid_to'),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.recordId] }),
    // A version's record by id: one probe, whatever the chain's length.
    index('list_records_chain_record').on(sql`coalesce(${t.chain}, ${t.versionId})`, t.recordId, t.versionId),
    // Rows replaced or removed: what a failed import restores and a prune deletes.
    index('list_records_ended').on(sql`coalesce(${t.chain}, ${t.versionId})`, t.validTo).where(sql`${t.validTo} IS NOT NULL`),
  ],
);

/** The records of each version whose records are kept (ADR 066): what every reader reads. */
export const versionRecords = pgView('version_records', {
  versionId: integer('version_id').notNull(),
  recordId: text('record_id').notNull(),
  data: storedRecord('data').notNull(),
}).existing();

export const listChanges = pgTable(
  'list_changes',
  {
    versionId: integer('version_id').notNull(),
    recordId: text('record_id').notNull(),
    /** added | removed | changed | reinstated */
    change: text('change').notNull(),
    summary: text('summary'),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.recordId] }), index('list_changes_change').on(t.versionId, t.change)],
);

/** Each check for updates of a source: when, what happened (for `lists status` and the lists page). */
export const listChecks = pgTable('list_checks', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** imported | held | unchanged | failed */
  outcome: text('outcome').notNull(),
  versionId: integer('version_id'),
  error: text('error'),
});

/**
 * A check of a source for updates as it runs (ADR 049): at most one queued or running per
 * source (a second request joins it), its stage and progress for the lists page.
 */
export const listRuns = pgTable(
  'list_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    /** queued | running | done */
    status: text('status').notNull(),
    /** download | parse | import | index, while running */
    stage: text('stage'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }),
    rows: integer('rows').notNull().default(0),
    /** imported | held | unchanged | not-configured | failed, once done */
    outcome: text('outcome'),
    error: text('error'),
    versionId: integer('version_id'),
    /** manual | schedule | first-start */
    trigger: text('trigger').notNull(),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('list_runs_one_open').on(t.source).where(sql`${t.status} <> 'done'`), index('list_runs_source').on(t.source, t.id)],
);
