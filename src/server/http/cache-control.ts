/**
 * Nothing the API answers may be kept by a browser or a shared cache: answers carry personal
 * data (results, users, invoices, reports), and the few that do not are cheap to ask again.
 */
import type { FastifyInstance } from 'fastify';

export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/services') || request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
