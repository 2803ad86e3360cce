/**
 * Imports list files as a new version: parse (streamed) → store → diff with the active
 * version → compare with it (downloads are held when they differ too much, ADR 109) →
 * activate atomically. A failed or refused import leaves the active version as it was and is
 * recorded as failed.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RejectedRow } from '#shared/list-record';
import type { VersionComparison } from '#shared/lists-admin';
import { applyModeFor, type ApplyMode } from '#lists/apply-mode';
import { findListSource } from '#lists/sources';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { latestIsoDate } from '#lists/core/dates';
import type { ParseRun } from '#lists/core/parse-run';
import { copyBatchWriter, recordWriter } from './batch-writer';
import { bulkWriterFor, type BulkWriter } from './bulk-writer';
import { digestFile } from './file-digest';
import { compareWithActive } from './hold-checks';
import { claimImport } from './import-claims';
import { chainOf } from '../db/list-records';
import * as q from './queries';
import { isGuardedParse, parseGuarded } from './guarded-parse';
import { isWorthAWorker, parseInWorker, type ParseEnd } from './worker-parse';

// Records per write: large enough for COPY to pay off, small enough to keep memory flat.
const BATCH = 10_000;

/** The steps of an import, in order (`onStep`). */
export type ImportStep = 'write' | 'diff' | 'activate' | 'prune';

export interface ImportRequest {
  source: string;
  files: string[];
  origin: 'import' | 'update' | 'sample';
  mode?: ApplyMode;
  now: Date;
  /** Called every batch with the rows read so far. */
  onProgress?: (rowsRead: number) => void;
  /** Called when the import moves on: 'parse' (files read and stored), then 'import' (diff and activation). */
  onStage?: (stage: 'parse' | 'import') => void;
  /** Called as each step starts (benches time them), and with null once the import has ended. */
  onStep?: (step: ImportStep | null) => void;
  /** Who imported the files by hand (the Lists page's upload, ADR 049). */
  importedBy?: string | null;
  /**
   * The comparison with the active version (ADR 109): 'hold' keeps a version that differs too
   * much from activation, held for an operator (downloads); 'report' answers the comparison and
   * activates (an operator's own file). None: neither (samples). A synthetic sample is never
   * compared with: it says nothing of the real list.
   */
  review?: 'hold' | 'report';
  /**
   * How full imports are written: by default COPY through the driver behind `db`
   * (`bulkWriterFor`); null writes INSERT statements.
   */
  bulk?: BulkWriter | null;
  /** Records per write (tests use small batches to cross batch edges). */
  batchSize?: number;
  /**
   * Parse in a worker thread while this thread writes (full imports by COPY only). By default
   * for files of 64 MiB and more on a machine with two cores or more (`isWorthAWorker`).
   */
  parseInWorker?: boolean;
}

/** What a parse reports besides its records (a `ParseRun`, or its worker's last message). */
type ParseReport = Pick<ParseRun, 'asOf' | 'rejected' | 'headers'> & { counts: Pick<ParseRun['counts'], 'rejected'> };
const NOTHING_REPORTED: ParseReport = { asOf: null, rejected: [], headers: [], counts: { rejected: 0 } };

