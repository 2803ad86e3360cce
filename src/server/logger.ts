/**
 * The server's one structured logger (pino, which Fastify uses for its request logs too):
 * requests, jobs, imports and start-up all write JSON lines through it (readable lines on a
 * terminal, log-format.ts). Logs never hold row
 * values, personal identifiers or secrets (ADR 025): known paths are redacted, errors are
 * serialised without the parameters and query texts database errors carry, and what is left
 * of a message is scrubbed of quoted values and long digit runs (SSNs, NPIs, dates of birth).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { prettyDestination, type LogFormat } from './log-format';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const REDACTED = '[redacted]';

// Wherever these are logged (request headers, bodies, our own objects), the value is replaced.
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...['password', 'verifyPassword', 'token', 'nonce', 'ssn', 'npi', 'dob', 'values', 'row', 'rows', 'data', 'params', 'parameters', 'query', 'body'].flatMap((key) => [key, `*.${key}`]),
];

/** Masks the values a message may quote: `: "value"`, `Key (col)=(value)`, and runs of 6+ digits or dashes. */
export function scrubText(text: string): string {
  return text
    .replace(/(:\s*)"[^"\n]*"/g, `$1"${REDACTED}"`)
    .replace(/=\([^)\n]*\)/g, `=(${REDACTED})`)
    .replace(/\d[\d-]{4,}\d/g, REDACTED);
}

const MAX_DEPTH = 3;

/** An error as the log keeps it: what broke and where, never the values it was working on. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubText(String(error)).slice(0, 300) };
  const fields = error as Error & Record<string, unknown>;
  // Drizzle's message is "Failed query: <sql>\nparams: <every value>": keep the SQL only.
  const message = error.message.split('\nparams:')[0];
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message: scrubText(message).slice(0, 1000) };
  // SQLSTATE and the names of what failed help; `detail`, `where`, `parameters` and `internalQuery` hold values.
  for (const key of ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine'] as const) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length) out.stack = frames.slice(0, 12).join('\n');
  if (fields.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(fields.cause, depth + 1);
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** A request as the log keeps it: the route's pattern (ids, names and tokens of the path left out), no query string. */
function serializeRequest(request: RequestLike): Record<string, unknown> {
  const route = request.routeOptions?.url;
  const path = route ?? (request.url ?? '').split('?')[0].slice(0, 200).split('/').map((segment) => (/\d/.test(segment) || segment.length > 24 ? ':value' : segment)).join('/');
  return { method: request.method, url: path, remoteAddress: request.ip };
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where the lines go; standard output by default. Tests capture them. */
  destination?: DestinationStream;
  /** JSON lines (the default), or readable lines for a terminal (LOG_FORMAT, log-format.ts). */
  format?: LogFormat;
}

/** Creates the process's logger; hand it to createApp (AppContext.log) and to jobs and imports. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
      hooks: {
        // Messages are ours, but may quote what they report on (a database error's first line).
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    options.format === 'pretty' ? prettyDestination(options.destination ?? process.stdout) : options.destination,
  );
}
