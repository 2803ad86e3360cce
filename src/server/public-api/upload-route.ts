/**
 * Multipart routes of /api/v1 (batches and rosters from a file, roster versions; ADR 039, 058):
 * the upload is received, then the Idempotency-Key is checked against the URL, the file and the
 * fields (a client's multipart boundary differs on each try), then the rule runs; a replayed or
 * refused request leaves no file behind.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_MESSAGES } from '#shared/messages';
import type { AppContext } from '../app-context';
import { batchCallerOf, type BatchCaller } from '../access/batch-scope';
import { receiveUpload, removeStored, type ReceivedUpload } from '../batches/public';
import { AppError } from '../http/errors';
import type { Idempotency } from './idempotency';

export function multipartRoute(ctx: AppContext, idempotency: Idempotency, run: (caller: BatchCaller, request: FastifyRequest, received: ReceivedUpload) => Promise<unknown>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', BATCH_MESSAGES.uploadFirst);
    const caller = await batchCallerOf(ctx.db, request);
    const received = await receiveUpload(ctx, request.parts());
    const content = JSON.stringify({ url: request.url, file: received.stored?.sha256 ?? null, fileName: received.fileName, fields: received.fields });
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
    return run(caller, request, received);
  };
}
