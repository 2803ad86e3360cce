/** POST …/{batchId}/columnmappings: the dry run validates every row; the real one stores and queues. */
import { BATCH_MESSAGES, trialLimitMessage } from '#shared/messages';
import type { ColumnMappingInput, MappingSummary, RowError } from '#shared/batches';
import { rowsPerSearchType, type SearchCriterion } from '#shared/search-types';
import type { AppContext } from '../app-context';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batchRows } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { parseInWorker } from './csv-worker';
import { readDecrypted } from './file-store';
import { screenBatchJob } from './jobs';
import { checkMapping, type CheckedMapping } from './mapping-rules';
import { recordBatchEvent } from './events';
import { markSubmitted } from './processing-queries';
import { SCREEN_CHUNK_JOB } from './processing';
import { warmScreeningPool } from '../screening/screener';
import { rememberNpiUses } from './npi-uses';
import { startHeadScreening } from './head-start';
import { clientReviewThreshold, copyBatchRows, findClient, findVisibleBatch, insertBatchRows, type BatchRow } from './queries';
import { checkRows, parseDateOfBirth } from './row-validation';
import { holdCheckedRows, takeCheckedRows, type CheckKey } from './checked-rows';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { csvLimitsOf, requireSearchOptions } from './upload';
import { checkTrialAllowance, withTrialAllowance } from './usage';

export type MappingOutcome =
  | { kind: 'errors'; errors: RowError[]; summary: MappingSummary }
  | { kind: 'ok'; batchId: number; recordCount: number; status: 'Submitted' | null; message: string; summary: MappingSummary };

/** A row's mapped values as stored: trimmed, empty ones left out, dates of birth as ISO. */
function valuesOf(row: string[], mapping: CheckedMapping, today: Date): Partial<Record<SearchCriterion, string>> {
  const values: Partial<Record<SearchCriterion, string>> = {};
  for (const [i, criterion] of mapping.columns.criteria) {
    const value = (row[i] ?? '').trim();
    if (value) values[criterion] = criterion === 'Date of Birth' ? (parseDateOfBirth(value, today) ?? value) : value;
  }
  return values;
}

export const DRY_RUN_OK = 'The file is valid.';

async function readRows(ctx: AppContext, batch: BatchRow): Promise<string[][]> {
  let bytes: Buffer;
  try {
    bytes = await readDecrypted(ctx.config, batch.storedPath);
  } catch {
    throw new AppError('CONFLICT', BATCH_MESSAGES.fileMissing);
  }
  // A workbook is read from the sheet chosen at upload (issue 18's sheet picker).
  return (await parseInWorker(bytes, csvLimitsOf(ctx.config), batch.sheetName)).rows;
}

/**
 * A draft's file read through a column mapping: the checked mapping, every row, the row
 * problems, the rows kept with their mapped values, and the summary. Batches and monitored
 * rosters (ADR 053) read uploads through this one path.
 */
export async function mappedRows(ctx: AppContext, caller: BatchCaller, batch: BatchRow, input: ColumnMappingInput, held: 'hold' | 'take' | 'none' = 'none') {
  const options = await requireSearchOptions(ctx, { ...caller, clientId: batch.clientId });
  const mapping = checkMapping(input, batch.header, options);
  const today = ctx.now();
  // A submission takes what the dry run of the same mapping read and checked just before (ADR 098).
  // Whether invalid rows are skipped is the submission's choice, made after the check: not part of the key.
  const key: CheckKey = { batchId: batch.id, sha256: batch.sha256, sheetName: batch.sheetName, input: { ...input, skipInvalidRows: undefined }, options, today };
  const read = (held === 'take' ? takeCheckedRows<CheckedRows>(ctx.db, key) : null) ?? (await readAndCheck(ctx, batch, mapping, today));
  if (held === 'hold') holdCheckedRows(ctx.db, key, read);
  return { mapping, ...read };
}

type CheckedRows = Awaited<ReturnType<typeof readAndCheck>>;

