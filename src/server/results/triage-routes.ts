/** Triage calls of the Exclusions tab (issue 14, ADR 032): summary bar, count of a filter, status change by filter. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BatchIdParamsSchema } from '#shared/batches';
import { ExclusionQuerySchema } from '#shared/results-query';
import { BulkByFilterInputSchema, BulkByFilterResponseSchema, FilterCountSchema, ResultsSummarySchema } from '#shared/results-triage';
import type { AppContext } from '../app-context';
import { findVisibleBatch, type BatchRow } from '../batches/public';
import { batchCallerOf, scopeOf } from '../access/batch-scope';
import { notFound } from '../http/errors';
import { changeByFilter, idsMatching, resultsSummary } from './triage';

const BASE = '/services/flexsearchs/:batchId/result';

export function triageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  /** The batch when the caller sees it (ADR 014: client and team scope); anything else answers 404. */
  async function visibleBatch(request: FastifyRequest, batchId: number): Promise<BatchRow> {
    const batch = await findVisibleBatch(db, scopeOf(await batchCallerOf(db, request)), batchId);
    if (!batch) throw notFound('The batch');
    return batch;
  }

  r.get(`${BASE}/summary`, { schema: { params: BatchIdParamsSchema, response: { 200: ResultsSummarySchema } } }, async (request) =>
    resultsSummary(db, await visibleBatch(request, request.params.batchId)),
  );
  r.get(`${BASE}/count`, { schema: { params: BatchIdParamsSchema, querystring: ExclusionQuerySchema, response: { 200: FilterCountSchema } } }, async (request) => ({
    count: (await idsMatching(db, await visibleBatch(request, request.params.batchId), request.query)).length,
  }));
  r.put(`${BASE}/by-filter`, { schema: { params: BatchIdParamsSchema, body: BulkByFilterInputSchema, response: { 200: BulkByFilterResponseSchema } } }, async (request) => {
    const batch = await visibleBatch(request, request.params.batchId);
    return changeByFilter(ctx, { userId: request.auth!.userId, ip: request.ip ?? null }, batch, request.body);
  });
}
