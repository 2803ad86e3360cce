/**
 * "No longer excluded" alerts of a full re-screen (issue 20, ADR 051): a list-change run alerts
 * a record its version removed or reinstated, but a roster made from an older batch, a person
 * whose details a new roster version changed, or new matching rules can leave an earlier
 * finding that no list change will ever name. The full run screens everyone against the active
 * lists, so what it no longer finds it says so, once: a pair whose latest result is already
 * such an alert is left alone (list-change runs skip pairs alerted so, in either order).
 */
import { readRecords } from '../batches/public';
import type { Db } from '../db/client';
import type { AlertDraft, EarlierResult } from './run-queries';

const pairOf = (e: { row_index: number; source: string; source_record_id: string }) => `${e.row_index}|${e.source}|${e.source_record_id}`;

/** The note a reviewer reads: the record is off the list, or on it but no longer matching the person. */
export function goneFullNote(onList: boolean, asOf: string | null): string {
  const when = asOf ? ` of ${asOf}` : '';
  return onList
    ? `No longer a match: the monthly re-screen against the list's version${when} did not find this record for the person. Check and record the person's status.`
    : `No longer on the list: the list's version${when} does not have this record. Check and record the person's status.`;
}

/**
 * Alerts for a chunk's earlier findings the run did not find again: the latest result of each
 * person and record, of a source and search type the roster monitors and a list that has an
 * active version, not cleared, and not already a "no longer excluded" alert.
 */
export async function goneDrafts(
  db: Db,
  o: { earlier: readonly EarlierResult[]; hitKeys: ReadonlySet<string>; sources: ReadonlySet<string>; types: readonly string[]; versions: ReadonlyMap<string, number>; asOf: ReadonlyMap<number, string | null>; alerted: ReadonlySet<number>; batchId: number; now: Date },
): Promise<AlertDraft[]> {
  const latest = new Map<string, EarlierResult>();
  for (const e of o.earlier) if (o.sources.has(e.source) && o.versions.has(e.source) && o.types.includes(e.search_type)) latest.set(pairOf(e), e);
  const gone = [...latest.entries()].filter(([key, e]) => !o.hitKeys.has(key) && e.review_status !== 'CLEARED' && !o.alerted.has(e.id)).map(([, e]) => e);
  if (!gone.length) return [];
  const onList = await readRecords(db, gone.map((e) => ({ versionId: o.versions.get(e.source)!, recordId: e.source_record_id })));
  return gone.map((e) => {
    const versionId = o.versions.get(e.source)!;
    return {
      kind: 'no-longer-excluded',
      earlierResultId: e.id,
      result: {
        batchId: o.batchId, rowIndex: e.row_index, resultType: 'exclusions', searchType: e.search_type, source: e.source, sourceRecordId: e.source_record_id, listVersionId: versionId,
        score: e.score, explanation: e.explanation as Record<string, unknown>, record: e.record, reviewStatus: 'NONCLEARED',
        latestNote: goneFullNote(onList.has(`${versionId}|${e.source_record_id}`), o.asOf.get(versionId) ?? null), searchCriteriaKey: e.search_criteria_key, createdAt: o.now,
      },
    };
  });
}
