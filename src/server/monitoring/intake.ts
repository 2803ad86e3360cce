/**
 * Rosters from an uploaded file (ADR 053): the file is uploaded and mapped as a batch's
 * (POST /services/fileupload, the same column checks and row validation), then the draft itself
 * becomes the roster's batch (`kind = 'monitoring'`), its rows the members, and a "members" run
 * screens every one of them against the active lists on the job queue.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BATCH_MESSAGES } from '#shared/messages';
import type { ColumnMappingInput } from '#shared/batches';
import { ROSTER_INTAKE_MESSAGES, type CreateRosterFromUpload } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { mappedRows, storedRowOf, clientReviewThreshold, findVisibleBatch, insertBatchRows, type BatchRow } from '../batches/public';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import type { Db } from '../db/client';
import { batches, monitoredRosters, monitoringRuns } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { MONITORED_SEARCH_TYPES } from './search-types';

/** The caller's draft upload: visible, never mapped, not used by a roster yet. */
export async function draftUpload(ctx: AppContext, caller: BatchCaller, uploadId: number): Promise<BatchRow> {
  const draft = await findVisibleBatch(ctx.db, scopeOf(caller), uploadId);
  if (!draft) throw notFound('The upload');
  if (draft.status !== null || draft.kind !== 'search') throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.notAnUpload);
  return draft;
}

/** Row problems as the public API's batches answer them: a message and one field per row. */
export function rowProblems(errors: readonly { rowIndx: number; errorMessage: string }[]): AppError {
  const fields = Object.fromEntries(errors.slice(0, 100).map((e) => [`rows.${e.rowIndx}`, e.errorMessage]));
  return new AppError('BAD_REQUEST', ROSTER_INTAKE_MESSAGES.rowProblems(errors.length), fields);
}

/** The upload read through the mapping; refuses row problems unless the caller skips them. */
export async function readMapped(ctx: AppContext, caller: BatchCaller, draft: BatchRow, input: ColumnMappingInput, o: { keepFileRow: boolean }) {
  const read = await mappedRows(ctx, caller, draft, input);
  if (read.errors.length && !input.skipInvalidRows) throw rowProblems(read.errors);
  if (read.kept.length === 0) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.noValidRows);
  return { ...read, members: read.kept.map((k) => storedRowOf(draft.header, read.mapping, k, o.keepFileRow && read.invalid.size > 0)) };
}

/** Queues a members run (and nothing when the queue is not running, e.g. the demo seed). */
export async function queueRun(ctx: AppContext, runId: number): Promise<void> {
  if (!ctx.jobs) return;
  const { monitoringRunJob } = await import('./jobs');
  await ctx.jobs.send(monitoringRunJob, { runId }, { singletonKey: `monitoring-run-${runId}` });
}

/** Inserts a run screening members against every active list: `rowIndexes` null for all of them. */
export async function insertMembersRun(db: Db, o: { rosterId: number; clientId: number; rowIndexes: number[] | null; rosterVersionId: number | null; now: Date }): Promise<number> {
  const [run] = await db
    .insert(monitoringRuns)
    .values({ rosterId: o.rosterId, clientId: o.clientId, kind: 'members', rowIndexes: o.rowIndexes, rosterVersionId: o.rosterVersionId, status: 'pending', createdAt: o.now })
    .returning({ id: monitoringRuns.id });
  return run.id;
}

/** POST /services/monitoring/rosters/upload. */
export async function createRosterFromUpload(ctx: AppContext, caller: BatchCaller, input: CreateRosterFromUpload): Promise<{ rosterId: number }> {
  const draft = await draftUpload(ctx, caller, input.uploadId);
  const searchTypes = input.mapping.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t));
  if (!searchTypes.some((t) => t !== 'OFAC')) throw new AppError('BAD_REQUEST', ROSTER_INTAKE_MESSAGES.noMonitoredSearch, { searchTypes: ROSTER_INTAKE_MESSAGES.noMonitoredSearch });
  const { mapping, members, invalid } = await readMapped(ctx, caller, draft, { ...input.mapping, searchTypes }, { keepFileRow: true });
  const now = ctx.now();
  const threshold = await clientReviewThreshold(ctx.db, draft.clientId);
  const made = await ctx.db.transaction(async (tx) => {
    // Only a draft becomes a roster: a double click or a second request finds it taken.
    const claimed = await tx
      .update(batches)
      .set({
        kind: 'monitoring',
        fileName: input.name,
        status: 'Completed',
        searchTypes: mapping.searchTypes,
        columnMappings: mapping.columnMappings,
        uniqueIdIndex: mapping.columns.uniqueIdIndex,
        correlatedColumnIndexes: mapping.correlatedColumnIndexes,
        recordCount: members.length,
        rowsDone: members.length,
        reviewThreshold: threshold,
        submittedAt: now,
        startedAt: now,
        processedAt: now,
      })
      .where(and(eq(batches.id, draft.id), isNull(batches.status), eq(batches.kind, 'search')))
      .returning({ id: batches.id });
    if (!claimed.length) return null;
    await insertBatchRows(tx as never, members.map((m, rowIndex) => ({ batchId: draft.id, rowIndex, ...m })));
    const [roster] = await tx
      .insert(monitoredRosters)
      .values({ clientId: draft.clientId, teamId: draft.teamId, createdByUserId: caller.userId, name: input.name, batchId: draft.id, sourceBatchId: null, baselineAt: now, createdAt: now })
      .returning({ id: monitoredRosters.id });
    const runId = await insertMembersRun(tx as never, { rosterId: roster.id, clientId: draft.clientId, rowIndexes: null, rosterVersionId: null, now });
    await recordAudit(tx as never, { action: 'monitoring.roster-created', actorUserId: caller.userId, clientId: draft.clientId, target: `roster:${roster.id}`, details: { uploadId: draft.id, fileName: draft.fileName, people: members.length, skippedRows: invalid.size } });
    await tx.execute(sql`UPDATE batches SET to_review = 0, hits = 0 WHERE id = ${draft.id}`);
    return { rosterId: roster.id, runId };
  });
  if (!made) throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.notAnUpload);
  await queueRun(ctx, made.runId);
  return { rosterId: made.rosterId };
}
