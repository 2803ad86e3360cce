/**
 * Updates lists from their official URLs: download every file of a source, skip the import
 * when the bytes are those of the active version (or of the version held for approval, or of
 * one an operator rejected), else import them as a new version, held when it differs too much
 * from the active one (ADR 109). Any failure is recorded as a check and leaves the active
 * version as it was.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { findListSource, LIST_SOURCES } from '#lists/sources';
import { formatMegabytes } from '#shared/disk-space';
import { freeBytesOf, UPLOAD_MIN_FREE_BYTES, type StatFs } from '../http/disk-space';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { downloadFile, type DownloadOptions } from './download';
import { describeHold } from './hold-checks';
import { importList, ImportRefusedError, type ImportSummary } from './import';
import * as q from './queries';
import { extractZipEntry, readZipEntries } from './unzip';
import { acquire, describeWritten, refuseWebPage } from './acquire/fetch-plan';
import { createWeb } from './acquire/web';
import type { ActiveFacts } from './acquire/resolve';
import { deactivationReportToCsv } from './acquire/deactivation-report';
import { planDownloads } from './update-sources';

export type UpdateOutcome = 'imported' | 'held' | 'unchanged' | 'not-configured' | 'failed';

export interface UpdatedFile {
  name: string;
  sha256: string;
  size: number;
}

export interface SourceUpdate {
  source: string;
  outcome: UpdateOutcome;
  /** The active version after the update (the new one when imported). */
  version: number | null;
  /** The version waiting for an operator's approval (held now, or the same files held before). */
  heldVersion?: number;
  /** Why it is held, in words (ADR 109); or why the same files are not imported again. */
  note?: string;
  files: UpdatedFile[];
  import?: Omit<ImportSummary, 'rejected'>;
  error?: string;
  /** What to configure, for sources without a download. */
  hint?: string;
}

export interface UpdateProgress {
  source: string;
  file: string;
  bytes: number;
  total: number | null;
}

export interface UpdateOptions extends Pick<DownloadOptions, 'fetch' | 'delay' | 'attempts' | 'idleTimeoutMs'> {
  now: Date;
  /** DATA_DIR's free space as the disk guard reads it (tests give their own). */
  statfs?: StatFs;
  onProgress?: (progress: UpdateProgress) => void;
  /** The stages after the download, and the rows read while parsing (the Lists page's progress). */
  onStage?: (stage: 'parse' | 'import') => void;
  onRows?: (rows: number) => void;
  /** Called as each source is done, before the next starts. */
  onSourceDone?: (result: SourceUpdate) => void;
}

/** Updates the given sources (all when empty), one after the other; answers one result per source. */
export async function updateLists(db: Db, config: AppConfig, sources: readonly string[], options: UpdateOptions): Promise<SourceUpdate[]> {
  const ids = sources.length > 0 ? [...new Set(sources)] : LIST_SOURCES.map((s) => s.id);
  const unknown = ids.filter((id) => !findListSource(id));
  if (unknown.length) throw new Error(`Unknown list source: ${unknown.join(', ')}. Known: ${LIST_SOURCES.map((s) => s.id).join(', ')}.`);
  const root = path.join(config.dataDir, 'downloads');
  await mkdir(root, { recursive: true });
  const results: SourceUpdate[] = [];
  for (const id of ids) {
    const result = await updateSource(db, config, id, root, options);
    options.onSourceDone?.(result);
    results.push(result);
  }
  return results;
}

