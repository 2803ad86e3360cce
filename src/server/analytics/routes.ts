/** The spec's analytics calls: the key (none unless ANALYTICS_KEY is set) and legacy events (logged by name). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsEventQuerySchema, AnalyticsKeySchema } from '#shared/analytics';
import type { AppContext } from '../app-context';
import { jsonString } from '../http/json-string';

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/services/analytic/apikey', { schema: { response: { 200: AnalyticsKeySchema } } }, async (_request, reply) => jsonString(reply, ctx.config.analyticsKey ?? null));

  // Only the event's name reaches the log: no query text, no user data beyond the user id.
  r.put('/services/analytic', { schema: { querystring: AnalyticsEventQuerySchema } }, async (request, reply) => {
    request.log.info({ analyticsEvent: request.query.event, userId: request.auth?.userId ?? null }, 'analytics event');
    return reply.code(204).send();
  });
}
