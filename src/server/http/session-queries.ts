/** SQL for sessions. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, sessions, userRoles, users } from '../db/schema';

/**
 * The session's user, roles, client state and allowlist, and the user's and client's fields the
 * search rules read (so a search needs no second look-up, ADR 055), in one statement; null when
 * the session is unknown, revoked or expired at `now`, or its user inactive.
 */
export async function findSessionRow(db: Db, sessionHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      clientId: users.clientId,
      teamId: users.teamId,
      expiresAt: sessions.expiresAt,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
      clientState: clients.state,
      searchOptions: clients.searchOptions,
      trialSearchesPerMonth: clients.trialSearchesPerMonth,
      trialEndsAt: clients.trialEndsAt,
      accessEndsAt: clients.accessEndsAt,
      reviewThreshold: clients.reviewThreshold,
      ipAllowlist: clients.ipAllowlist,
      roles: sql<string[]>`array(SELECT ${userRoles.role} FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id} ORDER BY ${userRoles.role})`,
      // Touched at most once a minute: a write per request would be waste.
      isStale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(eq(sessions.idHash, sessionHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.isActive, true)),
    );
  return row ?? null;
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionRow>>>;

/** The signed-in user of a session row at `now`, or null: expired sessions, disabled clients and ended access get none. */
export function sessionAuthOf(row: SessionRow, now: Date) {
  if (row.expiresAt <= now || row.clientState === 'disabled') return null;
  if (row.clientState === 'disabling' && row.accessEndsAt && row.accessEndsAt <= now) return null;
  const { userId, username, clientId, teamId, roles, ipAllowlist, isStale, expiresAt: _expiresAt, ...searchUser } = row;
  return { userId, username, clientId, teamId, roles: [...roles], ipAllowlist, isStale: Boolean(isStale), searchUser };
}

export async function createSession(
  db: Db,
  values: { idHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
}

/** Records that the session was used (callers do it only when findSessionAuth found it stale). */
export async function touchSession(db: Db, sessionHash: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.idHash, sessionHash), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
}

export async function revokeSession(db: Db, sessionHash: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.idHash, sessionHash));
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