async function updateSource(db: Db, config: AppConfig, source: string, root: string, options: UpdateOptions): Promise<SourceUpdate> {
  const { now } = options;
  let plan;
  try {
    plan = planDownloads(source, config);
  } catch (error) {
    return fail(db, source, now, messageOf(error));
  }
  if (plan.kind === 'not-configured') return { source, outcome: 'not-configured', version: null, files: [], hint: plan.hint };
  // A nearly full disk takes no download or import (issue 53 item 4): the active version stays, the check says why.
  const free = await freeBytesOf(config.dataDir, options.statfs);
  if (free !== null && free < UPLOAD_MIN_FREE_BYTES) return fail(db, source, now, `The server's disk is nearly full (DATA_DIR has ${formatMegabytes(free)} free, under the ${formatMegabytes(UPLOAD_MIN_FREE_BYTES)} an import needs): the list was not downloaded. Free space on that disk.`);
  const dir = await mkdtemp(path.join(root, `${source}-`));
  const files: (UpdatedFile & { path: string })[] = [];
  try {
    await mkdir(path.join(dir, 'download'));
    // LIST_URLS are the operator's own addresses: only recipes' publisher URLs go to LIST_PUBLISHERS_URL.
    const web = createWeb({ publishersUrl: plan.kind === 'recipe' ? config.listPublishersUrl : null, proxy: config.proxy, fetch: options.fetch, delay: options.delay, attempts: options.attempts });
    const acquired = await acquire(plan, { web, now, active: await activeFacts(db, source), samApiKey: config.samApiKey, scratch: path.join(dir, 'download') });
    const names = acquired.map((f) => f.fileName.toLowerCase());
    if (new Set(names).size !== names.length) throw new Error(`two download URLs end in the same file name (${names.join(', ')})`);
    if (acquired.length === 0) {
      // The publisher has nothing newer than the copy loaded (NPPES: no weekly file after it).
      const active = await q.findActiveVersion(db, source);
      await q.recordCheck(db, { source, outcome: 'unchanged', versionId: active?.id ?? null, checkedAt: now });
      return { source, outcome: 'unchanged', version: active?.id ?? null, note: 'the publisher has published nothing newer than the copy loaded', files: [] };
    }
    for (const item of acquired) {
      const onProgress = (bytes: number, total: number | null) => options.onProgress?.({ source, file: item.fileName, bytes, total });
      const downloaded =
        item.kind === 'file'
          ? await describeWritten(item.path, item.fileName)
          : await downloadFile({ url: item.url, fileName: item.fileName, nameFromAnswer: item.nameFromAnswer, request: item.referer ? { ...item.request, headers: { referer: item.referer, ...item.request?.headers } } : item.request }, path.join(dir, 'download'), { ...options, fetch: web.fetch, onProgress });
      await refuseWebPage(downloaded.path, downloaded.name);
      files.push(...(/\.zip$/i.test(downloaded.name) ? await unpack(downloaded.path, dir) : [downloaded]));
    }
    const active = await q.findActiveVersion(db, source);
    // A roll-back holds until the publisher publishes other files than those it undid (ADR 049).
    const undone = active?.origin === 'rollback' ? await q.findRolledBackVersion(db, active) : null;
    if (active && (isSameFiles(active.fileSha256, files) || (undone && isSameFiles(undone.fileSha256, files)))) {
      await q.recordCheck(db, { source, outcome: 'unchanged', versionId: active.id, checkedAt: now });
      return { source, outcome: 'unchanged', version: active.id, files: files.map(describe) };
    }
    // The files held for approval, or rejected, come again: neither held a second time nor imported (ADR 109).
    const held = await q.findHeldVersion(db, source);
    if (held && isSameFiles(held.fileSha256, files)) {
      const note = `the same files as version ${held.id}, held for an operator's approval`;
      await q.recordCheck(db, { source, outcome: 'held', versionId: held.id, checkedAt: now });
      return { source, outcome: 'held', version: active?.id ?? null, heldVersion: held.id, note, files: files.map(describe) };
    }
    const rejected = active ? await q.findRejectedAfter(db, source, active.id) : null;
    if (active && rejected && isSameFiles(rejected.fileSha256, files)) {
      const note = `the same files as version ${rejected.id}, which ${rejected.decidedBy ?? 'an operator'} rejected`;
      await q.recordCheck(db, { source, outcome: 'unchanged', versionId: active.id, checkedAt: now });
      return { source, outcome: 'unchanged', version: active.id, note, files: files.map(describe) };
    }
    const { rejected: _rows, ...summary } = await importList(db, {
      source,
      files: files.map((f) => f.path),
      origin: 'update',
      review: 'hold',
      now,
      onStage: options.onStage,
      onProgress: options.onRows,
    });
    if (summary.status === 'held') {
      const note = describeHold(summary.comparison!);
      await q.recordCheck(db, { source, outcome: 'held', versionId: summary.version, checkedAt: now });
      return { source, outcome: 'held', version: active?.id ?? null, heldVersion: summary.version, note, files: files.map(describe), import: summary };
    }
    await q.recordCheck(db, { source, outcome: 'imported', versionId: summary.version, checkedAt: now });
    return { source, outcome: 'imported', version: summary.version, files: files.map(describe), import: summary };
  } catch (error) {
    const failedVersion = error instanceof ImportRefusedError ? (error.summary?.version ?? null) : null;
    const result = await fail(db, source, now, messageOf(error), failedVersion);
    return { ...result, files: files.map(describe) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Extracts the list files of a downloaded ZIP (not PDFs, read-me files or NPPES header-only
 * files); NPPES's deactivation report, an XLSX, becomes the CSV its parser reads.
 */
async function unpack(zipPath: string, dir: string) {
  const isReport = (name: string) => /deactivat.*\.xlsx$/i.test(name);
  const entries = (await readZipEntries(zipPath)).filter((e) => (/\.(csv|txt|xml|pip|del|dat)$/i.test(e.name) || isReport(e.name)) && !/fileheader/i.test(e.name));
  if (entries.length === 0) throw new Error(`${path.basename(zipPath)} holds no list file`);
  const out = path.join(dir, 'unzipped');
  await mkdir(out, { recursive: true });
  const extracted = [];
  for (const entry of entries) {
    const file = await extractZipEntry(zipPath, entry, out);
    if (!isReport(file.name)) {
      extracted.push(file);
      continue;
    }
    const name = file.name.replace(/\.xlsx$/i, '.csv');
    await deactivationReportToCsv(file.path, path.join(out, name), file.name);
    await rm(file.path, { force: true });
    extracted.push(await describeWritten(path.join(out, name), name));
  }
  await rm(zipPath, { force: true });
  return extracted;
}

/** The active version's facts for its recipe: the files of its whole chain (an update's full file and the changes since). */
async function activeFacts(db: Db, source: string): Promise<ActiveFacts | null> {
  const active = await q.findActiveVersion(db, source);
  // A synthetic sample is no copy of the list: the recipe fetches the whole list, never changes to apply to it.
  if (!active || active.origin === 'sample') return null;
  const start = active.recordsFrom ? await q.findVersion(db, active.recordsFrom) : null;
  return { asOf: active.asOf, fetchedAt: active.fetchedAt, fileNames: [...(start?.fileNames ?? []), ...active.fileNames] };
}

/** Same bytes as the active version: the same multiset of file checksums. */
function isSameFiles(activeSha256: readonly string[], files: readonly UpdatedFile[]): boolean {
  const a = [...activeSha256].sort();
  const b = files.map((f) => f.sha256).sort();
  return a.length > 0 && a.length === b.length && a.every((sha, i) => sha === b[i]);
}

async function fail(db: Db, source: string, now: Date, error: string, failedVersion: number | null = null): Promise<SourceUpdate> {
  await q.recordCheck(db, { source, outcome: 'failed', versionId: failedVersion, error, checkedAt: now });
  const active = await q.findActiveVersion(db, source);
  return { source, outcome: 'failed', version: active?.id ?? null, files: [], error };
}

function describe({ name, sha256, size }: UpdatedFile): UpdatedFile {
  return { name, sha256, size };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
