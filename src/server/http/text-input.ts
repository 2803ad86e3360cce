/**
 * Refuses U+0000 in every text input (path, query string, JSON body, keys included) with a 400
 * naming the field: PostgreSQL cannot store it in text or jsonb and answers an error that used
 * to surface as a 500 (ADR 025). One guard for every route instead of one rule per contract.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/messages';
import { AppError } from './errors';

const MAX_DEPTH = 20;

/** The dotted paths of the strings (or keys) holding a NUL character, at most 10. */
export function nulPaths(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 10 || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, `${path}.${i}`, found, depth + 1));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}.${key.replace(/\u0000/g, '\\0')}`;
      if (key.includes('\u0000')) found.push(at);
      else nulPaths(item, at, found, depth + 1);
    }
  }
  return found;
}

async function refuseNul(request: FastifyRequest): Promise<void> {
  const found = [...nulPaths(request.params, 'params'), ...nulPaths(request.query, 'query'), ...nulPaths(request.body, 'body')];
  if (found.length === 0) return;
  throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter, Object.fromEntries(found.map((field) => [field, MESSAGES.nulCharacter])));
}

/**
 * Adds the guard to every /services and /api route. Install it before the access control, which
 * puts its own check first: a caller without access learns nothing about the input either way.
 */
export function installTextInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/services') && !route.url.startsWith('/api')) return;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [refuseNul, ...existing];
  });
}
