/** Tables of batch search: batches, their rows, chunks of work, results and billable usage. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, json, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, teams, users } from './schema-accounts';

export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    teamId: integer('team_id').references(() => teams.id),
    uploaderUserId: integer('uploader_user_id').notNull().references(() => users.id),
    fileName: text('file_name').notNull(),
    /** Encrypted copy of the upload, relative to DATA_DIR. */
    storedPath: text('stored_path').notNull(),
    /** sha256 of the bytes uploaded (before encryption). */
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Column labels of the header row. */
    header: text('header').array().notNull(),
    /** The sheet screened of an Excel workbook (issue 18's sheet picker); null for CSV text. */
    sheetName: text('sheet_name'),
    /** Null until the mapping is submitted (an upload without a mapping is a draft). */
    status: text('status'),
    searchTypes: text('search_types').array().notNull().default(sql`'{}'::text[]`),
    /** CSV column label → search criterion. */
    columnMappings: jsonb('column_mappings').notNull().default(sql`'{}'::jsonb`),
    uniqueIdIndex: integer('unique_id_index'),
    correlatedColumnIndexes: integer('correlated_column_indexes').array().notNull().default(sql`'{}'::integer[]`),
    recordCount: integer('record_count').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    /** Results needing review when the batch completed (review keeps it current). */
    toReview: integer('to_review').notNull().default(0),
    /** The review threshold the batch was screened with (set when submitted; null for batches from before ADR 032). */
    reviewThreshold: real('review_threshold'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** Queue order (ADR 038): its jobs carry it as pg-boss priority; higher runs first. */
    queuePriority: integer('queue_priority').notNull().default(0),
    /** search (an upload) | monitoring (a monitored roster's own batch, ADR 046: never listed as a search) */
    kind: text('kind').notNull().default('search'),
  },
  (t) => [index('batches_client_uploaded').on(t.clientId, t.uploadedAt), index('batches_team').on(t.teamId)],
);

/**
 * No foreign key on batch_rows and batch_results (ADR 080): its check ran once per row inserted —
 * 100,000 rows at an upload, ~2.3 results per row in a batch — on a batch id every writer holds
 * already (the upload's batch, the chunk's batch row locked before its commit). A batch's
 * removal still removes them, by the trigger `batches_delete_rows_and_results` (migration 0029).
 */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: integer('batch_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    /** Search criterion → value. */
    values: jsonb('values').notNull(),
    /** CSV label → value of the additional (correlated) columns. */
    additional: jsonb('additional').notNull().default(sql`'{}'::jsonb`),
    uniqueId: text('unique_id'),
    /** A monitored roster's member removed by a new version of the roster (ADR 053): kept, no longer screened. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowIndex] })],
);

export const batchChunks = pgTable(
  'batch_chunks',
  {
    batchId: integer('batch_id').notNull().references(() => batches.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    firstRow: integer('first_row').notNull(),
    rowCount: integer('row_count').notNull(),
    /** pending | done | failed (its attempts ran out; an operator may retry it, ADR 038) */
    status: text('status').notNull().default('pending'),
    /** Attempts that claimed it (a process killed during one counts it too). */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts that failed with an error (the chunk fails for good at MAX_CHUNK_ATTEMPTS of them, issue 50). */
    failures: integer('failures').notNull().default(0),
    /** When its latest attempt started (throughput of the queue page). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Why its latest attempt failed (the database's or the engine's first line). */
    error: text('error'),
    /**
     * Candidates scored under the batch's threshold but at or above the lowest a client may
     * choose (0.70): each one's score, and each row without a finding its best one, so the
     * threshold preview counts what a lower threshold would add (ADR 042). Null: not kept.
     */
    nearMissScores: real('near_miss_scores').array(),
    nearMissRowBest: real('near_miss_row_best').array(),
    /**
     * The chunk's SSNs checked against the DMF and not found in it, kept here instead of a result
     * row each (ADR 104's plan, docs/plans/ssn-checks-per-chunk.md): the rows' indexes, and the DMF
     * version checked (null: no DMF loaded, the rows' SSNs not checked). Null rows: none recorded
     * here (a chunk not done, no SSDMF search, or a batch whose checks are result rows).
     */
    ssnNotFoundRows: integer('ssn_not_found_rows').array(),
    ssnDmfVersionId: integer('ssn_dmf_version_id'),
    /**
     * The chunk's results left to review (NONCLEARED or UNDER_REVIEW) once it was written, clearings
     * carried forward counted out: the last chunk sums them for the batch's hits and results to
     * review instead of counting every result of the batch (ADR 107). Null: not counted (a chunk
     * written before, or results given as they are stored); the batch's results are counted then.
     */
    openResults: integer('open_results'),
    /**
     * The claim of its latest attempt ("<attempt>@<process>", issue 50): set as the attempt starts;
     * a write whose claim is no longer the chunk's (handed back to another attempt) is refused.
     */
    claim: text('claim'),
    /** The claim whose screening wrote the chunk (the screening run an auditor sees); null until done. */
    writtenBy: text('written_by'),
    /** Rows that screening recorded an outcome for (results, or none found): equal to row_count once done. */
    rowsScreened: integer('rows_screened'),
    /** Results that screening wrote, counted again in the table by the write that marked it done. */
    resultsWritten: integer('results_written'),
    /** What it was screened against: the index's list versions and the NPPES and DMF versions ("leie:3,sam:4,…"). */
    screenedWith: text('screened_with'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.chunkIndex] })],
);

