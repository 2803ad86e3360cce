/**
 * One monitoring run (ADR 046): a roster screened against what one list version changed. The
 * version's added and changed records become a small match index and every member is screened
 * against it; members matched before to a record the version removed or reinstated get a
 * "no longer excluded" alert. Chunks of members are written one transaction each, the run
 * remembering how far it got: a crash resumes there, and nothing is alerted twice.
 */
import { eq, sql } from 'drizzle-orm';
import { buildIndex } from '#engine/index-builder';
import type { AppContext } from '../app-context';

/** What a run needs of the app (the demo seed runs one without a server). */
export type MonitoringContext = Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'screening'>> & { config: Pick<AppContext['config'], 'batchChunkRows' | 'batchScreenWorkers'> & Partial<Pick<AppContext['config'], 'indexDir'>> };
import { clientReviewThreshold, findBatch, carryForwardClearings } from '../batches/public';
import { screenRows, type RowInput } from '../screening/row-screening';
import { screenerWithNppes } from '../screening/screener';
import { findKeyedVersions } from '../screening/keyed';
import { listVersions, monitoredRosters, monitoringRuns } from '../db/schema';
import { runFullRescreen } from './full-run';
import { changedRecords, earlierResults, findRun, readMembers, goneAlerted, versionChanges, writeRunChunk, type AlertDraft, type EarlierResult } from './run-queries';
import { MONITORED_SEARCH_TYPES, monitoredSources } from './search-types';
import type { ResultDraft } from '../screening/row-screening';

const goneNote = (change: string, asOf: string | null): string =>
  change === 'reinstated'
    ? `Reinstated: the list's update${asOf ? ` of ${asOf}` : ''} removed this record. Check and record the person's status.`
    : `Removed from the list in its update${asOf ? ` of ${asOf}` : ''}. Check and record the person's status.`;

/**
 * What a reviewer would see of a record: every field but the list's bookkeeping (`extra`, such
 * as which LEIE file kind carried it, and the acquisition date), empty values left out.
 */
