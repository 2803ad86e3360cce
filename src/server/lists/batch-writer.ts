/**
 * Writes the records of an import in batches while the parser reads the next batch: at most
 * one write is in flight, so batches land in file order. Full imports go by COPY when the
 * driver allows it; otherwise, and for incremental imports, by statements.
 */
import { createHash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';
import { mergeRecord, recordChange, type ApplyMode } from '#lists/apply-mode';
import { recordJson } from '#lists/core/dedupe';
import { expandStoredRecord, storedRecordJson } from '#lists/core/stored-record';
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
  /**
   * Incremental imports by statements: the changes against the version continued, computed
   * while writing (ADR 078), which the diff stores as they are. Null: the diff reads them.
   */
  readonly changes?: ReadonlyMap<string, q.RecordChangeKind> | null;
}

export function recordWriter(db: Db, version: ChainedVersion, mode: ApplyMode, bulk: BulkWriter | null, batchSize: number): RecordWriter {
  return mode === 'full' && bulk ? new CopyWriter(db, version.id, bulk, batchSize) : new StatementWriter(db, version, mode, batchSize);
}

/** The writer of a full import whose records arrive as COPY batches made by a parse worker. */
export function copyBatchWriter(db: Db, versionId: number, bulk: BulkWriter): RecordWriter & { write(batch: CopyBatch): Promise<void> } {
  return new CopyWriter(db, versionId, bulk, 1);
}

/**
 * A stored record's text as the diff compares it: its JSON with the acquisition date left out
 * and every object's keys in order (jsonb equality), hashed to keep 200,000 of them small.
 */
export function comparable(json: string): string {
  return createHash('sha1').update(sortedJson(JSON.parse(json), true)).digest('base64');
}

function sortedJson(value: unknown, top = false): string {
  if (Array.isArray(value)) return `[${value.map((v) => sortedJson(v)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value).filter((k) => !(top && k === 'dateAcquired')).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
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
  /** Incremental imports: each touched id's record in the previous version (its comparable form), null when absent. */
  private readonly before = new Map<string, string | null>();
  /** Incremental imports: the ids the version wrote or removed, with what it left (comparable form, or null). */
  private readonly after = new Map<string, string | null>();

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
    const ids = [...new Set(batch.map((r) => r.sourceRecordId))];
    // One probe per id finds the current row (ADR 078); the batch's write then ends or deletes it by its address.
    const current = new Map((await q.findCurrentRows(db, version, ids)).map((r) => [r.recordId, r]));
    const firstTouched = ids.filter((id) => !this.touched!.has(id));
    for (const id of firstTouched) {
      this.touched!.add(id);
      // The previous version's record: nothing of this import wrote the id before this batch.
      const row = current.get(id);
      this.before.set(id, row ? comparable(row.data) : null);
    }
    const existing = new Map<string, ListRecord>();
    const previousOf = (id: string): ListRecord | undefined => {
      const row = current.get(id);
      if (!row) return undefined;
      let record = existing.get(id);
      if (!record) existing.set(id, (record = expandStoredRecord(row.data)));
      return record;
    };
    // A delete or reinstatement of an id in the batch wins over its upserts, as when the
    // upserts were written first and the removals after them.
    const removed = new Set(batch.filter((r) => recordChange(r) !== 'upsert').map((r) => r.sourceRecordId));
    const upserted = new Set<string>();
    // A record the update repeats unchanged writes no row (ADR 074): the version sees the
    // current one, which keeps the date it was first acquired. Unchanged is the diff's rule:
    // the same stored record once the acquisition date is left out. The last of an id in the
    // batch wins, as in `upsertRecords`.
    const last = new Map<string, ListRecord>();
    for (const r of batch) {
      if (recordChange(r) !== 'upsert') continue;
      upserted.add(r.sourceRecordId);
      if (removed.has(r.sourceRecordId)) continue;
      const previous = previousOf(r.sourceRecordId);
      last.set(r.sourceRecordId, previous ? mergeRecord(previous, r) : r);
    }
    const rows: q.RecordRow[] = [];
    for (const merged of last.values()) {
      const previous = previousOf(merged.sourceRecordId);
      if (previous && withoutDate(previous) === withoutDate(merged)) continue;
      const row = toRow(merged);
      rows.push(row);
      this.after.set(row.recordId, comparable(row.json));
    }
    // The earlier versions' rows of the written and removed ids end at this version; its own rows of removed ids go.
    const end: string[] = [];
    const remove: string[] = [];
    for (const id of [...rows.map((r) => r.recordId), ...removed]) {
      const row = current.get(id);
      if (row) (row.own ? (removed.has(id) ? remove : null) : end)?.push(row.ctid);
    }
    for (const id of removed) this.after.set(id, null);
    await q.writeChainBatch(db, version, rows, end, remove);
    // A reinstatement removed the id when it was a record, or was one written in this batch.
    const gone = new Set(batch.filter((r) => recordChange(r) === 'reinstate' && (current.has(r.sourceRecordId) || upserted.has(r.sourceRecordId))).map((r) => r.sourceRecordId));
    this.reinstated.push(...gone);
  }

  /**
   * What the version changed against the one it continues, per id (ADR 078): each touched id's
   * record as the previous version had it (read by the batch that first touched it) against
   * what the last batch left, by the diff's rule (the same stored record once the acquisition
   * date is left out, whatever the order of its keys).
   */
  get changes(): Map<string, q.RecordChangeKind> | null {
    if (this.mode !== 'incremental') return null;
    const out = new Map<string, q.RecordChangeKind>();
    for (const [id, before] of this.before) {
      const after = this.after.has(id) ? this.after.get(id)! : before;
      if (before === null && after !== null) out.set(id, 'added');
      else if (before !== null && after === null) out.set(id, 'removed');
      else if (before !== null && after !== null && before !== after) out.set(id, 'changed');
    }
    return out;
  }
}
