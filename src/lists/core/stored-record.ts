/**
 * The stored form of a list record: its JSON without the empty fields (null values, empty
 * arrays, an empty `extra`). A record keeps `source`, `sourceRecordId` and `kind`, which are
 * never empty. NPPES records lose about 40 % of their bytes this way, and every byte costs on
 * import (COPY), in the database and when the engine loads the lists (ADR 021).
 */
import { emptyListRecord, type ListRecord } from '#shared/list-record';

/**
 * The record as stored: its non-empty fields, in the record's own key order except
 * `dateAcquired`, which comes last so that the content hash can cut it off the end
 * (`recordHashOfJson`) instead of searching for it.
 *
 * The text is what `JSON.stringify` gives for an object of those fields, written a field at a
 * time (ADR 067): no object of kept fields is built, and text needing no escape is quoted as
 * it is. Full imports write one of these per record (9 M for NPPES).
 */
export function storedRecordJson(record: ListRecord): string {
  let out = '';
  for (const key in record) {
    if (key === 'dateAcquired') continue;
    const text = storedValue(record[key as keyof ListRecord]);
    if (text !== null) out = out === '' ? `{${quotedKey(key)}${text}` : `${out},${quotedKey(key)}${text}`;
  }
  const acquired = storedValue(record.dateAcquired);
  if (acquired !== null) out = out === '' ? `{"dateAcquired":${acquired}` : `${out},"dateAcquired":${acquired}`;
  return out === '' ? '{}' : `${out}}`;
}

// Text JSON.stringify would change: quote, backslash, controls, and surrogates (lone ones are escaped).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A field's JSON, or null when the field is left out (null, undefined, empty array or object). */
function storedValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (typeof value === 'object' && isEmptyObject(value)) return null;
  return JSON.stringify(value) ?? null;
}

const quotedKeys = new Map<string, string>();

/** `"key":`, made once per key name. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    quotedKeys.set(key, quoted);
  }
  return quoted;
}

function isEmptyObject(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const _ in value) return false;
  return true;
}

/**
 * A whole record again from its stored form (JSON text or an object already parsed); also
 * reads records stored whole, as they were before this form.
 */
export function expandStoredRecord(stored: unknown): ListRecord {
  const data = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Partial<ListRecord> & Pick<ListRecord, 'source' | 'sourceRecordId' | 'kind'>;
  const record = emptyListRecord(data.source, data.sourceRecordId, data.kind);
  return Object.assign(record, data);
}