async function readAndCheck(ctx: AppContext, batch: BatchRow, mapping: CheckedMapping, today: Date) {
  const all = await readRows(ctx, batch);
  const { errors, invalid, notes, notedRows } = checkRows(all, mapping.columns, today);
  const kept: KeptRow[] = all.flatMap((row, fileRow) => (invalid.has(fileRow) ? [] : [{ row, fileRow, values: valuesOf(row, mapping, today) }]));
  const searches = rowsPerSearchType(mapping.searchTypes, kept.map((r) => r.values));
  const summary: MappingSummary = { rows: all.length, validRows: kept.length, invalidRows: invalid.size, searches, ...(notedRows ? { notedRows, notes } : {}) };
  return { all, errors, invalid, kept, searches, summary };
}

/** Validates (and unless a dry run, submits) the mapping of a draft batch. */
export async function mapBatch(ctx: AppContext, caller: BatchCaller, batchId: number, input: ColumnMappingInput, dryRun: boolean): Promise<MappingOutcome> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  if (batch.status !== null) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  // Where this process screens the chunks, its screening threads boot beside the rows' check and
  // store (ADR 098) rather than after them, in the batch's job (ADR 088).
  if (!dryRun && ctx.jobs?.worksHere(SCREEN_CHUNK_JOB)) void warmScreeningPool(ctx, batch.recordCount);
  const { mapping, errors, invalid, kept, searches, summary } = await mappedRows(ctx, caller, batch, input, dryRun ? 'hold' : 'take');
  const today = ctx.now();
  if (errors.length && !input.skipInvalidRows) return { kind: 'errors', errors, summary };
  if (kept.length === 0) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.noValidRows);
  // A trial pays for the searches that run: add-ons only on the rows that have their field.
  const needed = searches.reduce((sum, s) => sum + s.rows, 0);
  await checkTrialAllowance(ctx.db, batch.clientId, needed, today);
  if (dryRun) return { kind: 'ok', batchId, recordCount: kept.length, status: null, message: DRY_RUN_OK, summary };
  const skipped = errors.length ? { count: invalid.size, rows: errors.map((e) => ({ row: e.rowIndx + 1, reason: e.errorMessage })) } : null;
  await submit(ctx, caller, batch, mapping, kept, needed, skipped);
  return { kind: 'ok', batchId, recordCount: kept.length, status: 'Submitted', message: BATCH_MESSAGES.created, summary };
}

/** A row kept for screening: its cells, its 0-based position among the file's data rows, its mapped values. */
export interface KeptRow {
  row: string[];
  fileRow: number;
  values: Partial<Record<SearchCriterion, string>>;
}

/** Rows left out by "screen the valid rows and skip the others": how many, and (the first 1,000) which and why. */
type Skipped = { count: number; rows: { row: number; reason: string }[] } | null;

/** The additional-data label that keeps a row's place in the file when rows were skipped. */
export const FILE_ROW_LABEL = 'Row in file';

