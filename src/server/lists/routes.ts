/** The public state of the lists (the "Lists we search" page). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListStatusesSchema } from '#shared/lists';
import type { AppContext } from '../app-context';
import { listStatuses } from './status';

export function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/services/lists', { schema: { response: { 200: ListStatusesSchema } } }, async () => listStatuses(ctx.db));
}