export interface ImportSummary {
  source: string;
  version: number;
  status: 'active' | 'held' | 'failed';
  mode: ApplyMode;
  asOf: string | null;
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  added: number;
  removed: number;
  changed: number;
  reinstated: number;
  /** Active records after the import (the held version's when held). */
  records: number;
  rejected: RejectedRow[];
  /** The comparison with the active version, when one was made; `reasons` say why a held version was held. */
  comparison: VersionComparison | null;
  /** The held version this one replaced (a newer file comes before anyone approved it). */
  replacedHeld: number | null;
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
  const mode = req.mode ?? applyModeFor(source.id, req.files);
  const active = await q.findActiveVersion(db, source.id);
  const held = await q.findHeldVersion(db, source.id);
  // Compared only with real data: a synthetic sample says nothing of the size or layout of the list.
  const comparedWith = req.review && active && active.origin !== 'sample' ? active : null;
  const sizes = req.files.map((f) => statSync(f).size);
  const version = await q.insertVersion(db, {
    source: source.id,
    status: 'importing',
    mode,
    origin: req.origin,
    fileNames: req.files.map((f) => path.basename(f)),
    fileSha256: req.files.map(() => ''), // stored once read, below
    fileSizes: sizes,
    fetchedAt: req.now,
    importedBy: req.importedBy ?? null,
    // An incremental version continues the active version's chain: it writes only what its files change (ADR 066).
    recordsFrom: mode === 'incremental' && active ? chainOf(active) : null,
  });
  req.onStage?.('parse');
  // Two versions may not change one chain: a held version continuing it goes before this one writes.
  const replacesHeldFirst = held !== null && (held.recordsFrom !== null || version.recordsFrom !== null);
  if (held && replacesHeldFirst) await replaceHeld(db, held, version.id);
  // Held until the import ends, so a restart can tell a dead import from a running one.
  const releaseClaim = await claimImport(db, version.id);
  const dateAcquired = req.now.toISOString().slice(0, 10);
  const bulk = req.bulk === undefined ? bulkWriterFor(db) : req.bulk;
  const inWorker = mode === 'full' && bulk !== null && (req.parseInWorker ?? isWorthAWorker(sizes.reduce((sum, size) => sum + size, 0)));
  const batchSize = req.batchSize ?? BATCH;
  let latestDate: string | null = null;
  // What the parse reports besides records: the run itself, or what its worker sent at the end.
  let run: ParseReport = NOTHING_REPORTED;
  const workerBatches = inWorker
    ? parseInWorker({ source: source.id, files: req.files, dateAcquired, versionId: version.id, batchSize }, (end: ParseEnd) => {
        run = end;
        latestDate = end.totals.latestDate;
      })
    : null;
  // Files that can hide a bomb are read in a thread with a capped heap and time (ADR 112).
  const localRun = inWorker ? null : (await isGuardedParse(source.id, req.files)) ? parseGuarded({ source: source.id, files: req.files, dateAcquired }) : source.parse(req.files, { dateAcquired });
  if (localRun) run = localRun;
  // The files' checksums are read while the worker starts and parses.
  const digesting = Promise.all(req.files.map((file) => digestFile(file)));
  digesting.catch(() => {}); // awaited below
  const base = { source: source.id, version: version.id, mode, added: 0, removed: 0, changed: 0, reinstated: 0 };
  const batchWriter = inWorker && bulk ? copyBatchWriter(db, version.id, bulk) : null;
  const writer = batchWriter ?? recordWriter(db, version, mode, bulk, batchSize);
  let rowsRead = 0;
  try {
    if (mode === 'incremental') {
      if (!active) throw new Error(`${source.id}: an incremental file needs an active version to apply to; import a full list first.`);
      await refuseConcurrentChain(db, version);
    }
    req.onStep?.('write');
    if (batchWriter && workerBatches) {
      for await (const batch of workerBatches) {
        await batchWriter.write(batch);
        rowsRead += batch.count;
        req.onProgress?.(rowsRead);
      }
    } else if (localRun) {
      for await (const records of localRun.batches()) {
        for (const record of records) {
          rowsRead += 1;
          latestDate = latestIsoDate(latestDate, record.exclusionDate, record.reinstatementDate);
          const handOff = writer.add(record);
          if (handOff) {
            await handOff;
            req.onProgress?.(rowsRead - 1);
          }
        }
      }
    }
    await writer.finish();
    req.onProgress?.(rowsRead);
    req.onStage?.('import');
    const isIncremental = mode === 'incremental' && active !== null;
    // An incremental version's count follows from the active one's and the diff (counting would read the whole chain).
    let records = isIncremental ? -1 : (writer.storedCount ?? (await q.countRecords(db, version.id)));
    // An empty download is held for an operator (ADR 109); an empty file given by hand is refused.
    const isHeldWhenEmpty = req.review === 'hold' && comparedWith !== null;
    if (records === 0 && !isHeldWhenEmpty) throw new Error(`${source.id}: the files hold no readable record; the previous version stays active.`);
    req.onStep?.('diff');
    // An incremental import's writer knows what it changed (ADR 078); otherwise the diff reads both versions.
    const changes = isIncremental ? writer.changes : null;
    const diff = changes ? await q.storeChanges(db, version.id, changes, writer.reinstated) : await q.storeDiff(db, active?.id ?? null, version.id, writer.reinstated, records, isIncremental ? writer.touched : null);
    if (isIncremental) records = active.records + diff.added - diff.removed - diff.reinstated;
    if (records === 0 && !isHeldWhenEmpty) throw new Error(`${source.id}: the files hold no readable record; the previous version stays active.`);
    // Files that do not say their date are as of their latest action (full files only).
    const asOf = run.asOf ?? (mode === 'full' ? latestDate : null);
    const headers = run.headers.map((h) => ({ file: path.basename(h.file), fields: h.fields }));
    const comparison = comparedWith ? compareWithActive(comparedWith, { records, asOf, headers }) : null;
    const stats = {
      fileSha256: (await digesting).map((d) => d.sha256),
      headers,
      comparison,
      asOf,
      rowsRead: rowsRead + run.counts.rejected,
      rowsLoaded: rowsRead,
      rowsRejected: run.counts.rejected,
      records,
      ...diff,
      rejectedSample: run.rejected.slice(0, 100).map(({ file, line, reason }) => ({ file: file ? path.basename(file) : null, line, reason })),
    };
    if (held && !replacesHeldFirst) await replaceHeld(db, held, version.id);
    const replacedHeld = held?.id ?? null;
    const summary = { ...base, ...diff, asOf, rowsRead: stats.rowsRead, rowsLoaded: rowsRead, rowsRejected: stats.rowsRejected, records, rejected: [...run.rejected], comparison, replacedHeld };
    if (req.review === 'hold' && comparison && comparison.reasons.length > 0) {
      await q.holdVersion(db, version, stats);
      await bulk?.done?.();
      await recordAudit(db, { action: 'list.held', target: source.id, details: { version: version.id, against: comparison.against, reasons: comparison.reasons.map((r) => r.words), records } });
      return { ...summary, status: 'held' };
    }
    req.onStep?.('activate');
    await q.activateVersion(db, version, stats, req.now);
    req.onStep?.('prune');
    await q.pruneOldRecords(db, source.id);
    await bulk?.done?.();
    await recordAudit(db, { action: 'list.imported', target: source.id, details: { version: version.id, ...diff, records } });
    return { ...summary, status: 'active' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writer.settle(); // a batch still being written would land after the cleanup
    await workerBatches?.return(undefined); // stops the worker
    const digests = await digesting.catch(() => null);
    if (digests) await q.setFileDigests(db, version.id, digests.map((d) => d.sha256));
    await q.markFailed(db, version.id, message);
    await bulk?.done?.().catch(() => {});
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
      comparison: null,
      replacedHeld: held && replacesHeldFirst ? held.id : null,
      error: message,
    };
    throw new ImportRefusedError(message, summary);
  } finally {
    await releaseClaim();
  }
}

/** A held version that a newer one replaces before anyone decided (ADR 109): its records dropped, audited. */
export async function replaceHeld(db: Db, held: q.ListVersionRow, by: number): Promise<void> {
  const isReplaced = await q.dropVersion(db, held.id, { status: 'replaced', error: `replaced by version ${by}, a newer file, before it was approved` }, 'held');
  if (isReplaced) await recordAudit(db, { action: 'list.held_replaced', target: held.source, details: { version: held.id, by } });
}

/**
 * Two versions continuing one chain at once would end each other's rows: the second import
 * of a source whose records an incremental import or a roll-back is changing is refused.
 */
export async function refuseConcurrentChain(db: Db, version: q.ListVersionRow): Promise<void> {
  const others = (await q.findOtherImports(db, version.source, version.id)).filter((v) => v.recordsFrom !== null && chainOf(v) === chainOf(version));
  if (others.length) throw new Error(`${version.source}: version ${others[0].id} is being imported or rolled back; try again once it has finished.`);
}
