/** Content hash of a list record, for diffs between versions (the acquisition date is not content). */
import { hash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';
import { storedRecordJson } from '#lists/core/stored-record';

// The top-level acquisition date as JSON.stringify writes it (a string value cannot hold an
// unescaped quote, so this text only matches the key itself); a stored record starts with `source`.
const DATE_ACQUIRED = /,"dateAcquired":(?:null|"(?:[^"\\]|\\.)*")/;

/**
 * The hash of a record from its stored JSON (`storedRecordJson`, which the writer makes anyway):
 * sha256 of the JSON without the acquisition date. It is a quick filter, not the last word: a
 * record whose hash differs from the previous version's is compared as jsonb before it counts
 * as changed (`storeDiff`), so key order (a merged record, an `extra` key set in another order)
 * and hashes stored by an older scheme never show as changes. ADR 020.
 */
export function recordHashOfJson(json: string): string {
  return hash('sha256', withoutDateAcquired(json), 'hex').slice(0, 32);
}

const DATE_TAIL = ',"dateAcquired":"';
// `,"dateAcquired":"YYYY-MM-DD"}`: where storedRecordJson puts the date.
const DATE_TAIL_LENGTH = DATE_TAIL.length + 'YYYY-MM-DD"}'.length;

function withoutDateAcquired(json: string): string {
  const tail = json.length - DATE_TAIL_LENGTH;
  if (tail > 0 && json.startsWith(DATE_TAIL, tail) && json.endsWith('"}')) return `${json.slice(0, tail)}}`;
  return json.replace(DATE_ACQUIRED, '');
}

export function recordHash(record: ListRecord): string {
  return recordHashOfJson(storedRecordJson(record));
}
