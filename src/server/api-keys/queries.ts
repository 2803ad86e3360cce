/** SQL for API keys. */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, clients, userRoles, users } from '../db/schema';

/** Which keys a caller sees: the client's, narrowed to a team or to the caller's own. */
export interface KeyScope {
  clientId: number;
  /** Set: keys of this team (and the caller's own). */
  teamId: number | null;
  /** Set when the caller sees only their team's keys or their own; null: the whole client. */
  userId: number | null;
}

function scopeFilter(scope: KeyScope): SQL | undefined {
  const ofClient = eq(apiKeys.clientId, scope.clientId);
  if (scope.userId === null) return ofClient;
  const own = eq(apiKeys.createdByUserId, scope.userId);
  return and(ofClient, scope.teamId === null ? own : or(own, eq(apiKeys.teamId, scope.teamId)));
}

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};
export async function listKeys(db: Db, scope: KeyScope) {
  return db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(scopeFilter(scope))
    .orderBy(sql`${apiKeys.createdAt} desc`, sql`${apiKeys.id} desc`);
}

export type ListedKey = Awaited<ReturnType<typeof listKeys>>[number];

export async function findVisibleKey(db: Db, scope: KeyScope, keyId: number): Promise<ListedKey | undefined> {
  const [row] = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(scopeFilter(scope), eq(apiKeys.id, keyId)));
  return row;
}

export async function insertKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

export async function markRevoked(db: Db, keyId: number, byUserId: number, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedByUserId: byUserId })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
}

/** The key of a secret hash with its creator and client, whatever their state (the caller judges). */
export async function findKeyBySecretHash(db: Db, secretHash: string) {
  // One statement for everything a keyed request needs: the key, its creator with their roles,
  // and the creator's client as the searches read it (ADR 041).
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      userId: users.id,
      username: users.username,
      isUserActive: users.isActive,
      clientId: users.clientId,
      teamId: users.teamId,
      keyClientId: apiKeys.clientId,
      clientState: clients.state,
      accessEndsAt: clients.accessEndsAt,
      roles: sql<string[]>`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}::text) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}'::text[])`,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
      searchOptions: clients.searchOptions,
      trialSearchesPerMonth: clients.trialSearchesPerMonth,
      trialEndsAt: clients.trialEndsAt,
      reviewThreshold: clients.reviewThreshold,
      ipAllowlist: clients.ipAllowlist,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .where(eq(apiKeys.secretHash, secretHash));
  return row;
}

/** Sets last-used unless it was set less than a minute ago (one write a minute per key at most). */
export async function touchKey(db: Db, keyId: number, at: Date): Promise<void> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}
