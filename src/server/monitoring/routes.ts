/** Monitoring API (ADR 046): rosters made from batches, their alerts and runs. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CertificateParamsSchema, CreateRosterInputSchema, RosterDetailSchema, RosterIdParamsSchema, RosterListSchema, RosterScheduleInputSchema, RosterSchema } from '#shared/monitoring';
import type { AppContext } from '../app-context';
import { batchCallerOf } from '../access/batch-scope';
import { certificateFile, createRoster, listRosters, rosterDetail, setRosterSchedule } from './rosters';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/services/monitoring/rosters', { schema: { response: { 200: RosterListSchema } } }, async (request) => listRosters(ctx, await batchCallerOf(ctx.db, request)));
  r.post('/services/monitoring/rosters', { schema: { body: CreateRosterInputSchema, response: { 201: RosterSchema } } }, async (request, reply) =>
    reply.code(201).send(await createRoster(ctx, await batchCallerOf(ctx.db, request), request.body)),
  );
  r.get('/services/monitoring/rosters/:rosterId', { schema: { params: RosterIdParamsSchema, response: { 200: RosterDetailSchema } } }, async (request) =>
    rosterDetail(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId),
  );
  r.put('/services/monitoring/rosters/:rosterId/schedule', { schema: { params: RosterIdParamsSchema, body: RosterScheduleInputSchema, response: { 200: RosterSchema } } }, async (request) =>
    setRosterSchedule(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.body.rescreenDay),
  );
  r.get('/services/monitoring/rosters/:rosterId/certificates/:certificateId/pdf', { schema: { params: CertificateParamsSchema } }, async (request, reply) => {
    const file = await certificateFile(ctx, await batchCallerOf(ctx.db, request), request.params.rosterId, request.params.certificateId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.pdf);
  });
}
