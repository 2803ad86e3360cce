/** POST /services/fileupload: one CSV file, stored encrypted, read for its header and preview. */
import type { Multipart } from '@fastify/multipart';
import { BATCH_MESSAGES, fileTooLargeMessage, tooManyRowsMessage, UPLOAD_MESSAGES } from '#shared/messages';
import type { UploadResponse } from '#shared/batches';
import type { AppContext } from '../app-context';
import type { AppConfig } from '../config';
import { AppError } from '../http/errors';
import { hasControlCharacter, type CsvSummary } from './csv-file';
import { MAX_LINE_CHARS, MAX_VALUE_CHARS, type CsvLimits } from './csv-shape';
import { summarizeInWorker } from './csv-worker';
import { removeStored, storeEncrypted, type StoredFile } from './file-store';
import { recordBatchEvent } from './events';
import { findClient, insertBatch } from './queries';
import type { BatchCaller } from '../access/batch-scope';
import { isAcceptedFileName, unsupportedFileText } from '#shared/customer-file-types';


/** The limits a batch file is read under (ADR 025). */
export function csvLimitsOf(config: Pick<AppConfig, 'uploadMaxColumns'>): CsvLimits {
  return { maxColumns: config.uploadMaxColumns, maxValueChars: MAX_VALUE_CHARS, maxLineChars: MAX_LINE_CHARS };
}

/** Refuses callers whose client cannot search (no search options). */
export async function requireSearchOptions(ctx: AppContext, caller: BatchCaller): Promise<string[]> {
  const client = await findClient(ctx.db, caller.clientId);
  if (!client || client.searchOptions.length === 0) throw new AppError('FORBIDDEN', BATCH_MESSAGES.noSearchOptions);
  return client.searchOptions;
}

/** What a multipart upload carried: its fields and exactly one .csv file (stored encrypted). */
export interface ReceivedUpload {
  stored: StoredFile | null;
  fileName: string;
  fields: Record<string, string>;
}

/** Reads the multipart parts: the fields and exactly one .csv file. */
export async function receiveUpload(ctx: AppContext, parts: AsyncIterableIterator<Multipart>): Promise<ReceivedUpload> {
  let stored: StoredFile | null = null;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (stored) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', BATCH_MESSAGES.noMoreFiles);
      }
      if (!isAcceptedFileName(part.filename ?? '')) {
        part.file.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedFileText());
      }
      fileName = part.filename.trim();
      stored = await storeEncrypted(ctx.config, part.file);
    }
  } catch (error) {
    if (stored) removeStored(ctx.config, stored.storedPath);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(ctx.config.uploadMaxBytes));
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', BATCH_MESSAGES.noMoreFiles);
    throw error;
  }
  return { stored, fileName, fields };
}

/** Stores the upload as a draft batch and answers its id and preview. */
export async function uploadBatch(ctx: AppContext, caller: BatchCaller, parts: AsyncIterableIterator<Multipart>): Promise<UploadResponse> {
  await requireSearchOptions(ctx, caller);
  const { stored, fileName, fields } = await receiveUpload(ctx, parts);
  return keepUpload(ctx, caller, stored, fileName, fields.typeName, fields.sheet || null);
}

/** Keeps a stored file as a draft batch (of a workbook: its `sheet`, else the default one), or removes it with the reason it was refused. */
export async function keepUpload(ctx: AppContext, caller: BatchCaller, stored: StoredFile | null, fileName: string, typeName: string | undefined, sheet: string | null = null): Promise<UploadResponse> {
  if (!stored) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.uploadFirst);
  try {
    return await draftOf(ctx, caller, stored, fileName, typeName, sheet);
  } catch (error) {
    // Whatever refused or broke the upload, its encrypted file does not stay behind.
    removeStored(ctx.config, stored.storedPath);
    throw error;
  }
}

/** Reads an upload's header, rows and preview (of a workbook: its `sheet`, else the default), refusing what cannot be screened. */
export async function readUploadSummary(ctx: AppContext, bytes: Uint8Array, sheet: string | null): Promise<CsvSummary> {
  const file = await summarizeInWorker(bytes, csvLimitsOf(ctx.config), sheet, ctx.config.uploadMaxRows);
  if (file.header.length === 0) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.fileEmpty);
  const badLabel = file.header.findIndex(hasControlCharacter);
  if (badLabel >= 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.labelControlCharacter(badLabel + 1));
  if (file.rowCount === 0) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.headerOnly);
  if (file.rowCount > ctx.config.uploadMaxRows) throw new AppError('BAD_REQUEST', tooManyRowsMessage(file.rowCount, ctx.config.uploadMaxRows));
  return file;
}

async function draftOf(ctx: AppContext, caller: BatchCaller, stored: StoredFile, fileName: string, typeName: string | undefined, sheet: string | null): Promise<UploadResponse> {
  if (typeName !== 'Flex') throw new AppError('BAD_REQUEST', BATCH_MESSAGES.typeNameFlex);
  if (hasControlCharacter(fileName)) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.fileNameControlCharacter);
  const file = await readUploadSummary(ctx, stored.bytes, sheet);
  const batch = await insertBatch(ctx.db, {
    clientId: caller.clientId,
    teamId: caller.teamId,
    uploaderUserId: caller.userId,
    fileName,
    storedPath: stored.storedPath,
    sha256: stored.sha256,
    sizeBytes: stored.size,
    header: file.header,
    sheetName: file.format.sheet,
    recordCount: file.rowCount,
    uploadedAt: ctx.now(),
  });
  await recordBatchEvent(ctx.db, { batchId: batch.id, clientId: batch.clientId, kind: 'uploaded', userId: caller.userId, at: batch.uploadedAt, details: { fileName, rows: file.rowCount, ...(file.format.sheet ? { sheet: file.format.sheet } : {}) } });
  return { batchId: batch.id, previewData: file.previewData, format: file.format };
}
