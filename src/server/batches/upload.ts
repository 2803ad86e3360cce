/** POST /services/fileupload: one CSV file, stored encrypted, read for its header and preview. */
import type { Multipart } from '@fastify/multipart';
import { BATCH_MESSAGES, fileTooLargeMessage, tooManyRowsMessage } from '#shared/messages';
import type { UploadResponse } from '#shared/batches';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { parseCsv, previewOf } from './csv-file';
import { removeStored, storeEncrypted, type StoredFile } from './file-store';
import { findClient, insertBatch } from './queries';
import type { BatchCaller } from './scope';

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** Refuses callers whose client cannot search (no search options). */
export async function requireSearchOptions(ctx: AppContext, caller: BatchCaller): Promise<string[]> {
  const client = await findClient(ctx.db, caller.clientId);
  if (!client || client.searchOptions.length === 0) throw new AppError('FORBIDDEN', BATCH_MESSAGES.noSearchOptions);
  return client.searchOptions;
}

/** Reads the multipart parts: the typeName field and exactly one .csv file. */
async function receive(ctx: AppContext, parts: AsyncIterableIterator<Multipart>): Promise<{ stored: StoredFile | null; fileName: string; typeName: string | undefined }> {
  let stored: StoredFile | null = null;
  let fileName = '';
  let typeName: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'typeName') typeName = String(part.value);
        continue;
      }
      if (stored) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', BATCH_MESSAGES.noMoreFiles);
      }
      if (!isCsvName(part.filename ?? '')) {
        part.file.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', BATCH_MESSAGES.csvOnly);
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
  return { stored, fileName, typeName };
}

/** Stores the upload as a draft batch and answers its id and preview. */
export async function uploadBatch(ctx: AppContext, caller: BatchCaller, parts: AsyncIterableIterator<Multipart>): Promise<UploadResponse> {
  await requireSearchOptions(ctx, caller);
  const { stored, fileName, typeName } = await receive(ctx, parts);
  if (!stored) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.uploadFirst);
  const refuse = (code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE', message: string) => {
    removeStored(ctx.config, stored.storedPath);
    return new AppError(code, message);
  };
  if (typeName !== 'Flex') throw refuse('BAD_REQUEST', BATCH_MESSAGES.typeNameFlex);
  const table = parseCsv(stored.bytes);
  if (table.header.length === 0) throw refuse('BAD_REQUEST', BATCH_MESSAGES.fileEmpty);
  if (table.rows.length === 0) throw refuse('BAD_REQUEST', BATCH_MESSAGES.headerOnly);
  if (table.rows.length > ctx.config.uploadMaxRows) throw refuse('BAD_REQUEST', tooManyRowsMessage(table.rows.length, ctx.config.uploadMaxRows));
  const batch = await insertBatch(ctx.db, {
    clientId: caller.clientId,
    teamId: caller.teamId,
    uploaderUserId: caller.userId,
    fileName,
    storedPath: stored.storedPath,
    sha256: stored.sha256,
    sizeBytes: stored.size,
    header: table.header,
    recordCount: table.rows.length,
    uploadedAt: ctx.now(),
  });
  return { batchId: batch.id, previewData: previewOf(table) };
}
