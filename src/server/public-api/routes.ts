/**
 * The public API under /api/v1 (ADR 029, 039), registered from the operations table: each
 * route calls the same rule as the app's own endpoint, as the key's creator.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_API_BASE, PUBLIC_API_OPERATIONS, type ApiNameSearchInput, type ApiOperation, type ApiOperationId } from '#shared/public-api';
import type { BatchListQuery } from '#shared/batches';
import type { BulkScreenInput } from '#shared/public-api-bulk';
import type { ApiCreateBatchInput, ApiStatusChangeInput } from '#shared/public-api-batches';
import type { ExclusionQuery, NpiQuery, ReportFormat, SsdmfQuery } from '#shared/results-query';
import type { AppContext } from '../app-context';
import { listBatches } from '../batches/public';
import { batchCallerOf } from '../access/batch-scope';
import { exclusionPage, npiPage, ssdmfPage, reportFile, type ReportKind, serverTimeZone } from '../results/public';
import { attachment } from '../http/attachment';
import { nameSearchQueryOf, searchCallerOf, reopenSearch, searchScopeOf, searchByName, searchByNpi } from '../interactive/public';
import { listStatuses } from '../lists/public';
import { buildOpenApiDocument } from '#shared/openapi';
import { createKeyAuthenticator } from './authenticate';
import { batchStatus, createBatchFromRecords, createBatchFromUpload, visibleBatch } from './batches';
import { bulkAnswerSerializer } from './bulk-answer-json';
import { screenBulk } from './bulk-screen';
import { createIdempotency } from './idempotency';
import { changeResultStatus } from './review';
import { createRateLimiter } from './rate-limit';
import { multipartRoute } from './upload-route';
import { createRosterFromRecords } from './rosters';
import { rosterById } from '../monitoring/public';
import type { ApiCreateRosterInput, ApiCreateRosterVersionInput } from '#shared/public-api-roster-operations';
import { createRosterFromFile, createVersionFromRecords, createVersionFromUpload, decideApiVersion, getApiVersion } from './roster-versions';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export async function publicApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const document = buildOpenApiDocument();
  const idempotency = createIdempotency(ctx);
  const batchId = (request: FastifyRequest) => (request.params as { batchId: number }).batchId;
  const rosterId = (request: FastifyRequest) => (request.params as { rosterId: number }).rosterId;
  const versionId = (request: FastifyRequest) => (request.params as { versionId: number }).versionId;
  const batchOf = async (request: FastifyRequest) => visibleBatch(ctx, await batchCallerOf(ctx.db, request), batchId(request));
  /** A creating POST: a retry with the same Idempotency-Key and body answers the first answer. */
  const once =
    (run: (request: FastifyRequest) => Promise<unknown>): Handler =>
    async (request, reply) =>
      (await idempotency.begin(request, reply, JSON.stringify(request.body))) ? reply : run(request);

  const handlers: Record<ApiOperationId, Handler> = {
    searchName: once(async (request) => searchByName(ctx, await searchCallerOf(ctx.db, request), nameSearchQueryOf(request.body as ApiNameSearchInput))),
    searchNpi: once(async (request) => searchByNpi(ctx, await searchCallerOf(ctx.db, request), (request.body as { npi: string }).npi)),
    screenMany: once(async (request) => screenBulk(ctx, await searchCallerOf(ctx.db, request), request.body as BulkScreenInput)),
    getSearch: async (request) => reopenSearch(ctx.db, await searchScopeOf(ctx.db, request), (request.params as { searchId: number }).searchId),
    listLists: async () => listStatuses(ctx.db),
    listBatches: async (request) => listBatches(ctx, await batchCallerOf(ctx.db, request), request.query as BatchListQuery),
    createBatch: once(async (request) => createBatchFromRecords(ctx, await batchCallerOf(ctx.db, request), request.body as ApiCreateBatchInput)),
    uploadBatch: multipartRoute(ctx, idempotency, (caller, _request, received) => createBatchFromUpload(ctx, caller, received)),
    getBatch: async (request) => batchStatus(ctx, await batchCallerOf(ctx.db, request), batchId(request)),
    batchResults: async (request) => exclusionPage(ctx.db, await batchOf(request), request.query as ExclusionQuery),
    batchNpiResults: async (request) => npiPage(ctx.db, await batchOf(request), request.query as NpiQuery),
    batchSsdmfResults: async (request) => ssdmfPage(ctx.db, await batchOf(request), request.query as SsdmfQuery),
    changeResultStatus: async (request) => changeResultStatus(ctx, request, await batchOf(request), request.body as ApiStatusChangeInput),
    batchReport: async (request, reply) => {
      const file = await reportFile(ctx, await batchOf(request), request.auth!.userId, (request.params as { report: ReportKind }).report, (request.query as { format: ReportFormat }).format, serverTimeZone());
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
    },
    createRoster: once(async (request) => createRosterFromRecords(ctx, await batchCallerOf(ctx.db, request), request.auth!.roles, request.body as ApiCreateRosterInput)),
    getRoster: async (request) => rosterById(ctx, await batchCallerOf(ctx.db, request), rosterId(request)),
    uploadRoster: multipartRoute(ctx, idempotency, (caller, request, received) => createRosterFromFile(ctx, caller, request.auth!.roles, received)),
    createRosterVersion: once(async (request) => createVersionFromRecords(ctx, await batchCallerOf(ctx.db, request), request.auth!.roles, rosterId(request), request.body as ApiCreateRosterVersionInput)),
    uploadRosterVersion: multipartRoute(ctx, idempotency, (caller, request, received) => createVersionFromUpload(ctx, caller, request.auth!.roles, rosterId(request), received)),
    getRosterVersion: async (request) => getApiVersion(ctx, await batchCallerOf(ctx.db, request), rosterId(request), versionId(request)),
    applyRosterVersion: async (request) => decideApiVersion(ctx, await batchCallerOf(ctx.db, request), request.auth!.roles, rosterId(request), versionId(request), 'apply'),
    discardRosterVersion: async (request) => decideApiVersion(ctx, await batchCallerOf(ctx.db, request), request.auth!.roles, rosterId(request), versionId(request), 'discard'),
    openApi: async () => document,
  };
  const authenticate = createKeyAuthenticator(ctx, createRateLimiter(ctx.db, ctx.config.apiRequestsPerMinute));

  await app.register(async (api) => {
    api.decorateRequest('apiKeyId', null);
    api.decorateRequest('idempotencyClaim', null);
    api.decorateRequest('searchUser', null);
    // Answers with a key's data are never cached, errors included (set before anything can fail).
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    api.addHook('onSend', async (request, reply, payload) => {
      await idempotency.keep(request, reply, payload);
      return payload;
    });
    for (const [id, op] of Object.entries(PUBLIC_API_OPERATIONS) as [ApiOperationId, ApiOperation][]) {
      api.route({
        method: op.method,
        url: `${PUBLIC_API_BASE}${op.path}`,
        schema: {
          ...(op.params ? { params: op.params } : {}),
          ...(op.query ? { querystring: op.query } : {}),
          ...(op.body ? { body: op.body } : {}),
          ...(op.response ? { response: { 200: op.response } } : {}),
        },
        // A batch as JSON may be as large as a CSV upload (plus the JSON around its values).
        ...(id === 'createBatch' || id === 'createRoster' || id === 'createRosterVersion' ? { bodyLimit: Math.max(ctx.config.bodyLimitBytes, ctx.config.uploadMaxBytes * 2) } : {}),
        // The same text as the zod serializer, each distinct `lists` encoded once (ADR 047).
        ...(id === 'screenMany' ? { serializerCompiler: bulkAnswerSerializer } : {}),
        ...(op.isPublic ? {} : { onRequest: authenticate }),
        handler: handlers[id],
      });
    }
  });
}