async function submit(ctx: AppContext, caller: BatchCaller, batch: BatchRow, mapping: CheckedMapping, rows: KeptRow[], needed: number, skipped: Skipped): Promise<void> {
  if (!ctx.jobs) throw new Error('the job queue is not running');
  const today = ctx.now();
  const client = await findClient(ctx.db, batch.clientId);
  const trial = { clientId: batch.clientId, state: client?.state ?? '', trialSearchesPerMonth: client?.trialSearchesPerMonth ?? null };
  const stored = rows.map((kept, rowIndex) => ({ batchId: batch.id, rowIndex, ...storedRowOf(batch.header, mapping, kept, skipped !== null) }));
  if (mapping.searchTypes.includes('NPI Validation')) rememberNpiUses(ctx.db, { id: batch.id, submittedAt: today }, stored);
  // The client's threshold, read once: recorded with the batch, and what its first chunks are screened ahead with.
  const reviewThreshold = await clientReviewThreshold(ctx.db, batch.clientId);
  // Where this process screens the chunks on the embedded database, its screening threads begin
  // the first ones while the rows are stored, which holds this thread (ADR 107).
  if (ctx.jobs.worksHere(SCREEN_CHUNK_JOB)) await startHeadScreening(ctx, { id: batch.id, searchTypes: mapping.searchTypes, submittedAt: today }, reviewThreshold, stored);
  // A trial's batch reserves its searches as it is submitted: the check above could be overtaken by a parallel submission.
  const submitted = await withTrialAllowance(
    ctx.db,
    trial,
    needed,
    today,
    ({ remaining, perMonth }) => new AppError('BAD_REQUEST', trialLimitMessage(needed, remaining, perMonth)),
    (db) => storeSubmission(db, batch, mapping, stored, today, reviewThreshold, ctx.database.kind === 'pglite'),
  );
  if (!submitted) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  const details = { rows: rows.length, searchTypes: mapping.searchTypes, ...(batch.sheetName ? { sheet: batch.sheetName } : {}), ...(skipped ? { skippedRows: skipped.count, skipped: skipped.rows } : {}) };
  await recordBatchEvent(ctx.db, { batchId: batch.id, clientId: batch.clientId, kind: 'submitted', userId: caller.userId, at: today, details });
  await ctx.jobs.send(screenBatchJob, { batchId: batch.id });
}

/** A kept row as stored: its mapped values, its additional data by column label, its unique id. */
export function storedRowOf(header: readonly string[], mapping: CheckedMapping, { row, fileRow, values }: KeptRow, hasSkipped: boolean) {
  const additional: Record<string, string> = Object.fromEntries(mapping.correlatedColumnIndexes.map((i) => [header[i], (row[i] ?? '').trim()]));
  // Rows are numbered without the skipped ones; reviewers still see where each was in the file.
  if (hasSkipped) additional[FILE_ROW_LABEL] = String(fileRow + 1);
  const uniqueId = mapping.columns.uniqueIdIndex === null ? null : (row[mapping.columns.uniqueIdIndex] ?? '').trim();
  return { values, additional, uniqueId };
}

type StoredRow = ReturnType<typeof storedRowOf> & { batchId: number; rowIndex: number };

/** Stores the rows and moves the draft to Submitted; false when it was submitted already. */
async function storeSubmission(db: Db, batch: BatchRow, mapping: CheckedMapping, rows: StoredRow[], today: Date, reviewThreshold: number, embedded: boolean): Promise<boolean> {
  if (!embedded) {
    await insertBatchRows(db, rows);
    return markDraftSubmitted(db, batch, mapping, rows.length, today, reviewThreshold);
  }
  // PGlite: the rows by COPY (ADR 098), which cannot skip rows stored already, in one transaction
  // with the move to Submitted: a second submission finds the batch submitted and stores nothing.
  return db.transaction(async (tx) => {
    if (!(await markDraftSubmitted(tx as unknown as Db, batch, mapping, rows.length, today, reviewThreshold))) return false;
    // A draft has no rows, but for those of a submission stopped midway before this one was (the JSON statements are not one transaction).
    await tx.delete(batchRows).where(eq(batchRows.batchId, batch.id));
    await copyBatchRows(tx as unknown as Db, rows);
    return true;
  });
}

/** Only a draft moves to Submitted: a double click cannot queue the batch twice. */
async function markDraftSubmitted(db: Db, batch: BatchRow, mapping: CheckedMapping, recordCount: number, today: Date, reviewThreshold: number): Promise<boolean> {
  return markSubmitted(db, batch.id, {
    searchTypes: mapping.searchTypes,
    columnMappings: mapping.columnMappings,
    uniqueIdIndex: mapping.columns.uniqueIdIndex,
    correlatedColumnIndexes: mapping.correlatedColumnIndexes,
    recordCount,
    submittedAt: today,
    reviewThreshold,
  });
}

