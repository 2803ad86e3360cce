/**
 * Streams one list file from its URL to disk: retries with backoff, an idle timeout, the
 * Content-Length checked, sha256 computed on the way, written under a temporary name.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parse as parseDisposition } from 'content-disposition';
import { BROWSER_HEADERS, isUnreachable, statusWords } from './acquire/web';
import { redactUrl, type DownloadSpec } from './update-sources';

export interface DownloadOptions {
  fetch?: typeof fetch;
  attempts?: number;
  /** Waits between attempts; tests pass one that does not sleep. */
  delay?: (ms: number) => Promise<void>;
  /** Aborts when no byte arrives for this long (also while waiting for the answer). */
  idleTimeoutMs?: number;
  onProgress?: (bytes: number, total: number | null) => void;
}

export interface DownloadedFile {
  url: string;
  path: string;
  name: string;
  sha256: string;
  size: number;
}

/** A download that should not be tried again (a 4xx answer). */
export class PermanentDownloadError extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a later attempt needs to resume a download cut short: the validator of the bytes already on disk. */
interface ResumeState {
  validator: string | null;
}

/**
 * Downloads `spec.url` into `dir/spec.fileName`; throws after the last failed attempt. An
 * attempt cut short leaves its bytes, and the next asks for the rest (`Range`, guarded by
 * `If-Range` with the first answer's ETag or Last-Modified): NPPES's monthly file is ~1 GB.
 */
export async function downloadFile(spec: DownloadSpec, dir: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const attempts = options.attempts ?? 3;
  const delay = options.delay ?? sleep;
  const partial = `${path.join(dir, spec.fileName)}.part`;
  const resume: ResumeState = { validator: null };
  await rm(partial, { force: true });
  let lastError: unknown;
  try {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        return await downloadOnce(spec, dir, options, resume);
      } catch (error) {
        lastError = error;
        if (error instanceof PermanentDownloadError || isUnreachable(error) || attempt === attempts) break;
        await delay(1000 * 2 ** (attempt - 1));
      }
    }
  } finally {
    await rm(partial, { force: true });
  }
  const tries = lastError instanceof PermanentDownloadError ? '' : ` (${attempts} attempt${attempts === 1 ? '' : 's'})`;
  throw new Error(`${spec.fileName}: ${describeError(lastError)}${tries}`);
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then((s) => s.size, () => 0);
}

/** The bytes already downloaded, hashed, so the checksum covers the whole file. */
async function hashOf(file: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

async function downloadOnce(spec: DownloadSpec, dir: string, options: DownloadOptions, resume: ResumeState): Promise<DownloadedFile> {
  const target = path.join(dir, spec.fileName);
  const partial = `${target}.part`;
  const controller = new AbortController();
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let timer = setTimeout(() => controller.abort(), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), idleMs);
  };
  const shown = redactUrl(spec.url);
  const request = spec.request ?? {};
  // Only a GET whose first answer gave a validator resumes: a POST's answer may differ each time.
  const have = (request.method ?? 'GET') === 'GET' && resume.validator ? await sizeOf(partial) : 0;
  let received = 0;
  let total: number | null = null;
  try {
    const headers: Record<string, string> = { ...BROWSER_HEADERS, ...request.headers, 'accept-encoding': 'identity' };
    if (have > 0) Object.assign(headers, { range: `bytes=${have}-`, 'if-range': resume.validator! });
    const response = await (options.fetch ?? fetch)(spec.url, { method: request.method ?? 'GET', body: request.body, signal: controller.signal, headers });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const text = response.status === 403 || response.status === 404 || response.status === 410 ? statusWords(response.status, shown) : `HTTP ${response.status} ${response.statusText} from ${shown}`.replace(/ {2}/g, ' ');
      // Client errors (missing file, bad key) will not change on retry; 408 and 429 may.
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) throw new PermanentDownloadError(text);
      throw new Error(text);
    }
    if (!response.body) throw new Error(`empty answer from ${shown}`);
    const length = Number(response.headers.get('content-length'));
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
    // 206 from where the last attempt stopped: the rest of the same file. Anything else starts over.
    const isRest = have > 0 && response.status === 206 && new RegExp(`^bytes ${have}-`).test(response.headers.get('content-range') ?? '');
    const hash = createHash('sha256');
    if (isRest) {
      await hashOf(partial, hash);
      received = have;
    } else {
      resume.validator = response.headers.get('etag') ?? response.headers.get('last-modified');
    }
    total = Number.isFinite(length) && length > 0 && !encoded ? length + received : null;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        touch();
        received += chunk.length;
        hash.update(chunk);
        options.onProgress?.(received, total);
        callback(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), meter, createWriteStream(partial, { flags: isRest ? 'a' : 'w' }));
    if (total !== null && received !== total) throw new Error(truncated(received, total));
    // A publisher that names the file in its answer (Texas's postback: the as-of date is in the name).
    const named = spec.nameFromAnswer ? answerFileName(response.headers.get('content-disposition'), spec.fileName) : null;
    const final = named ? path.join(dir, named) : target;
    await rename(partial, final);
    return { url: spec.url, path: final, name: named ?? spec.fileName, sha256: hash.digest('hex'), size: received };
  } catch (error) {
    // The bytes stay for the next attempt when the publisher lets it resume.
    if (!resume.validator) await rm(partial, { force: true });
    if (error instanceof PermanentDownloadError) throw error;
    if (controller.signal.aborted) throw new Error(`no data from ${shown} for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`} (timed out after ${received} bytes)`);
    // The connection closed before Content-Length bytes arrived: say so plainly.
    if (total !== null && received < total) throw new Error(truncated(received, total));
    throw error instanceof Error && !error.message.includes(shown) ? new Error(`${describeError(error)} from ${shown}`, { cause: error.cause }) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** The file name of a Content-Disposition answer, when safe and of the expected file's extension; else null. */
export function answerFileName(header: string | null, expected: string): string | null {
  if (!header) return null;
  let name: string | undefined;
  try {
    name = parseDisposition(header).parameters.filename;
  } catch {
    return null;
  }
  if (!name || /[/\\\0]/.test(name) || name.startsWith('.')) return null;
  return path.extname(name).toLowerCase() === path.extname(expected).toLowerCase() ? name : null;
}

/** The message with its cause (fetch says only "fetch failed"; the cause says ECONNREFUSED). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail && !error.message.includes(detail) ? `${error.message}: ${detail}` : error.message;
}

function truncated(received: number, total: number): string {
  return `truncated download: got ${received} of ${total} bytes`;
}
