/** Monitoring API (ADR 046): rosters made from batches, their alerts and runs. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateRosterInputSchema, RosterDetailSchema, RosterIdParamsSchema, RosterListSchema, RosterSchema } from '#shared/monitoring';
import type { AppContext } from '../app-context';
import { batchCallerOf } from '../batches/scope';
import { createRoster, listRosters, rosterDetail } from './rosters';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/services/monitoring/rosters', { schema: { response: { 200: RosterListSchema } } }, async (request) => listRosters(ctx, await batchCallerOf(ctx.db, request)));
  r.post('/services/monitoring/rosters', { schema: { body: CreateRosterInputSchema, response: { 201: RosterSchema } } }, async (request, reply) =>
    reply.code(201).send(await createRoster(ctx, await batchCallerOf(ctx.db, request), request.body)),
  );
  r.get('/services/monitoring/rosters/:rosterId', { schema: { params: RosterIdParamsSchema, response: { 200: RosterDetailSchema } } }, async (request) =>
    rosterDetail(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId),
  );
}
