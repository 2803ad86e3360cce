/** Routes of Client Admin (/admin); system administrators only (src/shared/access.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClientDetailSchema,
  ClientIdParamsSchema,
  ClientListQuerySchema,
  ClientListSchema,
  HistorySchema,
  SetClientStateInputSchema,
  UpdateClientInputSchema,
} from '#shared/admin';
import type { AppContext } from '../app-context';
import { callerOf } from '../access/caller';
import { changeClientSettings, clientHistory, getClient, searchClients, setClientEnabled } from './clients';

export function adminClientRoutes(app: FastifyInstance, { db }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = ClientIdParamsSchema;
  const response = { 200: ClientDetailSchema };

  r.get('/services/admin/clients', { schema: { querystring: ClientListQuerySchema, response: { 200: ClientListSchema } } }, (request) =>
    searchClients(db, request.query),
  );

  r.get('/services/admin/clients/:clientId', { schema: { params, response } }, (request) => getClient(db, request.params.clientId));

  r.put('/services/admin/clients/:clientId', { schema: { params, body: UpdateClientInputSchema, response } }, (request) =>
    changeClientSettings(db, callerOf(request), request.params.clientId, request.body),
  );

  r.put('/services/admin/clients/:clientId/state', { schema: { params, body: SetClientStateInputSchema, response } }, (request) =>
    setClientEnabled(db, callerOf(request), request.params.clientId, request.body.isEnabled),
  );

  r.get('/services/admin/clients/:clientId/history', { schema: { params, response: { 200: HistorySchema } } }, (request) =>
    clientHistory(db, request.params.clientId),
  );
}