export function materialOf(record: unknown): string {
  if (!record || typeof record !== 'object') return '';
  const entries = Object.entries(record as Record<string, unknown>).filter(([key, value]) => key !== 'extra' && key !== 'dateAcquired' && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What a new hit is for the person, given their earlier results; null when nothing is new. */
export function alertKindOf(hit: { source: string; sourceRecordId: string; record: unknown }, versionId: number, earlier: readonly EarlierResult[]): AlertDraft['kind'] | null {
  const same = earlier.filter((e) => e.source === hit.source && e.source_record_id === hit.sourceRecordId);
  // A result already screened against this version (or a later one) knows this content, and so
  // does one whose record reads the same to a reviewer.
  if (same.some((e) => e.list_version_id !== null && e.list_version_id >= versionId)) return null;
  if (same.length) return same.some((e) => materialOf(e.record) === materialOf(hit.record)) ? null : 'record-changed';
  return earlier.some((e) => e.review_status !== 'CLEARED') ? 'new-record' : 'new-match';
}

export async function markRun(ctx: MonitoringContext, runId: number, set: Record<string, unknown>): Promise<void> {
  await ctx.db.update(monitoringRuns).set(set as never).where(eq(monitoringRuns.id, runId));
}

/** The 'monitoring.run' job: screens the run's roster from where it stopped, to the end. */
export async function runMonitoring(ctx: MonitoringContext, runId: number): Promise<void> {
  const run = await findRun(ctx.db, runId);
  if (!run || run.status === 'done') return;
  if (run.kind === 'full') {
    await markRun(ctx, runId, { status: 'running', attempts: sql`${monitoringRuns.attempts} + 1`, startedAt: run.startedAt ?? ctx.now() });
    return runFullRescreen(ctx, run);
  }
  // Members runs (ADR 053) screen against every list: runMembers does them.
  if (run.kind !== 'list-change') return;
  const [roster] = await ctx.db.select().from(monitoredRosters).where(eq(monitoredRosters.id, run.rosterId));
  const batch = roster ? await findBatch(ctx.db, roster.batchId) : null;
  const [version] = run.listVersionId ? await ctx.db.select().from(listVersions).where(eq(listVersions.id, run.listVersionId)) : [];
  const finish = async () => {
    const now = ctx.now();
    await markRun(ctx, runId, { status: 'done', finishedAt: now });
    if (roster) await ctx.db.update(monitoredRosters).set({ lastScreenedAt: now }).where(eq(monitoredRosters.id, roster.id));
  };
  await markRun(ctx, runId, { status: 'running', attempts: sql`${monitoringRuns.attempts} + 1`, startedAt: run.startedAt ?? ctx.now() });
  if (!roster || !batch || batch.trashedAt || !version || !monitoredSources(batch.searchTypes).includes(version.source)) return finish();

  const changes = await versionChanges(ctx.db, version.id);
  const records = await changedRecords(ctx.db, version, changes.screen);
  // Shared memory: chunks of 500 rows and more are screened on the batches' worker threads.
  const index = buildIndex(records, { version: `monitoring:${version.source}:${version.id}`, shared: true });
  const types = batch.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t));
  const threshold = batch.reviewThreshold ?? (await clientReviewThreshold(ctx.db, batch.clientId));
  const batchIds = roster.sourceBatchId ? [batch.id, roster.sourceBatchId] : [batch.id];
  const goneIds = changes.gone.map((g) => g.id);
  const goneChange = new Map(changes.gone.map((g) => [g.id, g.change]));
  const chunkRows = Math.max(1, ctx.config.batchChunkRows);
  // The NPPES version whose records the rows' NPIs are read from (ADR 120), once for the run.
  const keyedVersions = await findKeyedVersions(ctx.db);

  for (let first = run.rowsDone; first < batch.recordCount; first += chunkRows) {
    const rows = (await readMembers(ctx.db, batch.id, first, chunkRows)) as RowInput[];
    const rowIndexes = rows.map((r) => r.rowIndex);
    const drafts: AlertDraft[] = [];
    if (records.length) {
      const hits: ResultDraft[] = await screenRows(screenerWithNppes(ctx, index, rows.length, keyedVersions), types, rows, { threshold });
      const earlier = await earlierResults(ctx.db, batchIds, [...new Set(hits.map((h) => h.rowIndex))]);
      const recordOf = new Map(records.map((r) => [r.sourceRecordId, r]));
      for (const hit of hits) {
        if (!hit.source || !hit.sourceRecordId) continue;
        const record = recordOf.get(hit.sourceRecordId) ?? null;
        const kind = alertKindOf({ source: hit.source, sourceRecordId: hit.sourceRecordId, record }, version.id, earlier.filter((e) => e.row_index === hit.rowIndex));
        if (!kind) continue;
        drafts.push({ kind, earlierResultId: null, result: { ...hit, batchId: batch.id, listVersionId: version.id, record, createdAt: ctx.now() } });
      }
    }
    if (goneIds.length) {
      const already = await goneAlerted(ctx.db, roster.id, version.source);
      const matched = (await earlierResults(ctx.db, batchIds, rowIndexes, { source: version.source, recordIds: goneIds })).filter(
        (e) => e.review_status !== 'CLEARED' && (e.list_version_id === null || e.list_version_id < version.id) && !already.has(`${e.row_index}|${e.source_record_id}`),
      );
      const seen = new Set<string>();
      for (const e of matched.reverse()) {
        const key = `${e.row_index}|${e.source_record_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        drafts.push({
          kind: 'no-longer-excluded',
          earlierResultId: e.id,
          result: { batchId: batch.id, rowIndex: e.row_index, resultType: 'exclusions', searchType: e.search_type, source: e.source, sourceRecordId: e.source_record_id, listVersionId: version.id, score: e.score, explanation: e.explanation as Record<string, unknown>, record: e.record, reviewStatus: 'NONCLEARED', latestNote: goneNote(goneChange.get(e.source_record_id) ?? 'removed', version.asOf), searchCriteriaKey: e.search_criteria_key, createdAt: ctx.now() },
        });
      }
    }
    const now = ctx.now();
    await writeRunChunk(ctx.db, {
      runId,
      rosterId: roster.id,
      clientId: roster.clientId,
      batchId: batch.id,
      firstRow: first,
      nextRow: Math.min(batch.recordCount, first + chunkRows),
      recordsScreened: records.length,
      drafts,
      now,
      afterResults: (tx, ids) => carryForwardClearings(tx, { batchId: batch.id, clientId: roster.clientId, firstRow: 0, rowCount: batch.recordCount, now, resultIds: ids }),
    });
  }
  await finish();
}
