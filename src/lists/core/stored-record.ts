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
 */
export function storedRecordJson(record: ListRecord): string {
  const kept: Record<string, unknown> = {};
  for (const key in record) {
    if (key === 'dateAcquired') continue;
    const value = record[key as keyof ListRecord];
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && isEmptyObject(value)) continue;
    kept[key] = value;
  }
  if (record.dateAcquired !== null && record.dateAcquired !== undefined) kept.dateAcquired = record.dateAcquired;
  return JSON.stringify(kept);
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
