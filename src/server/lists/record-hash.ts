/** Content hash of a list record, for diffs between versions (the acquisition date is not content). */
import { createHash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';

export function recordHash(record: ListRecord): string {
  const { dateAcquired: _ignored, ...content } = record;
  return createHash('sha256').update(stableJson(content)).digest('hex').slice(0, 32);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
