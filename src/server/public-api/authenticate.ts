/**
 * Authentication of /api/v1 by `Authorization: Bearer <key>` alone (no cookie, no CSRF): the
 * key's creator becomes request.auth, so the access table's roles (api_user) and every
 * feature's client and team scoping apply to the key as to its creator in the app.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '#shared/api-keys';
import type { AppContext } from '../app-context';
import { findKeyBySecretHash, touchKey, hashApiKeySecret } from '../api-keys/public';
import { AppError } from '../http/errors';
import { isIpAllowedForClient } from '../http/ip-allowlist';
import type { RateLimiter } from './rate-limit';

export const API_KEY_TEXTS = {
  missing: `Send your API key in the Authorization header: "Authorization: Bearer ${API_KEY_PREFIX}…".`,
  invalid: 'This API key is not valid.',
  revoked: 'This API key has been revoked.',
  expired: 'This API key has expired.',
  inactive: 'The user who created this API key, or their account, is no longer active.',
  outsideAllowlist: (ip: string) => `Your account accepts requests only from its allowed network addresses, and this one came from ${ip}. Send it from your organisation's network, or ask your administrator to add the address.`,
  rateLimited: (seconds: number) => `Too many requests with this API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
};

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyId: number | null;
  }
}

const refuse = (reply: FastifyReply, message: string) => {
  reply.header('WWW-Authenticate', 'Bearer realm="clearlist"');
  return new AppError('UNAUTHENTICATED', message);
};

/** Sets request.auth from the bearer key or refuses with 401 (429 past the key's rate). */
export function createKeyAuthenticator(ctx: AppContext, limiter: RateLimiter) {
  // Last-used is written at most once a minute per key: this process skips the query in between too.
  const touched = new Map<number, number>();
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw refuse(reply, API_KEY_TEXTS.missing);
    const key = await findKeyBySecretHash(ctx.db, hashApiKeySecret(match[1]));
    if (!key) throw refuse(reply, API_KEY_TEXTS.invalid);
    const now = ctx.now();
    if (key.revokedAt) throw refuse(reply, API_KEY_TEXTS.revoked);
    if (key.expiresAt && key.expiresAt <= now) throw refuse(reply, API_KEY_TEXTS.expired);
    const isClientClosed = key.clientState === 'disabled' || (key.clientState === 'disabling' && key.accessEndsAt !== null && key.accessEndsAt <= now);
    if (!key.isUserActive || isClientClosed || key.clientId !== key.keyClientId) throw refuse(reply, API_KEY_TEXTS.inactive);
    // The client's IP allowlist holds for its keys as for its sessions (issue 53): a leaked key is no use outside it.
    if (!isIpAllowedForClient(key.clientId, request.ip, key.ipAllowlist)) throw new AppError('FORBIDDEN', API_KEY_TEXTS.outsideAllowlist(request.ip));
    const wait = await limiter.take(key.keyId, now);
    if (wait !== null) {
      reply.header('Retry-After', String(wait));
      throw new AppError('RATE_LIMITED', API_KEY_TEXTS.rateLimited(wait));
    }
    request.apiKeyId = key.keyId;
    request.auth = { userId: key.userId, username: key.username, clientId: key.clientId, teamId: key.teamId, roles: key.roles, sessionHash: '' };
    const { firstName, lastName, clientName, clientState, searchOptions, trialSearchesPerMonth, trialEndsAt, accessEndsAt, reviewThreshold } = key;
    request.searchUser = { firstName, lastName, clientName, clientState, searchOptions, trialSearchesPerMonth, trialEndsAt, accessEndsAt, reviewThreshold };
    const last = touched.get(key.keyId);
    if (last === undefined || now.getTime() - last >= 60_000) {
      touched.set(key.keyId, now.getTime());
      await touchKey(ctx.db, key.keyId, now);
    }
  };
}
