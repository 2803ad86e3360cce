/** API key management for the signed-in user (session + CSRF): list, create, revoke. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKeyIdParamsSchema, ApiKeyListSchema, ApiKeySchema, CreateApiKeyInputSchema, CreatedApiKeySchema } from '#shared/api-keys';
import type { AppContext } from '../app-context';
import { unauthenticated } from '../http/errors';
import type { AuthContext } from '../http/session';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authOf = (auth: AuthContext | null): AuthContext => {
    if (!auth) throw unauthenticated();
    return auth;
  };

  r.get('/services/apikeys', { schema: { response: { 200: ApiKeyListSchema } } }, async (request) => ({
    items: await listApiKeys(ctx, authOf(request.auth)),
  }));

  r.post('/services/apikeys', { schema: { body: CreateApiKeyInputSchema, response: { 201: CreatedApiKeySchema } } }, async (request, reply) => {
    const created = await createApiKey(ctx, authOf(request.auth), request.body, request.ip);
    return reply.code(201).send(created);
  });

  r.put('/services/apikeys/:keyId/revoke', { schema: { params: ApiKeyIdParamsSchema, response: { 200: ApiKeySchema } } }, async (request) =>
    revokeApiKey(ctx, authOf(request.auth), request.params.keyId, request.ip),
  );
}
