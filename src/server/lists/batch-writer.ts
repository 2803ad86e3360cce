/**
 * Writes the records of an import in batches while the parser reads the next batch: at most
 * one write is in flight, so batches land in file order. Full imports go by COPY when the
 * driver allows it; otherwise, and for incremental imports, by statements.
 */
import type { ListRecord } from '#shared/list-record';
import { mergeRecord, recordChange, type ApplyMode } from '#lists/apply-mode';
import { recordJson } from '#lists/core/dedupe';
import { storedRecordJson } from '#lists/core/stored-record';
import type { Db } from '../db/client';
import type { BulkWriter } from './bulk-writer';
import { CopyBatcher, rowsOfBatch, type CopyBatch } from './copy-batch';
import type { ChainedVersion } from '../db/list-records';
import * as q from './queries';

export interface RecordWriter {
  /** Takes a record; when that completes a batch, answers the hand-off to wait for. */
  add(record: ListRecord): Promise<void> | null;
  /** Writes what is left and waits for every write; throws a write's error. */
  finish(): Promise<void>;
  /** Waits for a write still running, ignoring its outcome (before cleaning up a failed import). */
  settle(): Promise<void>;
  /** Ids that reinstatement records removed from the list. */
  readonly reinstated: readonly string[];
  /**
   * Records the version holds once `finish` is done, when the writer knows it without
   * counting (every batch went in whole by COPY); null when it has to be counted.
   */
  readonly storedCount: number | null;
  /**
   * Ids the writer may have changed in a version that continues the active one's chain
   * (incremental imports): the only ones the diff reads. Null: the version was written whole.
   */
  readonly touched: ReadonlySet<string> | null;
}

export function recordWriter(db: Db, version: ChainedVersion, mode: ApplyMode, bulk: BulkWriter | null, batchSize: number): RecordWriter {
  return mode === 'full' && bulk ? new CopyWriter(db, version.id, bulk, batchSize) : new StatementWriter(db, version, mode, batchSize);
}

/** The writer of a full import whose records arrive as COPY batches made by a parse worker. */
export function copyBatchWriter(db: Db, versionId: number, bulk: BulkWriter): RecordWriter & { write(batch: CopyBatch): Promise<void> } {
  return new CopyWriter(db, versionId, bulk, 1);
}

/** A record's stored text without its acquisition date (which a repeated record changes alone). */
const withoutDate = (record: ListRecord): string => storedRecordJson({ ...record, dateAcquired: null });

const toRow = (record: ListRecord): q.RecordRow => {
  const json = recordJson(record);
  return { recordId: record.sourceRecordId, json };
};

abstract class Pipeline {
  private inFlight: Promise<void> = Promise.resolve();
  readonly reinstated: string[] = [];
  storedCount: number | null = null;
  touched: Set<string> | null = null;

  /** Starts `write` once the previous one is done; its error surfaces at the next hand-off. */
  protected async handOff(write: () => Promise<void>): Promise<void> {
    await this.inFlight;
    const writing = write();
    writing.catch(() => {}); // awaited later: not an unhandled rejection meanwhile
    this.inFlight = writing;
  }

  protected async drain(): Promise<void> {
    await this.inFlight;
  }

  async settle(): Promise<void> {
    await this.inFlight.catch(() => {});
  }
}

/**
 * Full imports by COPY: records become COPY bytes at once (`CopyBatcher`), so a batch holds
 * text rather than record objects.
 */
class CopyWriter extends Pipeline {
  private readonly batcher: CopyBatcher;

  constructor(
    private readonly db: Db,
    private readonly versionId: number,
    private readonly bulk: BulkWriter,
    batchSize: number,
  ) {
    super();
    this.batcher = new CopyBatcher(versionId, batchSize);
    this.storedCount = 0;
  }

  add(record: ListRecord): Promise<void> | null {
    const closed = this.batcher.add(record);
    return closed ? this.write(closed) : null;
  }

  /** Hands a batch made elsewhere (a parse worker) to the write pipeline. */
  write(batch: CopyBatch): Promise<void> {
    return this.handOff(async () => {
      if (await this.bulk.copy(batch.payload)) {
        if (this.storedCount !== null) this.storedCount += batch.count;
        return;
      }
      // COPY refused the batch (an id already stored): upserted instead, so the last one wins.
      this.storedCount = null;
      await q.upsertRecords(this.db, this.versionId, rowsOfBatch(batch));
    });
  }

  async finish(): Promise<void> {
    const last = this.batcher.take();
    if (last) await this.write(last);
    await this.drain();
  }
}

/**
 * Upserts (full imports without COPY), or merges, deletes and reinstates (incremental ones,
 * which write only the records their files change and end the chain's earlier rows, ADR 066).
 */
class StatementWriter extends Pipeline {
  private batch: ListRecord[] = [];

  constructor(
    private readonly db: Db,
    private readonly version: ChainedVersion,
    private readonly mode: ApplyMode,
    private readonly batchSize: number,
  ) {
    super();
    if (mode === 'incremental') this.touched = new Set();
  }

  add(record: ListRecord): Promise<void> | null {
    this.batch.push(record);
    return this.batch.length >= this.batchSize ? this.send() : null;
  }

  async finish(): Promise<void> {
    await this.send();
    await this.drain();
  }

  private send(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return Promise.resolve();
    return this.handOff(() => (this.mode === 'full' ? q.upsertRecords(this.db, this.version.id, batch.map(toRow)) : this.merge(batch)));
  }

  private async merge(batch: ListRecord[]): Promise<void> {
    const { db, version } = this;
    const versionId = version.id;
    for (const record of batch) this.touched?.add(record.sourceRecordId);
    const upserts = batch.filter((r) => recordChange(r) === 'upsert');
    const existing = new Map((await q.findRecords(db, versionId, upserts.map((r) => r.sourceRecordId))).map((r) => [r.recordId, r.data]));
    // A record the update repeats unchanged writes no row (ADR 074): the version sees the
    // current one, which keeps the date it was first acquired. Unchanged is the diff's rule:
    // the same stored record once the acquisition date is left out. The last of an id in the
    // batch wins, as in `upsertRecords`.
    const last = new Map<string, ListRecord>();
    for (const r of upserts) {
      const previous = existing.get(r.sourceRecordId);
      last.set(r.sourceRecordId, previous ? mergeRecord(previous, r) : r);
    }
    const rows = [...last.values()].filter((merged) => {
      const previous = existing.get(merged.sourceRecordId);
      return !previous || withoutDate(previous) !== withoutDate(merged);
    });
    await q.upsertRecords(db, version, rows.map(toRow));
    await q.deleteRecords(db, version, batch.filter((r) => recordChange(r) === 'delete').map((r) => r.sourceRecordId));
    const gone = await q.deleteRecords(db, version, batch.filter((r) => recordChange(r) === 'reinstate').map((r) => r.sourceRecordId));
    this.reinstated.push(...gone);
  }
}
