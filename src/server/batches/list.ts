/** The dashboard's reads: the batch list with its filters, the filter options, one batch's info. */
import type { BatchFilters, BatchInfo, BatchList, BatchListQuery } from '#shared/batches';
import type { BatchStatus } from '#shared/batch-status';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { resultTypeFlags } from './processing';
import { filterOptions, findVisibleBatch, listBatchRows, listClients, listTeams, teamClientOf } from './queries';
import { queueStatesOf } from './queue-notice';
import { scopeOf, type BatchCaller } from '../access/batch-scope';

/**
 * A client or team filter outside what the caller sees answers 404, like a foreign batch id: a
 * team the caller's scope does not list, or (seeing every team) one of another client, or not of
 * the client filtered on (issue 53 item 8).
 */
async function checkFilters(db: Db, caller: BatchCaller, clientFilter: number | undefined, teamFilter: number | undefined, visibleTeams: number[] | null) {
  if (clientFilter !== undefined && !caller.isSystemAdmin && clientFilter !== caller.clientId) throw notFound('The client');
  if (teamFilter === undefined) return;
  if (visibleTeams !== null && !visibleTeams.includes(teamFilter)) throw notFound('The team');
  const owner = await teamClientOf(db, teamFilter);
  const client = clientFilter ?? (caller.isSystemAdmin ? undefined : caller.clientId);
  if (owner === null || (client !== undefined && owner !== client)) throw notFound('The team');
}

type QueueReader = Pick<AppContext, 'db' | 'jobs' | 'now'>;

/** The dashboard's page of batches, each queued or running one with its place in the queue (ADR 044). */
export async function listBatches(ctx: QueueReader, caller: BatchCaller, q: BatchListQuery): Promise<BatchList> {
  const { db } = ctx;
  const scope = scopeOf(caller);
  await checkFilters(db, caller, q.clientFilter, q.teamFilter, scope.teamIds);
  const { items, total } = await listBatchRows(db, scope, {
    fileName: q.fileNameFilter || undefined,
    clientId: q.clientFilter,
    teamId: q.teamFilter,
    uploaderUserId: q.uploaderFilter,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const queue = await queueStatesOf(ctx, items.map(({ batch }) => ({ id: batch.id, status: batch.status as BatchStatus })));
  return {
    total,
    items: items.map(({ batch, firstName, lastName }) => ({
      batchId: batch.id,
      fileName: batch.fileName,
      processedTimeStamp: batch.uploadedAt.toISOString(),
      uploadedBy: `${firstName} ${lastName}`,
      recordCount: batch.recordCount,
      hits: batch.hits,
      toReview: batch.toReview,
      status: batch.status as BatchStatus,
      rowsDone: batch.rowsDone,
      queue: queue.get(batch.id) ?? null,
    })),
  };
}

/**
 * Filter options: clients for system admins; teams for team owners (the teams they own, or
 * every team of the client when they see it whole) and for system admins once a client is
 * chosen; uploaders of the batches the caller sees.
 */
export async function batchFilters(db: Db, caller: BatchCaller, q: { clientFilter?: number; teamFilter?: number }): Promise<BatchFilters> {
  const scope = scopeOf(caller);
  await checkFilters(db, caller, q.clientFilter, q.teamFilter, scope.teamIds);
  const clients = caller.isSystemAdmin ? await listClients(db) : [];
  let teams: { id: number; name: string }[] = [];
  if (caller.isSystemAdmin && q.clientFilter !== undefined) teams = await listTeams(db, q.clientFilter, null);
  else if (!caller.isSystemAdmin && caller.ownedTeamIds.length > 0) teams = await listTeams(db, caller.clientId, caller.seesWholeClient ? null : caller.ownedTeamIds);
  const { uploaders } = await filterOptions(db, scope, { clientId: q.clientFilter, teamId: q.teamFilter });
  return { clients, teams, uploaders };
}

export async function batchInfo(ctx: QueueReader, caller: BatchCaller, batchId: number): Promise<BatchInfo> {
  const batch = await findVisibleBatch(ctx.db, scopeOf(caller), batchId);
  if (!batch) throw notFound('The batch');
  const status = batch.status as BatchStatus | null;
  const queue = status === null ? new Map() : await queueStatesOf(ctx, [{ id: batch.id, status }]);
  return {
    fileName: batch.fileName,
    searchTypes: resultTypeFlags(batch.searchTypes),
    status,
    recordCount: batch.recordCount,
    rowsDone: batch.rowsDone,
    queue: queue.get(batch.id) ?? null,
  };
}
