/** Enforces src/shared/access.ts on every route: an endpoint missing from it refuses to start. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINT_ACCESS, type Access } from '#shared/access';
import { hasAnyRole } from '#shared/roles';
import { AppError, forbidden, unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function installAccessControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/services') && !route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const access = ENDPOINT_ACCESS[key];
      if (!access) throw new AppError('INTERNAL', `No access rule for ${key} in src/shared/access.ts`);
      route.config = { ...(route.config ?? {}), access };
      const guard = async (request: import('fastify').FastifyRequest) => {
        if (access === 'public') return;
        if (!request.auth) throw unauthenticated();
        if (access !== 'user' && !hasAnyRole(request.auth.roles, access)) throw forbidden();
      };
      // Before validation: a caller without access learns nothing about the expected input.
      const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
      route.preValidation = [guard, ...existing];
    }
  });
}
