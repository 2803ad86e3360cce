/** POST …/{batchId}/columnmappings: the dry run validates every row; the real one stores and queues. */
import { BATCH_MESSAGES, trialLimitMessage } from '#shared/messages';
import type { ColumnMappingInput, RowError } from '#shared/batches';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import { parseInWorker } from './csv-worker';
import { readDecrypted } from './file-store';
import { screenBatchJob } from './jobs';
import { checkMapping, type CheckedMapping } from './mapping-rules';
import { recordBatchEvent } from './events';
import { markSubmitted } from './processing-queries';
import { clientReviewThreshold, findClient, findVisibleBatch, insertBatchRows, type BatchRow } from './queries';
import { parseDateOfBirth, validateRows } from './row-validation';
import { scopeOf, type BatchCaller } from './scope';
import { csvLimitsOf, requireSearchOptions } from './upload';
import { checkTrialAllowance, withTrialAllowance } from './usage';

export type MappingOutcome =
  | { kind: 'errors'; errors: RowError[] }
  | { kind: 'ok'; batchId: number; recordCount: number; status: 'Submitted' | null; message: string };

export const DRY_RUN_OK = 'The file is valid.';

async function readRows(ctx: AppContext, batch: BatchRow): Promise<string[][]> {
  let bytes: Buffer;
  try {
    bytes = await readDecrypted(ctx.config, batch.storedPath);
  } catch {
    throw new AppError('CONFLICT', BATCH_MESSAGES.fileMissing);
  }
  return (await parseInWorker(bytes, csvLimitsOf(ctx.config))).rows;
}

/** Validates (and unless a dry run, submits) the mapping of a draft batch. */
export async function mapBatch(ctx: AppContext, caller: BatchCaller, batchId: number, input: ColumnMappingInput, dryRun: boolean): Promise<MappingOutcome> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  if (batch.status !== null) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  const options = await requireSearchOptions(ctx, { ...caller, clientId: batch.clientId });
  const mapping = checkMapping(input, batch.header, options);
  const rows = await readRows(ctx, batch);
  const errors = validateRows(rows, mapping.columns, ctx.now());
  if (errors.length) return { kind: 'errors', errors };
  const needed = rows.length * mapping.searchTypes.length;
  await checkTrialAllowance(ctx.db, batch.clientId, needed, ctx.now());
  if (dryRun) return { kind: 'ok', batchId, recordCount: rows.length, status: null, message: DRY_RUN_OK };
  await submit(ctx, caller, batch, mapping, rows, needed);
  return { kind: 'ok', batchId, recordCount: rows.length, status: 'Submitted', message: BATCH_MESSAGES.created };
}

async function submit(ctx: AppContext, caller: BatchCaller, batch: BatchRow, mapping: CheckedMapping, rows: string[][], needed: number): Promise<void> {
  if (!ctx.jobs) throw new Error('the job queue is not running');
  const today = ctx.now();
  const client = await findClient(ctx.db, batch.clientId);
  const trial = { clientId: batch.clientId, state: client?.state ?? '', trialSearchesPerMonth: client?.trialSearchesPerMonth ?? null };
  // A trial's batch reserves its searches as it is submitted: the check above could be overtaken by a parallel submission.
  const submitted = await withTrialAllowance(
    ctx.db,
    trial,
    needed,
    today,
    ({ remaining, perMonth }) => new AppError('BAD_REQUEST', trialLimitMessage(needed, remaining, perMonth)),
    (db) => storeSubmission(db, batch, mapping, rows, today),
  );
  if (!submitted) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  await recordBatchEvent(ctx.db, { batchId: batch.id, clientId: batch.clientId, kind: 'submitted', userId: caller.userId, at: today, details: { rows: rows.length, searchTypes: mapping.searchTypes } });
  await ctx.jobs.send(screenBatchJob, { batchId: batch.id });
}

/** Stores the rows and moves the draft to Submitted; false when it was submitted already. */
async function storeSubmission(db: Db, batch: BatchRow, mapping: CheckedMapping, rows: string[][], today: Date): Promise<boolean> {
  await insertBatchRows(
    db,
    rows.map((row, rowIndex) => {
      const values: Record<string, string> = {};
      for (const [i, criterion] of mapping.columns.criteria) {
        const value = (row[i] ?? '').trim();
        if (value) values[criterion] = criterion === 'Date of Birth' ? (parseDateOfBirth(value, today) ?? value) : value;
      }
      const additional = Object.fromEntries(mapping.correlatedColumnIndexes.map((i) => [batch.header[i], (row[i] ?? '').trim()]));
      const uniqueId = mapping.columns.uniqueIdIndex === null ? null : (row[mapping.columns.uniqueIdIndex] ?? '').trim();
      return { batchId: batch.id, rowIndex, values, additional, uniqueId };
    }),
  );
  // Only a draft moves to Submitted: a double click cannot queue the batch twice.
  return markSubmitted(db, batch.id, {
    searchTypes: mapping.searchTypes,
    columnMappings: mapping.columnMappings,
    uniqueIdIndex: mapping.columns.uniqueIdIndex,
    correlatedColumnIndexes: mapping.correlatedColumnIndexes,
    recordCount: rows.length,
    submittedAt: today,
    reviewThreshold: await clientReviewThreshold(db, batch.clientId),
  });
}

