/**
 * Which batches a caller sees (ADR 014): system admins all; domain admins and account owners
 * their whole client; everyone else the batches of their team and of the teams they own
 * (their own uploads when they have no team).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import { unauthenticated } from '../http/errors';

export interface BatchCaller {
  userId: number;
  clientId: number;
  teamId: number | null;
  isSystemAdmin: boolean;
  /** Sees every batch of the client. */
  seesWholeClient: boolean;
  /** Teams this user owns (the team filter). */
  ownedTeamIds: number[];
}

export interface BatchScope {
  /** null: any client. */
  clientId: number | null;
  /** null: any team of the client. */
  teamIds: number[] | null;
  /** Set when the caller sees only their own uploads. */
  uploaderUserId: number | null;
}

const CLIENT_WIDE_ROLES = ['domain_admin_user', 'account_owner_user'];

export async function batchCallerOf(db: Db, request: FastifyRequest): Promise<BatchCaller> {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  const owned = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, auth.userId));
  const isSystemAdmin = auth.roles.includes('system_admin_user');
  return {
    userId: auth.userId,
    clientId: auth.clientId,
    teamId: auth.teamId,
    isSystemAdmin,
    seesWholeClient: isSystemAdmin || auth.roles.some((r) => CLIENT_WIDE_ROLES.includes(r)),
    ownedTeamIds: owned.map((t) => t.id),
  };
}

export function scopeOf(caller: BatchCaller): BatchScope {
  if (caller.isSystemAdmin) return { clientId: null, teamIds: null, uploaderUserId: null };
  if (caller.seesWholeClient) return { clientId: caller.clientId, teamIds: null, uploaderUserId: null };
  const teamIds = [...new Set([...(caller.teamId ? [caller.teamId] : []), ...caller.ownedTeamIds])];
  if (teamIds.length === 0) return { clientId: caller.clientId, teamIds: null, uploaderUserId: caller.userId };
  return { clientId: caller.clientId, teamIds, uploaderUserId: null };
}
