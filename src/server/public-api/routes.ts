/**
 * The public API under /api/v1 (ADR 029), registered from the operations table: each route
 * calls the same rule as the app's own endpoint, as the key's creator.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC_API_BASE, PUBLIC_API_OPERATIONS, type ApiOperation, type ApiOperationId } from '#shared/public-api';
import type { NameSearchQuery } from '#shared/interactive-search';
import type { BatchListQuery } from '#shared/batches';
import type { ExclusionQuery } from '#shared/results';
import type { AppContext } from '../app-context';
import { listBatches } from '../batches/list';
import { findVisibleBatch } from '../batches/queries';
import { batchCallerOf, scopeOf } from '../batches/scope';
import { notFound } from '../http/errors';
import { exclusionPage } from '../results/pages';
import { searchCallerOf } from '../interactive/caller';
import { reopenSearch, searchScopeOf } from '../interactive/history';
import { searchByName } from '../interactive/name-search';
import { searchByNpi } from '../interactive/npi-search';
import { listStatuses } from '../lists/status';
import { createKeyAuthenticator } from './authenticate';
import { buildOpenApiDocument } from '#shared/openapi';
import { createRateLimiter } from './rate-limit';

type Handler = (request: FastifyRequest) => Promise<unknown>;

export async function publicApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const document = buildOpenApiDocument();
  const handlers: Record<ApiOperationId, Handler> = {
    searchName: async (request) => searchByName(ctx, await searchCallerOf(ctx.db, request), request.body as NameSearchQuery),
    searchNpi: async (request) => searchByNpi(ctx, await searchCallerOf(ctx.db, request), (request.body as { npi: string }).npi),
    getSearch: async (request) => reopenSearch(ctx.db, await searchScopeOf(ctx.db, request), (request.params as { searchId: number }).searchId),
    listLists: async () => listStatuses(ctx.db),
    listBatches: async (request) => listBatches(ctx.db, await batchCallerOf(ctx.db, request), request.query as BatchListQuery),
    batchResults: async (request) => {
      const batchId = (request.params as { batchId: number }).batchId;
      const batch = await findVisibleBatch(ctx.db, scopeOf(await batchCallerOf(ctx.db, request)), batchId);
      if (!batch) throw notFound('The batch');
      return exclusionPage(ctx.db, batch, request.query as ExclusionQuery);
    },
    openApi: async () => document,
  };
  const authenticate = createKeyAuthenticator(ctx, createRateLimiter(ctx.config.apiRequestsPerMinute));

  await app.register(async (api) => {
    api.decorateRequest('apiKeyId', null);
    // Answers with a key's data are never cached, errors included (set before anything can fail).
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    for (const [id, op] of Object.entries(PUBLIC_API_OPERATIONS) as [ApiOperationId, ApiOperation][]) {
      api.route({
        method: op.method,
        url: `${PUBLIC_API_BASE}${op.path}`,
        schema: { ...(op.params ? { params: op.params } : {}), ...(op.query ? { querystring: op.query } : {}), ...(op.body ? { body: op.body } : {}), response: { 200: op.response } },
        ...(op.isPublic ? {} : { onRequest: authenticate }),
        handler: handlers[id],
      });
    }
  });
}
