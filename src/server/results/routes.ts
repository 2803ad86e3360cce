/** Batch results and review API (spec §7, issue 6): the three tabs, the drawer, status changes, reports. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BatchIdParamsSchema } from '#shared/batches';
import { MatchDetailSchema, ResultIdParamsSchema, SsdmfDetailQuerySchema } from '#shared/result-detail';
import { ExclusionChangeResponseSchema, ExclusionPageSchema, NpiChangeResponseSchema, NpiPageSchema, ResultIdsParamsSchema, SourceOptionListSchema, SsdmfChangeResponseSchema, SsdmfPageSchema, StatusChangeInputSchema } from '#shared/results';
import { ExclusionQuerySchema, NpiQuerySchema, ReportQuerySchema, SsdmfQuerySchema } from '#shared/results-query';
import { LIST_SOURCES } from '#lists/sources';
import type { AppContext } from '../app-context';
import { findVisibleBatch, type BatchRow } from '../batches/public';
import { batchCallerOf, scopeOf } from '../access/batch-scope';
import { notFound } from '../http/errors';
import { matchDetail } from './detail';
import { attachment } from '../http/attachment';
import { reportFile, type ReportFile } from './report-download';
import { exclusionPage, npiPage, searchesOf, ssdmfPage } from './pages';
import { toExclusionRecord, toNpiResult, toSsdmfResult } from './record-views';
import { serverTimeZone } from './report-time';
import { changeStatus } from './review';
import { screeningRuns } from './screening-runs';
import { ScreeningRunsSchema } from '#shared/screening-runs';

const BASE = '/services/flexsearchs/:batchId';
const NOT_EXCLUSION_SOURCES = new Set(['nppes', 'optout', 'dmf']);

export function resultRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  /** The batch when the caller sees it (ADR 014); anything else answers 404. */
  async function visibleBatch(request: FastifyRequest, batchId: number): Promise<BatchRow> {
    const batch = await findVisibleBatch(db, scopeOf(await batchCallerOf(db, request)), batchId);
    if (!batch) throw notFound('The batch');
    return batch;
  }
  const reviewer = (request: FastifyRequest) => ({ userId: request.auth!.userId, ip: request.ip ?? null });

  r.get(`${BASE}/result`, { schema: { params: BatchIdParamsSchema, querystring: ExclusionQuerySchema, response: { 200: ExclusionPageSchema } } }, async (request) =>
    exclusionPage(db, await visibleBatch(request, request.params.batchId), request.query),
  );
  r.get(`${BASE}/result/:id`, { schema: { params: ResultIdParamsSchema, response: { 200: MatchDetailSchema } } }, async (request) =>
    matchDetail(db, await visibleBatch(request, request.params.batchId), 'exclusions', request.params.id),
  );
  r.put(`${BASE}/result/:ids`, { schema: { params: ResultIdsParamsSchema, body: StatusChangeInputSchema, response: { 200: ExclusionChangeResponseSchema } } }, async (request) => {
    const batch = await visibleBatch(request, request.params.batchId);
    const { rows, scGroups } = await changeStatus(ctx, reviewer(request), batch, 'exclusions', request.params.ids, request.body);
    return { records: rows.map(toExclusionRecord), scGroups };
  });

  r.get(`${BASE}/screening-runs`, { schema: { params: BatchIdParamsSchema, response: { 200: ScreeningRunsSchema } } }, async (request) =>
    screeningRuns(db, (await visibleBatch(request, request.params.batchId)).id),
  );

  r.get(`${BASE}/npidetails`, { schema: { params: BatchIdParamsSchema, querystring: NpiQuerySchema, response: { 200: NpiPageSchema } } }, async (request) =>
    npiPage(db, await visibleBatch(request, request.params.batchId), request.query),
  );
  r.get(`${BASE}/npidetails/:id`, { schema: { params: ResultIdParamsSchema, response: { 200: MatchDetailSchema } } }, async (request) =>
    matchDetail(db, await visibleBatch(request, request.params.batchId), 'npi', request.params.id),
  );
  r.put(`${BASE}/npidetails/:ids`, { schema: { params: ResultIdsParamsSchema, body: StatusChangeInputSchema, response: { 200: NpiChangeResponseSchema } } }, async (request) => {
    const batch = await visibleBatch(request, request.params.batchId);
    const { rows, scGroups } = await changeStatus(ctx, reviewer(request), batch, 'npi', request.params.ids, request.body);
    const { nameSearch } = searchesOf(batch);
    return { records: rows.map((x) => toNpiResult(x, nameSearch)), scGroups };
  });

  r.get(`${BASE}/ssdmfdetails`, { schema: { params: BatchIdParamsSchema, querystring: SsdmfQuerySchema, response: { 200: SsdmfPageSchema } } }, async (request) =>
    ssdmfPage(db, await visibleBatch(request, request.params.batchId), request.query),
  );
  // The drawer of an SSDMF row calls with its searchId (rows without an id have only that one).
  r.get(`${BASE}/ssdmfdetails/:id`, { schema: { params: ResultIdParamsSchema, querystring: SsdmfDetailQuerySchema, response: { 200: MatchDetailSchema } } }, async (request) =>
    matchDetail(db, await visibleBatch(request, request.params.batchId), 'ssdmf', request.query.searchId ?? request.params.id),
  );
  r.put(`${BASE}/ssdmfdetails/:ids`, { schema: { params: ResultIdsParamsSchema, body: StatusChangeInputSchema, response: { 200: SsdmfChangeResponseSchema } } }, async (request) => {
    const batch = await visibleBatch(request, request.params.batchId);
    const { rows, scGroups } = await changeStatus(ctx, reviewer(request), batch, 'ssdmf', request.params.ids, request.body);
    const { nameSearch } = searchesOf(batch);
    return { records: rows.map((x) => toSsdmfResult(x, nameSearch)), scGroups };
  });

  function sendReport(reply: FastifyReply, file: ReportFile) {
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).header('cache-control', 'no-store').send(file.body);
  }

  r.get(`${BASE}/auditreport`, { schema: { params: BatchIdParamsSchema, querystring: ReportQuerySchema } }, async (request, reply) => {
    const batch = await visibleBatch(request, request.params.batchId);
    return sendReport(reply, await reportFile(ctx, batch, request.auth!.userId, 'audit', request.query.format, request.query.tz ?? serverTimeZone()));
  });

  // The summary beside the full report, named as the spec names its reports (issue 55).
  r.get(`${BASE}/auditsummaryreport`, { schema: { params: BatchIdParamsSchema, querystring: ReportQuerySchema } }, async (request, reply) => {
    const batch = await visibleBatch(request, request.params.batchId);
    return sendReport(reply, await reportFile(ctx, batch, request.auth!.userId, 'summary', request.query.format, request.query.tz ?? serverTimeZone()));
  });

  r.get(`${BASE}/exclusionrecordsreport`, { schema: { params: BatchIdParamsSchema, querystring: ReportQuerySchema } }, async (request, reply) => {
    const batch = await visibleBatch(request, request.params.batchId);
    return sendReport(reply, await reportFile(ctx, batch, request.auth!.userId, 'exclusions', request.query.format, request.query.tz ?? serverTimeZone()));
  });

  r.get('/services/utils/sources', { schema: { response: { 200: SourceOptionListSchema } } }, async () =>
    LIST_SOURCES.filter((s) => !NOT_EXCLUSION_SOURCES.has(s.id)).map((s) => ({ id: s.id, name: s.title })),
  );
}
