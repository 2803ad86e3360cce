import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import type { ListRecord } from '#shared/list-record';
import { collectRun, type ParseRun } from './core/parse-run';

/** The shared folder of real agency files (`../shared` next to the repository), if present. */
export const REAL_DIR = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
export const hasRealData = existsSync(REAL_DIR);
export const SKIP_REAL = 'skipped when ../shared/data/real is absent';

/** Path of a real agency file. */
export const real = (path: string): string => `${REAL_DIR}${path}`;

/** Path of a committed synthetic fixture of a source. */
export const fixture = (source: string, name: string): string => fileURLToPath(new URL(`./${source}/fixtures/${name}`, import.meta.url));

/** An in-memory file: a stream of the given bytes that reports `name` as its path. */
export function memoryFile(content: string | Buffer, name = 'memory.csv'): Readable {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  // Split in small chunks so line and quote handling across chunk edges is exercised.
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
  return Object.assign(Readable.from(chunks), { path: name });
}

/** Runs a parse to the end; returns its records and the finished run. */
export async function runAll(run: ParseRun): Promise<{ records: ListRecord[]; run: ParseRun }> {
  return { records: await collectRun(run), run };
}
