/**
 * Batches of records ready for COPY: the bytes of their `list_records` lines, made from each
 * record's stored JSON. Built where the records are parsed (the import's thread or
 * its parse worker) so that only bytes travel to the writer.
 */
import type { ListRecord } from '#shared/list-record';
import { latestIsoDate } from '#lists/core/dates';
import { recordJson } from '#lists/core/dedupe';
import type { RecordRow } from './queries';

export interface CopyBatch {
  /** Records in the batch; each id once. */
  count: number;
  /** Their COPY lines (text format), UTF-8. */
  payload: Uint8Array;
}

/** What a parse found besides its records, once it has ended. */
export interface ParseTotals {
  /** Records handed to the writer. */
  records: number;
  /** Latest exclusion or reinstatement date seen (the as-of date of files that do not say it). */
  latestDate: string | null;
}

/**
 * Collects records into COPY batches of at most `size` records. A batch holds each id once:
 * a repeated id closes the batch, so that COPY refuses the next one and the writer upserts it
 * (the last one wins).
 */
export class CopyBatcher {
  // The batch's COPY lines are written as UTF-8 straight into a buffer of its own (no array of
  // lines joined into one large string, which kept the worker's garbage collector busy).
  private bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  private used = 0;
  private count = 0;
  private readonly ids = new Set<string>();
  readonly totals: ParseTotals = { records: 0, latestDate: null };

  private batches = 0;

  /** `firstSize`: a smaller first batch gets the writer going sooner (the parse worker's). */
  constructor(
    private readonly versionId: number,
    private readonly size: number,
    private readonly firstSize = size,
  ) {}

  /** Takes a record; answers the batch it closed, if it closed one. */
  add(record: ListRecord): CopyBatch | null {
    const id = record.sourceRecordId;
    const isFull = this.count >= (this.batches === 0 ? this.firstSize : this.size);
    const closed = isFull || this.ids.has(id) ? this.take() : null;
    this.append(copyLine(this.versionId, id, recordJson(record)));
    this.count += 1;
    this.ids.add(id);
    this.totals.records += 1;
    this.totals.latestDate = latestIsoDate(this.totals.latestDate, record.exclusionDate, record.reinstatementDate);
    return closed;
  }

  /** The records collected so far as a batch (null when there are none). */
  take(): CopyBatch | null {
    if (this.count === 0) return null;
    const batch = { count: this.count, payload: new Uint8Array(this.bytes.buffer, 0, this.used) };
    this.batches += 1;
    this.bytes = Buffer.allocUnsafeSlow(Math.max(INITIAL_BYTES, this.bytes.length));
    this.used = 0;
    this.count = 0;
    this.ids.clear();
    return batch;
  }

  private append(line: string): void {
    const most = line.length * 3; // UTF-8 bytes of a UTF-16 unit, at most
    if (this.used + most > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + most));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(line, this.used);
  }
}

const INITIAL_BYTES = 1 << 20;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: backslash, tab and line breaks escaped. */
export function copyText(value: string): string {
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (ch) => ESCAPES[ch]) : value;
}

/**
 * One `list_records` row in COPY's text format; `json` is the record as JSON, which has no
 * raw tab or line break (JSON escapes them), so only its backslashes need doubling.
 */
export function copyLine(versionId: number, recordId: string, json: string): string {
  const data = json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
  return `${versionId}\t${copyText(recordId)}\t${data}\n`;
}

const UNESCAPES: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

/** The rows of a batch again (for the upsert that replaces a refused COPY). */
export function rowsOfBatch(batch: CopyBatch): RecordRow[] {
  const text = Buffer.from(batch.payload.buffer, batch.payload.byteOffset, batch.payload.byteLength).toString('utf8');
  const rows: RecordRow[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [, recordId, json] = line.split('\t').map((field) => field.replace(/\\[\\tnr]/g, (escape) => UNESCAPES[escape]));
    rows.push({ recordId, json });
  }
  return rows;
}