export const batchResults = pgTable(
  'batch_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The batch (no foreign key, see batchRows). */
    batchId: integer('batch_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    /** exclusions | npi | ssdmf */
    resultType: text('result_type').notNull(),
    /** The search type that produced it. */
    searchType: text('search_type').notNull(),
    source: text('source'),
    sourceRecordId: text('source_record_id'),
    listVersionId: integer('list_version_id'),
    score: real('score'),
    /** The engine's explanation (exclusions) or the check's outcome (npi, ssdmf). */
    explanation: jsonb('explanation').notNull().default(sql`'{}'::jsonb`),
    /** The list record as it was when screened (ADR 008: pruning never loses it). json, kept as written: nothing searches inside it (ADR 095). */
    record: json('record'),
    /** NONCLEARED | UNDER_REVIEW | HISTORICAL_MATCH | CLEARED */
    reviewStatus: text('review_status').notNull().default('NONCLEARED'),
    latestNote: text('latest_note'),
    /** The row's search criteria as shown to reviewers (the group key). */
    searchCriteriaKey: text('search_criteria_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('batch_results_batch_type_row').on(t.batchId, t.resultType, t.rowIndex),
    // Readers by status all look for results still to decide or decided otherwise than cleared
    // (open counts, carry-forward, reports): the cleared ones — every SSN not in the DMF, most
    // NPI checks — are not in it, and their insert does not maintain it (ADR 080).
    index('batch_results_batch_status').on(t.batchId, t.reviewStatus).where(sql`${t.reviewStatus} <> 'CLEARED'`),
    // The sensitivity preview counts a batch's exclusion findings under a threshold (ADR 032); no
    // other result is in it (ADR 080).
    index('batch_results_exclusion_score').on(t.batchId, t.score).where(sql`${t.resultType} = 'exclusions'`),
  ],
);

export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    batchId: integer('batch_id').references(() => batches.id),
    /** Batches: the first row of the chunk billed (quantity: its rows). */
    rowIndex: integer('row_index'),
    searchType: text('search_type').notNull(),
    /** The search option billed (NAME, NPI, OFAC, SSNDMF). */
    searchOption: text('search_option').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried chunk never bills its searches twice.
    uniqueIndex('usage_records_batch_row_type').on(t.batchId, t.rowIndex, t.searchType),
    index('usage_records_client_created').on(t.clientId, t.createdAt),
  ],
);

/**
 * What happened to a batch, in order (issue 14: the audit report lists every event): uploaded,
 * submitted, cancel requested, cancelled, resubmitted, completed, failed, removed, NPI results
 * re-checked. Append-only (triggers refuse UPDATE, DELETE, TRUNCATE); no foreign key, as in
 * review_history. Status changes of results are in review_history.
 */
export const batchEvents = pgTable(
  'batch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id').notNull(),
    clientId: integer('client_id').notNull(),
    /** uploaded | submitted | cancel-requested | cancelled | resubmitted | completed | failed | removed | npi-rechecked | chunks-retried | rescreened */
    kind: text('kind').notNull(),
    /** Null for the system's own events (completed, failed, cancelled by the workers). */
    userId: integer('user_id'),
    /** The person's name at the time (kept if the user is renamed), or 'Clearlist'. */
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Facts of the event (the status before a resubmission, the error, counts). */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('batch_events_batch').on(t.batchId, t.id)],
);
