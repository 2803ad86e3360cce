/** Advance Search API (ADR 036): the form's options, the search, and reopening a stored one. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdvancedOptionsSchema, AdvancedSearchInputSchema, AdvancedSearchResultSchema, LIST_GROUPS, SENSITIVITY_RANGE, type AdvancedOptions } from '#shared/advanced-search';
import { SearchIdParamsSchema } from '#shared/interactive-search';
import { findListSource } from '#lists/sources';
import type { AppContext } from '../app-context';
import { currentIndex } from '../screening/screener';
import { unauthenticated } from '../http/errors';
import { allowedSources, reinstatedRecordCount, runAdvancedSearch, sensitivityOf } from './advanced-search';
import { searchCallerOf, type UserCaller } from './caller';
import { reopenAdvancedSearch, searchScopeOf } from './history';

async function userCallerOf(ctx: AppContext, request: Parameters<typeof searchCallerOf>[1]): Promise<UserCaller> {
  const caller = await searchCallerOf(ctx.db, request);
  if (caller.kind !== 'user') throw unauthenticated();
  return caller;
}

async function optionsFor(ctx: AppContext, caller: UserCaller): Promise<AdvancedOptions> {
  const allowed = allowedSources(caller);
  return {
    groups: LIST_GROUPS.map((g) => ({
      id: g.id,
      title: g.title,
      lists: g.sources.map((source) => ({ source, title: findListSource(source)?.title ?? source, allowed: allowed.includes(source) })),
    })),
    sensitivity: { ...SENSITIVITY_RANGE, default: sensitivityOf(caller, undefined) },
    reinstatedRecords: reinstatedRecordCount(await currentIndex(ctx), ctx.now().toISOString().slice(0, 10)),
  };
}

export function advancedSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/services/advancedsearch';

  r.get(`${base}/options`, { schema: { response: { 200: AdvancedOptionsSchema } } }, async (request) => optionsFor(ctx, await userCallerOf(ctx, request)));

  r.post(base, { schema: { body: AdvancedSearchInputSchema, response: { 200: AdvancedSearchResultSchema } } }, async (request) =>
    runAdvancedSearch(ctx, await userCallerOf(ctx, request), request.body),
  );

  r.get(`${base}/searches/:searchId`, { schema: { params: SearchIdParamsSchema, response: { 200: AdvancedSearchResultSchema } } }, async (request) =>
    AdvancedSearchResultSchema.parse(await reopenAdvancedSearch(ctx.db, await searchScopeOf(ctx.db, request), request.params.searchId)),
  );
}
