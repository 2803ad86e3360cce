/** Batch search API (spec §7): search types, upload, column mapping, dashboard and actions. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BatchFiltersQuerySchema,
  BatchFiltersSchema,
  BatchIdParamsSchema,
  BatchInfoSchema,
  BatchListQuerySchema,
  BatchListSchema,
  BatchMessageSchema,
  BatchMessageTextSchema,
  ChooseSheetInputSchema,
  ColumnMappingInputSchema,
  ColumnMappingQuerySchema,
  ColumnMappingResponseSchema,
  SearchTypeListSchema,
  UploadResponseSchema,
} from '#shared/batches';
import { BATCH_MESSAGES } from '#shared/messages';
import { QuickTemplateQuerySchema, type QuickBatchKind } from '#shared/quick-batches';
import { searchTypesFor } from '#shared/search-types';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { jsonString } from '../http/json-string';
import { batchFile, killBatch, resubmitBatch, trashBatch } from './actions';
import { batchFilters, batchInfo, listBatches } from './list';
import { chooseDraftSheet } from './draft-sheet';
import { mapBatch } from './mapping';
import { attachment } from '../http/attachment';
import { findClient } from './queries';
import { batchCallerOf } from '../access/batch-scope';
import { quickTemplate, XLSX_CONTENT_TYPE } from './templates';
import { uploadBatch } from './upload';

export function batchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const caller = (request: Parameters<typeof batchCallerOf>[1]) => batchCallerOf(db, request);
  const params = BatchIdParamsSchema;

  r.get('/services/flexsearchs/searchtypes', { schema: { response: { 200: SearchTypeListSchema } } }, async (request) => {
    const client = await findClient(db, request.auth!.clientId);
    return searchTypesFor(client?.searchOptions ?? []).map(({ name, required, requiredColumns, description }) => ({ name, required, requiredColumns, description }));
  });

  r.post('/services/fileupload', { schema: { response: { 200: UploadResponseSchema } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.uploadFirst);
    return uploadBatch(ctx, await caller(request), request.parts());
  });

  r.post('/services/flexsearchs/:batchId/sheet', { schema: { params, body: ChooseSheetInputSchema, response: { 200: UploadResponseSchema } } }, async (request) =>
    chooseDraftSheet(ctx, await caller(request), request.params.batchId, request.body.sheet),
  );

  r.post(
    '/services/flexsearchs/:batchId/columnmappings',
    { schema: { params, querystring: ColumnMappingQuerySchema, body: ColumnMappingInputSchema, response: { 200: ColumnMappingResponseSchema } } },
    async (request, reply) => {
      const outcome = await mapBatch(ctx, await caller(request), request.params.batchId, request.body, request.query.dryrun === 'true');
      // The spec's shape for row errors: { error: [{ rowIndx, errorMessage, data }] } (ADR 014).
      if (outcome.kind === 'errors') return (reply as FastifyReply).code(400).serializer(JSON.stringify).send({ error: outcome.errors, summary: outcome.summary });
      const { kind: _, ...body } = outcome;
      return body;
    },
  );

  r.get('/services/flexsearchs', { schema: { querystring: BatchListQuerySchema, response: { 200: BatchListSchema } } }, async (request) =>
    listBatches(ctx, await caller(request), request.query),
  );

  r.get('/services/flexsearchs/filters', { schema: { querystring: BatchFiltersQuerySchema, response: { 200: BatchFiltersSchema } } }, async (request) =>
    batchFilters(db, await caller(request), request.query),
  );

  r.get('/services/flexsearchs/:batchId', { schema: { params, response: { 200: BatchInfoSchema } } }, async (request) =>
    batchInfo(ctx, await caller(request), request.params.batchId),
  );

  r.post('/services/flexsearchs/:batchId/kill', { schema: { params, response: { 200: BatchMessageSchema } } }, async (request) =>
    killBatch(ctx, await caller(request), request.params.batchId),
  );

  r.post('/services/flexsearchs/:batchId/trash', { schema: { params, response: { 200: BatchMessageSchema } } }, async (request) =>
    trashBatch(ctx, await caller(request), request.params.batchId),
  );

  // The spec: "returns a message text", a JSON string as the other string answers (ADR 003).
  r.get('/services/flexsearchs/:batchId/resubmit', { schema: { params, response: { 200: BatchMessageTextSchema } } }, async (request, reply) =>
    jsonString(reply, (await resubmitBatch(ctx, await caller(request), request.params.batchId)).message),
  );

  r.get('/services/flexsearchs/:batchId/file', { schema: { params } }, async (request, reply) => {
    const { fileName, bytes } = await batchFile(ctx, await caller(request), request.params.batchId);
    const contentType = /\.xlsx$/i.test(fileName) ? XLSX_CONTENT_TYPE : 'text/csv';
    return reply.header('content-type', contentType).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(bytes);
  });

  for (const kind of ['name', 'npi'] as const satisfies QuickBatchKind[]) {
    r.get(`/services/batch/${kind}/template`, { schema: { querystring: QuickTemplateQuerySchema } }, async (request, reply) => {
      const file = quickTemplate(kind, request.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.bytes);
    });
  }
}
