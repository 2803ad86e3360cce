/**
 * Importing list files an operator gives (ADR 049): the CLI's `lists import` and the Lists
 * page's upload both come here, so both validate, refuse wrong layouts and import alike.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ApplyMode } from '#lists/apply-mode';
import { findListSource } from '#lists/sources';
import type { ImportResult } from '#shared/lists-admin';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { sweepMonitoringJob } from '../monitoring/public';
import { importList, ImportRefusedError, type ImportSummary } from './import';
import type { Actor } from './rollback';

export interface ManualImport {
  source: string;
  files: string[];
  mode?: ApplyMode;
  importedBy?: string | null;
  now: Date;
  onProgress?: (rowsRead: number) => void;
}

/**
 * Imports local files of a list as a new version (origin "import": an operator's file). The
 * operator's file is the operator's decision: it is compared with the version in use and the
 * differences are answered, but it is not held for approval (ADR 109).
 */
export function importManualFiles(db: Db, req: ManualImport): Promise<ImportSummary> {
  return importList(db, { source: req.source, files: req.files, mode: req.mode, origin: 'import', review: 'report', importedBy: req.importedBy ?? null, now: req.now, onProgress: req.onProgress });
}

/** The upload's comparison with the version it replaced, in one sentence; empty when nothing stood out. */
export function comparisonWords(summary: Pick<ImportSummary, 'comparison'>): string {
  const reasons = summary.comparison?.reasons ?? [];
  if (reasons.length === 0) return '';
  return ` Compared with version ${summary.comparison!.against}: ${reasons.map((r) => r.words).join('; ')}.`;
}

/** A file name safe to keep (the parsers tell a file's role by its name). */
function safeName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).trim();
  if (!base || base === '.' || base === '..' || /[\0]/.test(base)) throw new AppError('BAD_REQUEST', 'Each file needs a name.');
  return base;
}

export interface UploadedFile {
  fileName: string;
  stream: Readable;
}

/** Receives uploaded files into a folder of their own, imports them, and removes them whatever happens. */
export async function importUploadedFiles(
  ctx: AppContext,
  source: string,
  parts: AsyncIterable<UploadedFile | { field: string; value: string }>,
  actor: Actor,
): Promise<ImportResult> {
  if (!findListSource(source)) throw new AppError('NOT_FOUND', 'The list was not found.');
  const root = path.join(ctx.config.dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `${source}-`));
  try {
    const files: string[] = [];
    let mode: ApplyMode | undefined;
    for await (const part of parts) {
      if ('field' in part) {
        if (part.field === 'mode' && (part.value === 'full' || part.value === 'incremental')) mode = part.value;
        else if (part.field === 'mode' && part.value !== 'auto' && part.value !== '') throw new AppError('BAD_REQUEST', 'The mode is full, incremental or auto.', { mode: 'Choose full, incremental or auto.' });
        continue;
      }
      const name = safeName(part.fileName);
      if (files.some((f) => path.basename(f).toLowerCase() === name.toLowerCase())) throw new AppError('BAD_REQUEST', `Two files are named ${name}.`);
      const target = path.join(dir, name);
      await pipeline(part.stream, createWriteStream(target));
      files.push(target);
    }
    if (files.length === 0) throw new AppError('BAD_REQUEST', 'Choose the file to upload.');
    let summary: ImportSummary;
    try {
      summary = await importManualFiles(ctx.db, { source, files, mode, importedBy: actor.username, now: ctx.now() });
    } catch (error) {
      if (error instanceof ImportRefusedError) {
        await recordAudit(ctx.db, { action: 'list.upload_refused', actorUserId: actor.userId, actorUsername: actor.username, ip: actor.ip, target: source, details: { files: files.map((f) => path.basename(f)), error: error.message } });
        throw new AppError('BAD_REQUEST', `The file was refused: ${error.message} The version in use stays active.`);
      }
      throw error;
    }
    await recordAudit(ctx.db, {
      action: 'list.uploaded',
      actorUserId: actor.userId,
      actorUsername: actor.username,
      ip: actor.ip,
      target: source,
      details: { version: summary.version, mode: summary.mode, files: files.map((f) => path.basename(f)), records: summary.records },
    });
    await ctx.screening?.refreshIfChanged();
    await ctx.jobs?.send(sweepMonitoringJob, {});
    const { error: _error, status: _status, source: _source, rowsLoaded: _loaded, replacedHeld: _replaced, ...rest } = summary;
    return {
      ...rest,
      message: `${source}: version ${summary.version} is active (${summary.mode}): ${summary.records.toLocaleString('en-US')} records; added ${summary.added}, removed ${summary.removed}, changed ${summary.changed}, reinstated ${summary.reinstated}.${comparisonWords(summary)}`,
      rejected: summary.rejected.slice(0, 100).map(({ file, line, reason }) => ({ file: file ? path.basename(file) : null, line, reason })),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
