/**
 * Idempotency-Key on the creating POSTs (ADR 039). The first request with a key claims it (a
 * unique row per API key and key); its answer, as sent, is kept 24 hours and answered again to
 * a retry with the same body, which creates and bills nothing. The same key with another body
 * answers 422; a retry while the first still runs answers 409. A 5xx answer frees the key.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, pruneIdempotencyKeys, releaseIdempotencyKey, saveIdempotentAnswer, type IdempotencyRow } from './queries';

export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;
/** A claim left without an answer this long (its process died) no longer blocks retries. */
const ABANDONED_MS = 10 * 60 * 1000;

export const IDEMPOTENCY_TEXTS = {
  invalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still running. Retry in a moment to get its answer.',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request claimed (its answer is kept when sent). */
    idempotencyClaim: number | null;
  }
}

/** The sha256 of what makes two requests the same: method, route and the request's content. */
export function requestHashOf(request: FastifyRequest, content: string): string {
  return createHash('sha256').update(`${request.method} ${request.routeOptions.url}\n${content}`).digest('hex');
}

function replay(reply: FastifyReply, row: IdempotencyRow): FastifyReply {
  return reply
    .code(row.responseStatus ?? 200)
    .header('content-type', row.responseType ?? 'application/json; charset=utf-8')
    .header('Idempotent-Replayed', 'true')
    .send(row.responseBody ?? '');
}

export function createIdempotency(ctx: AppContext) {
  let lastPrune = 0;
  return {
    /**
     * Claims the request's key, or answers the first answer to a retry: true when the reply
     * was sent (the handler returns it and does nothing), false when the request runs.
     */
    async begin(request: FastifyRequest, reply: FastifyReply, content: string): Promise<boolean> {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return false;
      const key = Array.isArray(header) ? header[0] : header;
      if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_TEXTS.invalid, { 'Idempotency-Key': IDEMPOTENCY_TEXTS.invalid });
      const apiKeyId = request.apiKeyId!;
      const now = ctx.now();
      const hash = requestHashOf(request, content);
      if (now.getTime() - lastPrune > 60 * 60 * 1000) {
        lastPrune = now.getTime();
        await pruneIdempotencyKeys(ctx.db, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS));
      }
      const claimed = await claimIdempotencyKey(ctx.db, apiKeyId, key, hash, now, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS), new Date(now.getTime() - ABANDONED_MS));
      if (claimed) {
        request.idempotencyClaim = claimed.id;
        return false;
      }
      const first = await findIdempotencyKey(ctx.db, apiKeyId, key);
      if (first && first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_TEXTS.reused);
      if (!first || first.responseStatus === null) throw new AppError('CONFLICT', IDEMPOTENCY_TEXTS.running);
      replay(reply, first);
      return true;
    },

    /** onSend: keeps the answer of a claimed request, or frees the key after a server error. */
    async keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
      const id = request.idempotencyClaim;
      if (id === null) return;
      request.idempotencyClaim = null;
      if (reply.statusCode >= 500 || typeof payload !== 'string') return releaseIdempotencyKey(ctx.db, id);
      await saveIdempotentAnswer(ctx.db, id, reply.statusCode, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), payload);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
