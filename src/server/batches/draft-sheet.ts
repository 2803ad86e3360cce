/** POST /services/flexsearchs/{batchId}/sheet: a draft's workbook read from another sheet (issue 18's sheet picker). */
import type { UploadResponse } from '#shared/batches';
import { BATCH_MESSAGES } from '#shared/messages';
import type { AppContext } from '../app-context';
import { AppError, notFound } from '../http/errors';
import { readDecrypted } from './file-store';
import { findVisibleBatch, updateDraftSheet } from './queries';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { readUploadSummary, requireSearchOptions } from './upload';

/** Reads the sheet, keeps it as the draft's (header, rows, sheet) and answers its preview: the mapping starts again from it. */
export async function chooseDraftSheet(ctx: AppContext, caller: BatchCaller, batchId: number, sheet: string): Promise<UploadResponse> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  if (batch.status !== null) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  await requireSearchOptions(ctx, { ...caller, clientId: batch.clientId });
  let bytes: Buffer;
  try {
    bytes = await readDecrypted(ctx.config, batch.storedPath);
  } catch {
    throw new AppError('CONFLICT', BATCH_MESSAGES.fileMissing);
  }
  const file = await readUploadSummary(ctx, bytes, sheet);
  const isDraft = await updateDraftSheet(ctx.db, batch.id, { sheetName: file.format.sheet, header: file.header, recordCount: file.rowCount });
  if (!isDraft) throw new AppError('CONFLICT', BATCH_MESSAGES.alreadySubmitted);
  return { batchId: batch.id, previewData: file.previewData, format: file.format };
}
