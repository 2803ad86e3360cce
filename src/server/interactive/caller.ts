/** Who is searching: an anonymous visitor (by network address) or a signed-in user and their client. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SearchOption } from '#shared/teams';
import type { Db } from '../db/client';
import { unauthenticated } from '../http/errors';
import { findSearchUser } from './queries';

export interface AnonymousCaller {
  kind: 'anonymous';
  /** sha256 of the address: the count needs equality, not the address itself. */
  addressHash: string;
}

export interface UserCaller {
  kind: 'user';
  userId: number;
  clientId: number;
  teamId: number | null;
  roles: string[];
  fullName: string;
  clientName: string;
  clientState: string;
  searchOptions: SearchOption[];
  trialSearchesPerMonth: number | null;
  trialEndsAt: Date | null;
  accessEndsAt: Date | null;
  reviewThreshold: number | null;
}

export type SearchCaller = AnonymousCaller | UserCaller;

/** The user's and client's fields a search reads (findSearchUser's row). */
export type SearchUserRow = NonNullable<Awaited<ReturnType<typeof findSearchUser>>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Read with the API key in the same statement (ADR 041); absent on session requests. */
    searchUser?: SearchUserRow | null;
  }
}

export const isSystemAdmin = (caller: UserCaller) => caller.roles.includes('system_admin_user');

export function addressHashOf(ip: string): string {
  return createHash('sha256').update(`clearlist-anonymous-search:${ip}`).digest('hex');
}

/** The caller of a request: signed in when it carries a session, else anonymous. */
export async function searchCallerOf(db: Db, request: FastifyRequest): Promise<SearchCaller> {
  const auth = request.auth;
  if (!auth) return { kind: 'anonymous', addressHash: addressHashOf(request.ip) };
  const row = request.searchUser ?? (await findSearchUser(db, auth.userId));
  if (!row) throw unauthenticated();
  return {
    kind: 'user',
    userId: auth.userId,
    clientId: auth.clientId,
    teamId: auth.teamId,
    roles: auth.roles,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    clientName: row.clientName,
    clientState: row.clientState,
    searchOptions: row.searchOptions as SearchOption[],
    trialSearchesPerMonth: row.trialSearchesPerMonth,
    trialEndsAt: row.trialEndsAt,
    accessEndsAt: row.accessEndsAt,
    reviewThreshold: row.reviewThreshold,
  };
}
