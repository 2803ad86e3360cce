/** Content hash of a list record, for diffs between versions (the acquisition date is not content). */
import { hash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';

// Records are built from emptyListRecord, so nearly all share one key order: the sorted
// content keys are worked out once per key order rather than sorted for every record.
let lastKeys: readonly string[] = [];
let lastContentKeys: readonly string[] = [];

function contentKeys(record: ListRecord): readonly string[] {
  const keys = Object.keys(record);
  const isSame = keys.length === lastKeys.length && keys.every((key, i) => key === lastKeys[i]);
  if (!isSame) {
    lastKeys = keys;
    lastContentKeys = keys.filter((key) => key !== 'dateAcquired' && key !== 'extra').sort();
  }
  return lastContentKeys;
}

/**
 * The hash covers the fields sorted by name, and `extra` sorted by key, since its order
 * depends on the order a parser or a merge set its keys. Stored hashes are compared across
 * versions, so the text hashed must not change.
 */
export function recordHash(record: ListRecord): string {
  const { extra } = record;
  const fields = contentKeys(record).map((key) => record[key as keyof ListRecord]);
  const sortedExtra = Object.keys(extra).sort().map((key) => [key, extra[key]]);
  return hash('sha256', JSON.stringify([fields, sortedExtra]), 'hex').slice(0, 32);
}
