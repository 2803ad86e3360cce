/** The one error shape of the server and the closed set of codes, mapped to HTTP statuses. */
import { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  CSRF_FAILED: 403,
  /** The session's address left the client's IP allowlist: the session is over (spec: WHITELIST_FAILURE). */
  WHITELIST_FAILURE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Interactive name search of more than 100 results (spec batch-and-interactive-search §8: errors keyed by name). */
  MaxMatchesExceeded: 422,
  /** Public API: an Idempotency-Key sent again with a different request (ADR 039). */
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL: 500,
  /** DATA_DIR's disk is (nearly) full: uploads and imports are refused, nothing stored is lost (ADR 112). */
  DISK_FULL: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
