/** SQL for sessions. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, sessions, userRoles, users } from '../db/schema';

/** The signed-in user behind a live session, or null. Disabled users and clients get none. */
export async function findSessionAuth(db: Db, sessionHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      clientId: users.clientId,
      teamId: users.teamId,
      clientState: clients.state,
      accessEndsAt: clients.accessEndsAt,
      ipAllowlist: clients.ipAllowlist,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(eq(sessions.idHash, sessionHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.isActive, true)),
    );
  if (!row || row.clientState === 'disabled') return null;
  if (row.clientState === 'disabling' && row.accessEndsAt && row.accessEndsAt <= now) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.userId));
  return {
    userId: row.userId,
    username: row.username,
    clientId: row.clientId,
    teamId: row.teamId,
    roles: roles.map((r) => r.role).sort(),
    ipAllowlist: row.ipAllowlist,
  };
}

export async function createSession(
  db: Db,
  values: { idHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Db, sessionHash: string) {
  // Only every minute or so: a write per request would be waste.
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
