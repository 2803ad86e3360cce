import { hash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';
import type { FileContext } from './parse-run';
import { storedRecordJson } from './stored-record';

/**
 * `file`: remembers every record id of the file (lists up to a few 100k rows).
 * `adjacent`: compares with the previous record only, for huge files sorted by id
 * (NPPES by NPI, DMF by SSN) where remembering all ids would not fit in memory.
 */
export type DedupeScope = 'file' | 'adjacent';

interface Seen {
  line: number;
  /** Computed at once in `file` scope; in `adjacent` scope only when the next id repeats. */
  fingerprint: string | null;
  copies: number;
}

/** The adjacent scope's previous record, with `extra` as it was when admitted. */
interface Previous extends Seen {
  id: string;
  record: ListRecord;
  extra: Record<string, string>;
}

// The stored JSON each fingerprinted record was hashed from, for `recordJson`.
const jsonOfRecord = new WeakMap<ListRecord, string>();

// Two records are the same when their stored forms are (empty fields are left out of both).
function fingerprintOf(record: ListRecord): string {
  const json = storedRecordJson(record);
  jsonOfRecord.set(record, json);
  return hash('sha1', json, 'base64');
}

/**
 * `storedRecordJson(record)`, reusing the text the duplicate check made for it when there is
 * one (one serialisation per record instead of two on imports). Parsers hand out records they no
 * longer change: the NPPES joins that add to `extra` after admission use the `adjacent` scope,
 * which fingerprints a copy, never the record handed out.
 */
export function recordJson(record: ListRecord): string {
  return jsonOfRecord.get(record) ?? storedRecordJson(record);
}

/**
 * The duplicate rule shared by all sources, applied per file:
 * - a record identical to an earlier one is skipped and reported ("duplicate of line N");
 * - a record with an earlier id but other content is kept under the id `ID#2` (`#3`, …)
 *   and reported as a warning, so nothing is lost and ids stay unique.
 */
export class RecordDeduper {
  private readonly seen = new Map<string, Seen>();
  // The adjacent scope keeps one record, not a copy of it: only a copy of its `extra`, which
  // callers may add to after admission (the NPPES joins); nothing else of a record changes.
  private previous: Previous | null = null;

  constructor(
    private readonly context: FileContext,
    private readonly scope: DedupeScope = 'file',
  ) {}

  /** Returns the record to emit, or null when it was a duplicate. */
  admit(record: ListRecord, line: number, raw?: string): ListRecord | null {
    const id = record.sourceRecordId;
    const earlier = this.scope === 'adjacent' ? this.previousWith(id) : this.seen.get(id);
    if (!earlier) {
      if (this.scope === 'adjacent') this.previous = { id, line, fingerprint: null, record, extra: { ...record.extra }, copies: 1 };
      else this.seen.set(id, { line, fingerprint: fingerprintOf(record), copies: 1 });
      return record;
    }
    if (this.previous && earlier === this.previous) this.previous.fingerprint ??= fingerprintOf({ ...this.previous.record, extra: this.previous.extra });
    if (earlier.fingerprint === fingerprintOf(record)) {
      this.context.reject(line, `duplicate of line ${earlier.line} (identical row skipped)`, raw);
      return null;
    }
    earlier.copies += 1;
    const newId = `${id}#${earlier.copies}`;
    this.context.warn(line, `record id ${id} also at line ${earlier.line} with other content; kept as ${newId}`, raw);
    return { ...record, sourceRecordId: newId };
  }

  private previousWith(id: string): Previous | null {
    return this.previous?.id === id ? this.previous : null;
  }
}

/** A short stable id from key parts, for sources that publish no record id (LEIE, states). */
export function hashId(parts: readonly (string | null)[]): string {
  return hash('sha1', parts.map((p) => p ?? '').join('\u001f'), 'hex').slice(0, 16);
}
