/**
 * The index store's files (ADR 062): one file per part of the index (ADR 068) and its active list versions in the index
 * folder (DATA_DIR/index), loaded instead of a build from the database when present, written
 * after a build, and pruned to a few recent ones. Processes sharing DATA_DIR (the server and
 * `clearlist worker`s on one volume) thus build each list version once.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import type { MatchIndex } from '#engine/match-index';
import { threadId } from 'node:worker_threads';
import { INDEX_DATA_VERSION, INDEX_FILE_FORMAT, IndexFileError, readIndexFile, writeIndexFile } from '../../engine-runtime/index-file';
import { IndexThread, readIndexFileInThread, writeIndexFileInThread } from '../../engine-runtime/index-thread';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

export const INDEX_FILE_SUFFIX = '.idx';
/** Files of other versions kept besides the one in force (a roll-back or a lagging process loads them). */
export const KEEP_OLD_INDEX_FILES = 2;
/** A file younger than this is never deleted: another process may be about to load it. */
export const INDEX_FILE_GRACE_MS = 15 * 60_000;
/** Temporary files of writers that died are removed after this. */
const STALE_TMP_MS = 60 * 60_000;

export interface IndexFileVersion {
  id: number;
  source: string;
}

/**
 * Name of the file of a set of active versions: a hash of each version's id, source, creation
 * time and file hashes, and of the file format, data and algorithm versions. Version ids alone
 * would not do: a new database (a reset, a test) numbers its versions from 1 again.
 */
export async function indexFileKey(db: Db, versions: readonly IndexFileVersion[]): Promise<string> {
  const ids = versions.map((v) => v.id);
  const rows = ids.length
    ? await db.select({ id: listVersions.id, source: listVersions.source, createdAt: listVersions.createdAt, fileSha256: listVersions.fileSha256 }).from(listVersions).where(inArray(listVersions.id, ids))
    : [];
  rows.sort((a, b) => a.id - b.id);
  const identity = rows.map((r) => [r.id, r.source, r.createdAt.toISOString(), r.fileSha256]);
  return createHash('sha256')
    .update(JSON.stringify({ format: INDEX_FILE_FORMAT, data: INDEX_DATA_VERSION, algorithm: ALGORITHM_VERSION, versions: identity }))
    .digest('hex')
    .slice(0, 32);
}

export const indexFilePath = (dir: string, key: string): string => path.join(dir, `${key}${INDEX_FILE_SUFFIX}`);

/** A part's records file beside its index file (ADR 086): what a list change builds the new part from. */
export const RECORDS_FILE_SUFFIX = '.rec';
export const recordsFilePath = (dir: string, key: string): string => path.join(dir, `${key}${RECORDS_FILE_SUFFIX}`);

/**
 * Loads the file of `key` when there is one that holds `version`; null when there is none or it
 * was refused (logged: the caller builds from the database and writes a good file over it).
 * `inThread`: read and checked on a worker thread (that one, or one of its own), its arrays shared back (ADR 072, 077).
 */
export async function loadIndexFile(dir: string, key: string, version: string, shared: boolean, log?: (line: string) => void, inThread: boolean | IndexThread = false): Promise<{ index: MatchIndex; ms: number; threadId: number } | null> {
  const file = indexFilePath(dir, key);
  const started = performance.now();
  try {
    const { index, threadId: by } = inThread instanceof IndexThread && shared ? await inThread.load(file, version) : inThread && shared ? await readIndexFileInThread(file, { expectVersion: version }) : { index: await readIndexFile(file, { shared, expectVersion: version }), threadId };
    // The modification time says when a file was last used: cleaning keeps the recent ones.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return { index, ms: Math.round(performance.now() - started), threadId: by };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const reason = error instanceof IndexFileError ? error.reason : String((error as Error).message ?? error);
    log?.(`Match index file ${file} refused: ${reason}; building from the database instead.`);
    return null;
  }
}

/**
 * Writes the index's file (`inThread`: on a worker thread, that one or one of its own, ADR 072, 077); a
 * failure (read-only or full disk) is logged and costs only the next start's build.
 */
export async function saveIndexFile(dir: string, key: string, index: MatchIndex, log?: (line: string) => void, inThread: boolean | IndexThread = false): Promise<{ bytes: number; ms: number } | null> {
  const file = indexFilePath(dir, key);
  try {
    await mkdir(dir, { recursive: true });
    return inThread instanceof IndexThread ? await inThread.save(index, file) : inThread ? await writeIndexFileInThread(index, file) : await writeIndexFile(index, file);
  } catch (error) {
    log?.(`Match index file ${file} not written: ${(error as Error).message}`);
    return null;
  }
}

/**
 * Deletes index files beyond the one in force and the `keep` most recently used others, and
 * temporary files left by writers that died; never a file used or written in the grace period.
 * Returns the names deleted.
 */
export async function cleanIndexFiles(dir: string, currentKey: string | readonly string[] | null, options: { keep?: number; graceMs?: number; now?: Date } = {}): Promise<string[]> {
  // An index in parts (ADR 068) has a file per part: all are in force, and as many old ones are kept.
  const current = new Set((typeof currentKey === 'string' ? [currentKey] : (currentKey ?? [])).map((key) => `${key}${INDEX_FILE_SUFFIX}`));
  const keep = options.keep ?? KEEP_OLD_INDEX_FILES * Math.max(1, current.size);
  const grace = options.graceMs ?? INDEX_FILE_GRACE_MS;
  const now = (options.now ?? new Date()).getTime();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: { name: string; mtime: number }[] = [];
  const deleted: string[] = [];
  // A records file (ADR 086) goes with its index file: kept while that one is, or while it is young.
  const records: { name: string; mtime: number }[] = [];
  for (const name of names) {
    const isIndex = name.endsWith(INDEX_FILE_SUFFIX);
    const isTmp = name.endsWith('.tmp') && (name.includes(`${INDEX_FILE_SUFFIX}.`) || name.includes(`${RECORDS_FILE_SUFFIX}.`));
    const isRecords = name.endsWith(RECORDS_FILE_SUFFIX);
    if (!isIndex && !isTmp && !isRecords) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info) continue;
    if (isTmp) {
      if (now - info.mtimeMs > STALE_TMP_MS && (await remove(dir, name))) deleted.push(name);
      continue;
    }
    if (isRecords) {
      records.push({ name, mtime: info.mtimeMs });
      continue;
    }
    if (current.has(name)) continue;
    files.push({ name, mtime: info.mtimeMs });
  }
  files.sort((a, b) => b.mtime - a.mtime);
  for (const f of files.slice(keep)) {
    if (now - f.mtime < grace) continue;
    if (await remove(dir, f.name)) deleted.push(f.name);
  }
  const indexOf = (name: string): string => `${name.slice(0, -RECORDS_FILE_SUFFIX.length)}${INDEX_FILE_SUFFIX}`;
  const kept = new Set([...current, ...files.map((f) => f.name).filter((n) => !deleted.includes(n))]);
  for (const r of records) {
    if (kept.has(indexOf(r.name)) || now - r.mtime < grace) continue;
    if (await remove(dir, r.name)) deleted.push(r.name);
  }
  return deleted;
}

async function remove(dir: string, name: string): Promise<boolean> {
  try {
    await rm(path.join(dir, name));
    return true;
  } catch {
    return false;
  }
}
