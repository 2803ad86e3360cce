/**
 * Batches through the public API (ADR 039): a CSV upload or a JSON array becomes a stored file
 * and goes through the app's own upload and mapping (one way to create a batch).
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { z } from 'zod';
import type { ColumnMappingInput, UploadResponse } from '#shared/batches';
import { guessColumns } from '#shared/column-values';
import { API_BATCH_TEXTS, ApiBatchMappingSchema, type ApiBatchCreated, type ApiBatchMapping, type ApiBatchStatus, type ApiCreateBatchInput } from '#shared/public-api-batches';
import type { AppContext } from '../app-context';
import { storeEncrypted, removeStored, mapBatch, findVisibleBatch, type BatchRow, keepUpload, requireSearchOptions, type ReceivedUpload } from '../batches/public';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { AppError, notFound } from '../http/errors';

/** The batch when the key sees it (ADR 014); anything else answers 404. */
export async function visibleBatch(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<BatchRow> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  return batch;
}

/**
 * The column mapping the caller sent, or else the app's own guess from the headers and values
 * (issue 18: one mapping module for the upload pages and the API), without the columns the
 * caller named as the unique id or additional data.
 */
export function columnMappingsOf(m: ApiBatchMapping, preview: readonly (readonly string[])[]): { columnMappings: Record<string, string>; guessed: string[] } {
  if (m.columnMappings) return { columnMappings: m.columnMappings, guessed: [] };
  const reserved = new Set([m.uniqueIdColumn, ...m.additionalColumns]);
  const entries = Object.entries(guessColumns(preview)).filter(([label]) => !reserved.has(label));
  if (entries.length === 0) throw new AppError('BAD_REQUEST', API_BATCH_TEXTS.nothingGuessed, { 'mapping.columnMappings': API_BATCH_TEXTS.nothingGuessed });
  return { columnMappings: Object.fromEntries(entries.map(([label, guess]) => [label, guess.criterion])), guessed: entries.map(([label]) => label) };
}

/** The app's positional mapping from the API's mapping by column name. */
export function positionalMapping(m: ApiBatchMapping, columnMappings: Record<string, string>, header: readonly string[], field: string): ColumnMappingInput {
  const positionOf = (name: string, path: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new AppError('BAD_REQUEST', API_BATCH_TEXTS.unknownColumn(name), { [path]: API_BATCH_TEXTS.unknownColumn(name) });
    return i;
  };
  for (const column of Object.keys(columnMappings)) positionOf(column, `${field}.columnMappings`);
  return {
    columnMappings,
    searchTypes: m.searchTypes,
    correlatedColumnIndexes: m.additionalColumns.map((c, i) => positionOf(c, `${field}.additionalColumns.${i}`)),
    uniqueIdIndex: m.uniqueIdColumn === undefined ? null : positionOf(m.uniqueIdColumn, `${field}.uniqueIdColumn`),
  };
}

/** Maps and submits a draft just uploaded; row errors answer 400 naming each row. */
async function submitDraft(ctx: AppContext, caller: BatchCaller, draft: UploadResponse, mapping: ApiBatchMapping, field: string): Promise<ApiBatchCreated> {
  const { batchId } = draft;
  const batch = await visibleBatch(ctx, caller, batchId);
  const { columnMappings, guessed } = columnMappingsOf(mapping, draft.previewData);
  const outcome = await mapBatch(ctx, caller, batchId, positionalMapping(mapping, columnMappings, batch.header, field), false);
  if (outcome.kind === 'errors') {
    const fields = Object.fromEntries(outcome.errors.slice(0, 100).map((e) => [`rows.${e.rowIndx}`, e.errorMessage]));
    throw new AppError('BAD_REQUEST', API_BATCH_TEXTS.rowErrors(outcome.errors.length), fields);
  }
  return { batchId, recordCount: outcome.recordCount, status: 'Submitted', message: outcome.message, columnMappings, guessedColumns: guessed, sheet: draft.format?.sheet ?? null };
}

/** The records as a CSV file (papaparse writes it; our own parser reads it back): the columns in the order first seen, one line per record. */
export function csvOfRecords(records: ApiCreateBatchInput['records']): Buffer {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    for (const k of Object.keys(r)) {
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push(k);
    }
  }
  const data = records.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))));
  return Buffer.from(Papa.unparse({ fields: columns, data }, { newline: '\r\n' }) + '\r\n', 'utf8');
}

/** POST /api/v1/batches: a JSON array with its mapping, screened as an uploaded file would be. */
export async function createBatchFromRecords(ctx: AppContext, caller: BatchCaller, input: ApiCreateBatchInput): Promise<ApiBatchCreated> {
  await requireSearchOptions(ctx, caller);
  const stored = await storeEncrypted(ctx.config, Readable.from([csvOfRecords(input.records)]));
  const draft = await keepUpload(ctx, caller, stored, input.fileName, 'Flex');
  return submitDraft(ctx, caller, draft, input.mapping, 'mapping');
}

/** POST /api/v1/batches/csv: a received upload (file + mapping field), then the same submission. */
export async function createBatchFromUpload(ctx: AppContext, caller: BatchCaller, received: ReceivedUpload): Promise<ApiBatchCreated> {
  const { stored, fileName, fields } = received;
  let mapping: ApiBatchMapping;
  try {
    await requireSearchOptions(ctx, caller);
    mapping = mappingOfField(fields.mapping);
  } catch (error) {
    if (stored) removeStored(ctx.config, stored.storedPath);
    throw error;
  }
  const draft = await keepUpload(ctx, caller, stored, fileName, 'Flex', fields.sheet || null);
  return submitDraft(ctx, caller, draft, mapping, 'mapping');
}

/** The `mapping` field of a multipart upload, read with the operation's mapping contract. */
export function mappingOfField<T = ApiBatchMapping>(text: string | undefined, schema: z.ZodType<T> = ApiBatchMappingSchema as unknown as z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text ?? 'null');
  } catch {
    throw new AppError('BAD_REQUEST', API_BATCH_TEXTS.mappingJson, { mapping: API_BATCH_TEXTS.mappingJson });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((i) => [['mapping', ...i.path].join('.'), i.message]));
  throw new AppError('BAD_REQUEST', API_BATCH_TEXTS.mappingJson, fields);
}

/** GET /api/v1/batches/{batchId}: what to poll. */
export async function batchStatus(ctx: AppContext, caller: BatchCaller, batchId: number): Promise<ApiBatchStatus> {
  const b = await visibleBatch(ctx, caller, batchId);
  return {
    batchId: b.id,
    fileName: b.fileName,
    status: b.status as ApiBatchStatus['status'],
    searchTypes: b.searchTypes,
    recordCount: b.recordCount,
    rowsDone: b.rowsDone,
    percentDone: b.recordCount > 0 ? Math.floor((100 * Math.min(b.rowsDone, b.recordCount)) / b.recordCount) : 0,
    hits: b.hits,
    toReview: b.toReview,
    uploadedAt: b.uploadedAt.toISOString(),
    processedAt: b.processedAt ? b.processedAt.toISOString() : null,
  };
}
