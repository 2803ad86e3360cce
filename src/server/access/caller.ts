/** Who is asking, and which client their queries are confined to. */
import type { FastifyRequest } from 'fastify';
import { notFound, unauthenticated } from '../http/errors';

export interface Caller {
  userId: number;
  username: string;
  clientId: number;
  isSystemAdmin: boolean;
  ip: string;
}

export function callerOf(request: FastifyRequest): Caller {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  return {
    userId: auth.userId,
    username: auth.username,
    clientId: auth.clientId,
    isSystemAdmin: auth.roles.includes('system_admin_user'),
    ip: request.ip,
  };
}

/** The client a query may touch: null means any (system admins), else the caller's own. */
export function scopeOf(caller: Caller): number | null {
  return caller.isSystemAdmin ? null : caller.clientId;
}

/**
 * The client a list or create works on. Another client's id from a domain admin answers
 * 404, like any id outside their client: it must not reveal that the client exists.
 */
export function chooseClient(caller: Caller, requested: number | undefined): number {
  if (requested === undefined) return caller.clientId;
  if (!caller.isSystemAdmin && requested !== caller.clientId) throw notFound('The client');
  return requested;
}

/** Audit fields shared by every admin change. */
export function auditBy(caller: Caller, clientId: number, target: string) {
  return { actorUserId: caller.userId, actorUsername: caller.username, clientId, target, ip: caller.ip };
}
