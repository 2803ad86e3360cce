/** POST /api/v1/batches/csv: receives the multipart upload, then idempotency, then the app's upload and mapping. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_MESSAGES } from '#shared/messages';
import type { AppContext } from '../app-context';
import { removeStored } from '../batches/public';
import { batchCallerOf } from '../access/batch-scope';
import { receiveUpload } from '../batches/public';
import { AppError } from '../http/errors';
import { createBatchFromUpload } from './batches';
import type { Idempotency } from './idempotency';

export function uploadBatchRoute(ctx: AppContext, idempotency: Idempotency) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', BATCH_MESSAGES.uploadFirst);
    const caller = await batchCallerOf(ctx.db, request);
    const received = await receiveUpload(ctx, request.parts());
    // The same upload is the same file and fields (a client's multipart boundary differs on each try).
    const content = JSON.stringify({ file: received.stored?.sha256 ?? null, fileName: received.fileName, fields: received.fields });
    let isReplayed: boolean;
    try {
      isReplayed = await idempotency.begin(request, reply, content);
    } catch (error) {
      if (received.stored) removeStored(ctx.config, received.stored.storedPath);
      throw error;
    }
    if (isReplayed) {
      if (received.stored) removeStored(ctx.config, received.stored.storedPath);
      return reply;
    }
    return createBatchFromUpload(ctx, caller, received);
  };
}
