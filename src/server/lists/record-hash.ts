/** Content hash of a list record, for diffs between versions (the acquisition date is not content). */
import { createHash } from 'node:crypto';
import type { ListRecord } from '#shared/list-record';

/**
 * Records are built from emptyListRecord, so their fields come in one order; only `extra`
 * depends on the order a parser or a merge set its keys, so it alone is sorted.
 */
export function recordHash(record: ListRecord): string {
  const { dateAcquired: _ignored, extra, ...content } = record;
  const sortedExtra = Object.keys(extra).sort().map((key) => [key, extra[key]]);
  const fields = Object.keys(content).sort().map((key) => content[key as keyof typeof content]);
  return createHash('sha256').update(JSON.stringify([fields, sortedExtra])).digest('hex').slice(0, 32);
}
