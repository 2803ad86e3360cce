/** The one way the web app calls the server: JSON over fetch, CSRF header, one error shape. */
import type { ZodType } from 'zod';
import { ErrorBodySchema } from '#shared/errors';
import { MESSAGES } from '#shared/messages';

/** Any failed call: HTTP status (0 when the server could not be reached), code, message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The answer as sent, for the few endpoints whose refusal carries more (the spec's error[] list). */
  readonly payload: unknown;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, payload?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.payload = payload;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON; a FormData is sent as multipart as it is (file uploads). */
  body?: unknown;
  /** When given, the answer is validated against the shared contract. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Value of the readable CSRF cookie the server sets, or null before it is set. */
export function readCsrfToken(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Calls `path` (under /services) and returns the parsed JSON answer, or throws an ApiError. */
export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // Every call carries the token: writes need it, and so do the GETs that change state
  // (resubmit, billed searches; ADR 026). A write before any answer asks for the cookie first.
  const token = method === 'GET' ? readCsrfToken() : (readCsrfToken() ?? (await obtainCsrfToken()));
  if (token) headers[CSRF_HEADER] = token;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', MESSAGES.genericError);
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  if (!options.schema) return payload as T;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.genericError);
  return parsed.data;
}

/** The server sets the CSRF cookie on its answers; a write before any read asks for it first. */
async function obtainCsrfToken(): Promise<string | null> {
  try {
    await fetch('/services/health', { credentials: 'same-origin' });
  } catch {
    // The write that follows reports the failure.
  }
  return readCsrfToken();
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(payload);
  if (!parsed.success) return new ApiError(status, status >= 500 ? 'INTERNAL' : 'UNKNOWN', MESSAGES.genericError, {}, payload);
  const { code, message, fields } = parsed.data.error;
  return new ApiError(status, code, message || MESSAGES.genericError, fields ?? {}, payload);
}
