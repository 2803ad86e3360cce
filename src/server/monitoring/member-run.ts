/**
 * A members run (ADR 053): people a roster gained (made from an upload, or added and changed
 * by a new version) are screened against every active list, as a batch's rows are. What is new
 * for each person becomes an alert of the kinds of list-change runs (a person with no earlier
 * result: "new potential match"); a changed person's earlier decisions carry forward while the
 * record is unchanged. Chunks are written one transaction each, like list-change runs, so a
 * killed worker resumes where it stopped and alerts nothing twice.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { readRecords, clientReviewThreshold, findBatch, carryForwardClearings } from '../batches/public';
import { screenRows, type ResultDraft, type RowInput } from '../screening/row-screening';
import { currentIndex, screenerWithNppes, versionIdsOf } from '../screening/screener';
import { findKeyedVersions } from '../screening/keyed';
import { monitoredRosters } from '../db/schema';
import { alertKindOf, markRun } from './run';
import { earlierResults, findRun, readMembers, readMembersAt, writeRunChunk, type AlertDraft } from './run-queries';
import { MONITORED_SEARCH_TYPES } from './search-types';

export async function runMembers(ctx: AppContext, runId: number): Promise<void> {
  const run = await findRun(ctx.db, runId);
  if (!run || run.status === 'done' || run.kind !== 'members') return;
  const [roster] = await ctx.db.select().from(monitoredRosters).where(eq(monitoredRosters.id, run.rosterId));
  const batch = roster ? await findBatch(ctx.db, roster.batchId) : null;
  const finish = async () => {
    const now = ctx.now();
    await markRun(ctx, runId, { status: 'done', finishedAt: now });
    if (roster) await ctx.db.update(monitoredRosters).set({ lastScreenedAt: now }).where(eq(monitoredRosters.id, roster.id));
  };
  await markRun(ctx, runId, { status: 'running', attempts: (run.attempts ?? 0) + 1, startedAt: run.startedAt ?? ctx.now() });
  if (!roster || !batch || batch.trashedAt) return finish();

  const index = await currentIndex(ctx);
  const versions = versionIdsOf(index.version);
  const types = batch.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t));
  const threshold = batch.reviewThreshold ?? (await clientReviewThreshold(ctx.db, batch.clientId));
  const batchIds = roster.sourceBatchId ? [batch.id, roster.sourceBatchId] : [batch.id];
  const listed = run.rowIndexes;
  // rows_done counts positions in the listed rows, or row indexes of the whole roster.
  const total = listed ? listed.length : batch.recordCount;
  const chunkRows = Math.max(1, ctx.config.batchChunkRows);
  // The NPPES version whose records the rows' NPIs are read from (ADR 120), once for the run.
  const keyedVersions = await findKeyedVersions(ctx.db);

  for (let first = run.rowsDone; first < total; first += chunkRows) {
    const rows = (listed ? await readMembersAt(ctx.db, batch.id, listed.slice(first, first + chunkRows)) : await readMembers(ctx.db, batch.id, first, chunkRows)) as RowInput[];
    const hits: ResultDraft[] = rows.length ? await screenRows(screenerWithNppes(ctx, index, rows.length, keyedVersions), types, rows, { threshold }) : [];
    const keys = hits.flatMap((h) => (h.source && h.sourceRecordId && versions.has(h.source) ? [{ versionId: versions.get(h.source)!, recordId: h.sourceRecordId }] : []));
    const records = await readRecords(ctx.db, keys);
    const earlier = await earlierResults(ctx.db, batchIds, [...new Set(hits.map((h) => h.rowIndex))]);
    const now = ctx.now();
    const drafts: AlertDraft[] = [];
    for (const hit of hits) {
      const versionId = hit.source ? versions.get(hit.source) : undefined;
      if (!hit.source || !hit.sourceRecordId || versionId === undefined) continue;
      const record = records.get(`${versionId}|${hit.sourceRecordId}`) ?? null;
      const kind = alertKindOf({ source: hit.source, sourceRecordId: hit.sourceRecordId, record }, versionId, earlier.filter((e) => e.row_index === hit.rowIndex));
      if (kind) drafts.push({ kind, earlierResultId: null, result: { ...hit, batchId: batch.id, listVersionId: versionId, record, createdAt: now } });
    }
    await writeRunChunk(ctx.db, {
      runId,
      rosterId: roster.id,
      clientId: roster.clientId,
      batchId: batch.id,
      firstRow: first,
      nextRow: Math.min(total, first + chunkRows),
      recordsScreened: 0,
      drafts,
      now,
      afterResults: (tx, ids) => carryForwardClearings(tx, { batchId: batch.id, clientId: roster.clientId, firstRow: 0, rowCount: batch.recordCount, now, resultIds: ids }),
    });
  }
  await finish();
}
