/**
 * Writes the records of an import in batches while the parser reads the next batch: at most
 * one write is in flight, so batches land in file order. Full imports go by COPY when the
 * driver allows it; otherwise, and for incremental imports, by statements.
 */
import type { ListRecord } from '#shared/list-record';
import { mergeRecord, recordChange, type ApplyMode } from '#lists/apply-mode';
import { recordJson } from '#lists/core/dedupe';
import type { Db } from '../db/client';
import { copyLine, type BulkWriter } from './bulk-writer';
import * as q from './queries';
import { recordHashOfJson } from './record-hash';

export interface RecordWriter {
  /** Takes a record; when that completes a batch, answers the hand-off to wait for. */
  add(record: ListRecord): Promise<void> | null;
  /** Writes what is left and waits for every write; throws a write's error. */
  finish(): Promise<void>;
  /** Waits for a write still running, ignoring its outcome (before cleaning up a failed import). */
  settle(): Promise<void>;
  /** Ids that reinstatement records removed from the list. */
  readonly reinstated: readonly string[];
}

export function recordWriter(db: Db, versionId: number, mode: ApplyMode, bulk: BulkWriter | null, batchSize: number): RecordWriter {
  return mode === 'full' && bulk ? new CopyWriter(db, versionId, bulk, batchSize) : new StatementWriter(db, versionId, mode, batchSize);
}

const toRow = (record: ListRecord): q.RecordRow => {
  const json = recordJson(record);
  return { recordId: record.sourceRecordId, hash: recordHashOfJson(json), json };
};

abstract class Pipeline {
  private inFlight: Promise<void> = Promise.resolve();
  readonly reinstated: string[] = [];

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
 * Full imports by COPY. Each record is turned into its COPY line at once, so the batch holds
 * text rather than record objects. A batch holds each id once; a repeated id starts the next
 * batch, which COPY then refuses and which is upserted instead, so the last one wins.
 */
class CopyWriter extends Pipeline {
  private ids: string[] = [];
  private hashes: string[] = [];
  private jsons: string[] = [];
  private readonly inBatch = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly versionId: number,
    private readonly bulk: BulkWriter,
    private readonly batchSize: number,
  ) {
    super();
  }

  add(record: ListRecord): Promise<void> | null {
    const id = record.sourceRecordId;
    const handOff = this.ids.length >= this.batchSize || this.inBatch.has(id) ? this.send() : null;
    this.ids.push(id);
    const json = recordJson(record);
    this.hashes.push(recordHashOfJson(json));
    this.jsons.push(json);
    this.inBatch.add(id);
    return handOff;
  }

  async finish(): Promise<void> {
    await this.send();
    await this.drain();
  }

  private send(): Promise<void> {
    const { ids, hashes, jsons, versionId } = this;
    this.ids = [];
    this.hashes = [];
    this.jsons = [];
    this.inBatch.clear();
    if (ids.length === 0) return Promise.resolve();
    return this.handOff(async () => {
      if (await this.bulk.copy(ids.map((id, i) => copyLine(versionId, id, hashes[i], jsons[i])))) return;
      await q.upsertRecords(this.db, versionId, ids.map((id, i) => ({ recordId: id, hash: hashes[i], json: jsons[i] })));
    });
  }
}

/** Upserts (full imports without COPY), or merges, deletes and reinstates (incremental ones). */
class StatementWriter extends Pipeline {
  private batch: ListRecord[] = [];

  constructor(
    private readonly db: Db,
    private readonly versionId: number,
    private readonly mode: ApplyMode,
    private readonly batchSize: number,
  ) {
    super();
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
    return this.handOff(() => (this.mode === 'full' ? q.upsertRecords(this.db, this.versionId, batch.map(toRow)) : this.merge(batch)));
  }

  private async merge(batch: ListRecord[]): Promise<void> {
    const { db, versionId } = this;
    const upserts = batch.filter((r) => recordChange(r) === 'upsert');
    const existing = new Map((await q.findRecords(db, versionId, upserts.map((r) => r.sourceRecordId))).map((r) => [r.recordId, r.data]));
    const merged = upserts.map((r) => {
      const previous = existing.get(r.sourceRecordId);
      return previous ? mergeRecord(previous, r) : r;
    });
    await q.upsertRecords(db, versionId, merged.map(toRow));
    await q.deleteRecords(db, versionId, batch.filter((r) => recordChange(r) === 'delete').map((r) => r.sourceRecordId));
    const gone = await q.deleteRecords(db, versionId, batch.filter((r) => recordChange(r) === 'reinstate').map((r) => r.sourceRecordId));
    this.reinstated.push(...gone);
  }
}
