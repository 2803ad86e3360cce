/**
 * DATA_DIR's free space (issue 53 §4, ADR 112): checked before a start and before each upload, and
 * a disk that fills during a write is named as such, never `[object Object]` or a failed query.
 */
import { statfs as statfsOfNode } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { diskFullMessage, formatMegabytes } from '#shared/disk-space';
import { AppError } from './errors';

const MB = 1024 * 1024;
/** A fresh start (migrations, the sample lists, the match index) wrote 67 MB on a tmpfs: room for it and some. */
export const START_MIN_FREE_BYTES = 100 * MB;
/** Below this, uploads and list imports are refused before a byte is stored. */
export const UPLOAD_MIN_FREE_BYTES = 50 * MB;

export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/** Bytes free to this process on the disk holding `dir` (or its nearest existing parent); null where statfs is not there. */
export async function freeBytesOf(dir: string, statfs: StatFs = statfsOfNode): Promise<number | null> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(at);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const parent = path.dirname(at);
      if (code === 'ENOENT' && parent !== at) at = parent;
      else return null;
    }
  }
}

/** Refuses to start on a disk without room for the database (the message says what to do). */
export async function requireStartSpace(dataDir: string, statfs?: StatFs): Promise<void> {
  const free = await freeBytesOf(dataDir, statfs);
  if (free === null || free >= START_MIN_FREE_BYTES) return;
  throw new Error(startSpaceMessage(dataDir, free));
}

const startSpaceMessage = (dataDir: string, free: number) =>
  `DATA_DIR ${path.resolve(dataDir)} has ${formatMegabytes(free)} free; Clearlist needs at least ${formatMegabytes(START_MIN_FREE_BYTES)} ` +
  'free to start (a new database takes about 70 MB, and uploads and list versions grow it). Free space on that disk, or set DATA_DIR to a folder on a larger one.';

/** Errors of a full disk: Node's ENOSPC, PostgreSQL's disk_full (53100) or a short write, PGlite's file system errno 51. */
export function isDiskFullError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, errno, name, message } = e as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === '53100') return true;
    if (name === 'ErrnoError' && errno === 51) return true;
    if (typeof message === 'string' && /no space left on device|could not extend file/i.test(message)) return true;
  }
  return false;
}

/** A start failure in words: the message and its causes; a full disk says so and what to do. */
export async function describeStartError(error: unknown, dataDir?: string, statfs?: StatFs): Promise<string> {
  if (isDiskFullError(error)) {
    const free = dataDir ? await freeBytesOf(dataDir, statfs) : null;
    const where = dataDir ? `DATA_DIR ${path.resolve(dataDir)}` : 'DATA_DIR';
    return (
      `The disk is full: ${where} has ${free === null ? 'no' : formatMegabytes(free)} free space left, and Clearlist needs at least ` +
      `${formatMegabytes(START_MIN_FREE_BYTES)} free to start. Free space on that disk, or set DATA_DIR to a folder on a larger one.\n(${causeChain(error)})`
    );
  }
  return causeChain(error);
}

/** 'message: cause: cause' of an error, whatever was thrown. */
function causeChain(error: unknown): string {
  const words: string[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') {
      words.push(String(e));
      break;
    }
    const { message, name, code, errno } = e as { message?: unknown; name?: unknown; code?: unknown; errno?: unknown };
    const text = typeof message === 'string' && message ? message.trim() : `${typeof name === 'string' ? name : 'error'}${code ?? errno ? ` ${String(code ?? errno)}` : ''}`;
    words.push(text);
  }
  return words.join('\ncaused by: ') || 'Unknown error.';
}

const isMultipart = (request: FastifyRequest) => /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');

/**
 * Refuses multipart uploads (batch files, list files) when DATA_DIR is nearly full, before anything
 * is stored: a preHandler, so only callers the access control let through learn of it.
 */
export function installDiskGuard(app: FastifyInstance, dataDir: string, statfs?: StatFs): void {
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    if (!isMultipart(request)) return;
    const free = await freeBytesOf(dataDir, statfs);
    if (free !== null && free < UPLOAD_MIN_FREE_BYTES) throw new AppError('DISK_FULL', diskFullMessage(free));
  });
}

/** The answer to a write that found the disk full mid-way: an upload's, or another change's. */
export async function diskFullError(dataDir: string, request: FastifyRequest, statfs?: StatFs): Promise<AppError> {
  return new AppError('DISK_FULL', diskFullMessage(await freeBytesOf(dataDir, statfs), isMultipart(request) ? 'upload' : 'change'));
}
