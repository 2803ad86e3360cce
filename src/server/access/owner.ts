/** The signed-in caller of the account and billing pages, acting on their own client. */
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../http/errors';

/** The signed-in caller acting on their own client. */
export function ownerOf(request: FastifyRequest) {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  return { userId: auth.userId, username: auth.username, clientId: auth.clientId, ip: request.ip };
}
