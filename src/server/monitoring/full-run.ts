/**
 * A full re-screen (ADR 051): every member of a roster against every active list, on the
 * roster's monthly schedule or after a new engine version. Hits the person had no result for
 * are alerts, as in a list-change run; every hit, new or known, is a finding of the run, which
 * the month's certificate lists with its review status. Chunks are written one transaction
 * each and the run remembers how far it got, so a killed worker resumes at the next chunk; the
 * certificate, the month's charge and the end of the run are one last transaction, each once.
 * A person's earlier finding that the run no longer finds (its record gone from the active list,
 * or no longer matching) is a "no longer excluded" alert, once (`full-run-gone.ts`).
 */
import { eq } from 'drizzle-orm';
import type { SearchIndex } from '#engine/index-parts';
import { readRecords, clientReviewThreshold, findBatch, carryForwardClearings } from '../batches/public';
import { screenRows, type ResultDraft, type RowInput } from '../screening/row-screening';
import { currentIndex, screenerWithNppes, versionIdsOf } from '../screening/screener';
import { findKeyedVersions } from '../screening/keyed';
import { monitoredRosters } from '../db/schema';
import { finishFullRun } from './full-run-finish';
import { alertKindOf, markRun, type MonitoringContext } from './run';
import { goneDrafts } from './full-run-gone';
import { earlierResults, goneAlertResults, readMembers, versionDates, writeRunChunk, type AlertDraft, type KnownFinding, type RunRow } from './run-queries';
import { MONITORED_SEARCH_TYPES, monitoredSources } from './search-types';

/** The index of the active lists: the server's, else one built here (a jobs-only worker, the bench). */
async function activeIndex(ctx: MonitoringContext): Promise<SearchIndex> {
  return currentIndex(ctx);
}

const keyOf = (h: { rowIndex: number; source: string | null; sourceRecordId: string | null }) => `${h.rowIndex}|${h.source}|${h.sourceRecordId}`;

export async function runFullRescreen(ctx: MonitoringContext, run: RunRow): Promise<void> {
  const [roster] = await ctx.db.select().from(monitoredRosters).where(eq(monitoredRosters.id, run.rosterId));
  const batch = roster ? await findBatch(ctx.db, roster.batchId) : null;
  if (!roster || !batch || batch.trashedAt) {
    await markRun(ctx, run.id, { status: 'done', finishedAt: ctx.now() });
    return;
  }
  const index = await activeIndex(ctx);
  const listVersions = run.listVersions ?? index.version;
  await markRun(ctx, run.id, { listVersions });
  const versions = versionIdsOf(index.version);
  const sources = new Set(monitoredSources(batch.searchTypes));
  const types = batch.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t));
  const threshold = batch.reviewThreshold ?? (await clientReviewThreshold(ctx.db, batch.clientId));
  const batchIds = roster.sourceBatchId ? [batch.id, roster.sourceBatchId] : [batch.id];
  const chunkRows = Math.max(1, ctx.config.batchChunkRows);
  // The NPPES version whose records the rows' NPIs are read from (ADR 120), once for the run.
  const keyedVersions = await findKeyedVersions(ctx.db);
  const asOf = await versionDates(ctx.db, [...versions.values()]);

  for (let first = run.rowsDone; first < batch.recordCount; first += chunkRows) {
    const rows = (await readMembers(ctx.db, batch.id, first, chunkRows)) as RowInput[];
    const seen = new Set<string>();
    const hits = (await screenRows(screenerWithNppes(ctx, index, rows.length, keyedVersions), types, rows, { threshold })).filter(
      (h: ResultDraft) => h.resultType === 'exclusions' && h.source && h.sourceRecordId && sources.has(h.source) && !seen.has(keyOf(h)) && seen.add(keyOf(h)),
    );
    const records = await readRecords(ctx.db, hits.map((h) => ({ versionId: versions.get(h.source!) ?? 0, recordId: h.sourceRecordId! })));
    // Every member's earlier results: those of hits decide what is new, the others what is gone.
    const earlier = await earlierResults(ctx.db, batchIds, rows.map((r) => r.rowIndex));
    const drafts: AlertDraft[] = [];
    const findings: KnownFinding[] = [];
    for (const hit of hits) {
      const versionId = versions.get(hit.source!) ?? null;
      const record = versionId ? (records.get(`${versionId}|${hit.sourceRecordId}`) ?? null) : null;
      const mine = earlier.filter((e) => e.row_index === hit.rowIndex);
      const kind = alertKindOf({ source: hit.source!, sourceRecordId: hit.sourceRecordId!, record }, versionId ?? 0, mine);
      if (kind) {
        drafts.push({ kind, earlierResultId: null, finding: true, result: { ...hit, batchId: batch.id, listVersionId: versionId, record, createdAt: ctx.now() } });
        continue;
      }
      // Known already: the latest result of the person for this record holds its review.
      const known = mine.filter((e) => e.source === hit.source && e.source_record_id === hit.sourceRecordId).at(-1);
      if (known) findings.push({ rowIndex: hit.rowIndex, source: hit.source!, sourceRecordId: hit.sourceRecordId!, resultId: known.id });
    }
    const now = ctx.now();
    const gone = await goneDrafts(ctx.db, { earlier, hitKeys: new Set(hits.map(keyOf)), sources, types, versions, asOf, alerted: await goneAlertResults(ctx.db, roster.id), batchId: batch.id, now });
    drafts.push(...gone);
    await writeRunChunk(ctx.db, {
      runId: run.id,
      rosterId: roster.id,
      clientId: roster.clientId,
      batchId: batch.id,
      firstRow: first,
      nextRow: Math.min(batch.recordCount, first + chunkRows),
      recordsScreened: index.recordCount,
      drafts,
      findings,
      now,
      afterResults: (tx, ids) => carryForwardClearings(tx, { batchId: batch.id, clientId: roster.clientId, firstRow: 0, rowCount: batch.recordCount, now, resultIds: ids }),
    });
  }
  await finishFullRun(ctx, { run: { ...run, listVersions }, roster, batch });
}
