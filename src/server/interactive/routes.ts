/** Interactive search API (spec §7): eligibility, name (a business with its owners too, ADR 119) and NPI searches, history and reopening. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EligibilityQuerySchema,
  EligibilitySchema,
  InteractiveResultSchema,
  NameSearchQuerySchema,
  NameSearchResultSchema,
  NpiParamsSchema,
  NpiSearchQuerySchema,
  NpiSearchResultSchema,
  SearchHistoryQuerySchema,
  SearchHistorySchema,
  SearchIdParamsSchema,
} from '#shared/interactive-search';
import type { AppContext } from '../app-context';
import { searchCallerOf } from './caller';
import { advancedSearchRoutes } from './advanced-routes';
import { checkEligibility } from './eligibility';
import { reopenSearch, searchHistory, searchScopeOf } from './history';
import { searchNameWithOwners } from './owners-search';
import { searchByNpi } from './npi-search';

export function interactiveSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const base = '/services/interactivesearch';

  r.get(`${base}/eligibility`, { schema: { querystring: EligibilityQuerySchema, response: { 200: EligibilitySchema } } }, async (request) =>
    checkEligibility(ctx, await searchCallerOf(db, request), request.query.type),
  );

  r.get(`${base}/name`, { schema: { querystring: NameSearchQuerySchema, response: { 200: NameSearchResultSchema } } }, async (request) =>
    searchNameWithOwners(ctx, await searchCallerOf(db, request), request.query),
  );

  r.get(`${base}/npi/:npi`, { schema: { params: NpiParamsSchema, querystring: NpiSearchQuerySchema, response: { 200: NpiSearchResultSchema } } }, async (request) =>
    searchByNpi(ctx, await searchCallerOf(db, request), request.params.npi, request.query.name),
  );

  r.get(`${base}/history`, { schema: { querystring: SearchHistoryQuerySchema, response: { 200: SearchHistorySchema } } }, async (request) =>
    searchHistory(db, await searchScopeOf(db, request), request.query),
  );

  r.get(`${base}/searches/:searchId`, { schema: { params: SearchIdParamsSchema, response: { 200: InteractiveResultSchema } } }, async (request) =>
    reopenSearch(db, await searchScopeOf(db, request), request.params.searchId),
  );

  advancedSearchRoutes(app, ctx);
}
