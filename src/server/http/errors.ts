/** One error shape `{ error: { code, message, fields? } }` and one handler for the whole app. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '#shared/errors';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'The requested item') => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = () => new AppError('FORBIDDEN', 'You do not have access to this.');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please log in.');

/** `diskFull` words a write that found the disk full (ADR 112); without it such a write is a 500. */
export function installErrorHandler(app: FastifyInstance, diskFull?: { isDiskFull(error: unknown): boolean; answer(request: FastifyRequest): Promise<AppError> }): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (diskFull?.isDiskFull(error)) {
      request.log.error({ err: error }, 'the disk is full');
      const answer = await diskFull.answer(request);
      return reply.code(ERROR_STATUS[answer.code]).send(body(answer.code, answer.message));
    }
    if (error instanceof AppError) {
      return reply.code(ERROR_STATUS[error.code]).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const keys = (issue.params as { keys?: string[] }).keys;
        if (issue.keyword === 'unrecognized_keys' && keys?.length) {
          for (const key of keys) fields[path ? `${path}.${key}` : key] = 'Unknown field.';
        } else {
          fields[path || '(body)'] = issue.message ?? 'Invalid value.';
        }
      }
      return reply.code(400).send(body('BAD_REQUEST', 'Some fields are invalid.', fields));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send(body('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.code(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.'));
    }
    if (status === 429) {
      return reply.code(429).send(body('RATE_LIMITED', error.message));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body and the like: say what, never how the server broke.
      const message = error.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON.' : 'Bad request.';
      return reply.code(400).send(body('BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again later.'));
  });
}

export function body(code: string, message: string, fields?: Record<string, string>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}
