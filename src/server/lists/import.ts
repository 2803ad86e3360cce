/**
 * Imports list files as a new version: parse (streamed) → store → diff with the active
 * version → activate atomically. A failed or refused import leaves the active version as it
 * was and is recorded as failed.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RejectedRow } from '#shared/list-record';
import { applyModeFor, type ApplyMode } from '#lists/apply-mode';
import { findListSource } from '#lists/sources';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { recordWriter } from './batch-writer';
import { bulkWriterFor, type BulkWriter } from './bulk-writer';
import { digestFile } from './file-digest';
import * as q from './queries';

// Records per write: large enough for COPY to pay off, small enough to keep memory flat.
const BATCH = 10_000;

export interface ImportRequest {
  source: string;
  files: string[];
  origin: 'import' | 'update' | 'sample';
  mode?: ApplyMode;
  now: Date;
  /** Called every batch with the rows read so far. */
  onProgress?: (rowsRead: number) => void;
  /**
   * How full imports are written: by default COPY through the driver behind `db`
   * (`bulkWriterFor`); null writes INSERT statements.
   */
  bulk?: BulkWriter | null;
  /** Records per write (tests use small batches to cross batch edges). */
  batchSize?: number;
}

export interface ImportSummary {
  source: string;
  version: number;
  status: 'active' | 'failed';
  mode: ApplyMode;
  asOf: string | null;
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  added: number;
  removed: number;
  changed: number;
  reinstated: number;
  /** Active records after the import. */
  records: number;
  rejected: RejectedRow[];
  error?: string;
}

export class ImportRefusedError extends Error {
  constructor(
    message: string,
    readonly summary?: ImportSummary,
  ) {
    super(message);
  }
}

export async function importList(db: Db, req: ImportRequest): Promise<ImportSummary> {
  const source = findListSource(req.source);
  if (!source) throw new ImportRefusedError(`Unknown list source "${req.source}".`);
  if (req.files.length === 0) throw new ImportRefusedError(`No files given for ${req.source}.`);
  const missing = req.files.filter((f) => !existsSync(f) || !statSync(f).isFile());
  if (missing.length) throw new ImportRefusedError(`File not found: ${missing.join(', ')}`);
  const digests = await Promise.all(req.files.map(digestFile));
  const mode = req.mode ?? applyModeFor(source.id, req.files);
  const active = await q.findActiveVersion(db, source.id);
  const version = await q.insertVersion(db, {
    source: source.id,
    status: 'importing',
    mode,
    origin: req.origin,
    fileNames: digests.map((d) => path.basename(d.name)),
    fileSha256: digests.map((d) => d.sha256),
    fileSizes: digests.map((d) => d.size),
    fetchedAt: req.now,
  });
  const run = source.parse(req.files, { dateAcquired: req.now.toISOString().slice(0, 10) });
  const base = { source: source.id, version: version.id, mode, added: 0, removed: 0, changed: 0, reinstated: 0 };
  const writer = recordWriter(db, version.id, mode, req.bulk === undefined ? bulkWriterFor(db) : req.bulk, req.batchSize ?? BATCH);
  let rowsRead = 0;
  try {
    if (mode === 'incremental') {
      if (!active) throw new Error(`${source.id}: an incremental file needs an active version to apply to; import a full list first.`);
      await q.copyRecords(db, active.id, version.id);
    }
    let latestDate: string | null = null;
    for await (const record of run) {
      rowsRead += 1;
      latestDate = maxDate(latestDate, record.exclusionDate, record.reinstatementDate);
      const handOff = writer.add(record);
      if (handOff) {
        await handOff;
        req.onProgress?.(rowsRead - 1);
      }
    }
    await writer.finish();
    req.onProgress?.(rowsRead);
    const records = await q.countRecords(db, version.id);
    if (records === 0) throw new Error(`${source.id}: the files hold no readable record; the previous version stays active.`);
    const diff = await q.storeDiff(db, active?.id ?? null, version.id, writer.reinstated, records);
    // Files that do not say their date are as of their latest action (full files only).
    const asOf = run.asOf ?? (mode === 'full' ? latestDate : null);
    const stats = {
      asOf,
      rowsRead: rowsRead + run.counts.rejected,
      rowsLoaded: rowsRead,
      rowsRejected: run.counts.rejected,
      records,
      ...diff,
      rejectedSample: run.rejected.slice(0, 100).map(({ file, line, reason }) => ({ file: file ? path.basename(file) : null, line, reason })),
    };
    await q.activateVersion(db, version, stats, req.now);
    await q.pruneOldRecords(db, source.id);
    await recordAudit(db, { action: 'list.imported', target: source.id, details: { version: version.id, ...diff, records } });
    return { ...base, ...diff, status: 'active', asOf, rowsRead: stats.rowsRead, rowsLoaded: rowsRead, rowsRejected: stats.rowsRejected, records, rejected: [...run.rejected] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writer.settle(); // a batch still being written would land after the cleanup
    await q.markFailed(db, version.id, message);
    await recordAudit(db, { action: 'list.import_failed', target: source.id, details: { version: version.id, error: message } });
    const summary: ImportSummary = {
      ...base,
      status: 'failed',
      asOf: null,
      rowsRead,
      rowsLoaded: 0,
      rowsRejected: run.counts.rejected,
      records: active?.records ?? 0,
      rejected: [...run.rejected],
      error: message,
    };
    throw new ImportRefusedError(message, summary);
  }
}

function maxDate(...dates: (string | null)[]): string | null {
  let latest: string | null = null;
  for (const date of dates) if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && (!latest || date > latest)) latest = date;
  return latest;
}
