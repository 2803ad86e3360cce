/** PUT /api/v1/batches/{batchId}/results/status: the results page's status change, through a key. */
import type { FastifyRequest } from 'fastify';
import type { ApiStatusChangeInput } from '#shared/public-api-batches';
import type { AppContext } from '../app-context';
import type { BatchRow } from '../batches/public';
import { searchesOf, toExclusionRecord, toNpiResult, toSsdmfResult, changeStatus } from '../results/public';

export async function changeResultStatus(ctx: AppContext, request: FastifyRequest, batch: BatchRow, input: ApiStatusChangeInput) {
  const reviewer = { userId: request.auth!.userId, ip: request.ip ?? null };
  const { rows, scGroups } = await changeStatus(ctx, reviewer, batch, input.tab, input.resultIds, { newStatus: input.newStatus, comment: input.note });
  const { nameSearch } = searchesOf(batch);
  if (input.tab === 'npi') return { records: rows.map((r) => toNpiResult(r, nameSearch)), scGroups };
  if (input.tab === 'ssdmf') return { records: rows.map((r) => toSsdmfResult(r, nameSearch)), scGroups };
  return { records: rows.map(toExclusionRecord), scGroups };
}
