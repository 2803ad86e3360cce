/** SQL of sign-in, current user, tokens and login attempts. */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withKeyLocks } from '../db/key-lock';
import { clients, loginAttempts, teams, tokens, userRoles, users } from '../db/schema';

export async function findUserForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row ?? null;
}

export async function findUserByUsernameOrEmail(db: Db, value: string) {
  const lower = value.toLowerCase();
  return db
    .select({ id: users.id, email: users.email, username: users.username, clientId: users.clientId })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`(lower(${users.username}) = ${lower} OR lower(${users.email}) = ${lower})`,
      ),
    )
    .limit(5);
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  return (row?.n ?? 0) > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function loadCurrentUser(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, client: clients, team: teams })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return { ...row, roles: roles.map((r) => r.role).sort() };
}

/**
 * Counts the recent failures of an address and of a username and, when both are under their
 * limits, records this attempt as a failure until it succeeds (settleLoginAttempt): parallel
 * guesses each take a place under the limit before any password is checked, so no more than
 * the limit are ever checked. Answers the attempt's id, or null when a limit is reached.
 */
export async function reserveLoginAttempt(
  db: Db,
  attempt: { ip: string; usernameLower: string; since: Date; perIp: number; perUser: number },
): Promise<{ id: number } | { byIp: number; byUser: number }> {
  const { ip, usernameLower } = attempt;
  return withKeyLocks(db, [`login-user:${usernameLower}`, `login-ip:${ip}`], async (tx) => {
    const failures = await countRecentFailures(tx, ip, usernameLower, attempt.since);
    if (failures.byIp >= attempt.perIp || failures.byUser >= attempt.perUser) return failures;
    const [row] = await tx.insert(loginAttempts).values({ ip, usernameLower, isSuccess: false }).returning({ id: loginAttempts.id });
    return { id: row.id };
  });
}

/** Marks a reserved attempt as a success (it no longer counts as a failure). */
export async function settleLoginAttempt(db: Db, id: number) {
  await db.update(loginAttempts).set({ isSuccess: true }).where(eq(loginAttempts.id, id));
}

async function countRecentFailures(db: Db, ip: string, usernameLower: string, since: Date) {
  const [row] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
      byUser: sql<number>`count(*) filter (where ${loginAttempts.usernameLower} = ${usernameLower})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.isSuccess, false),
        gt(loginAttempts.at, since),
        sql`(${loginAttempts.ip} = ${ip} OR ${loginAttempts.usernameLower} = ${usernameLower})`,
      ),
    );
  return { byIp: row?.byIp ?? 0, byUser: row?.byUser ?? 0 };
}

export async function insertToken(
  db: Db,
  values: { idHash: string; purpose: string; userId: number | null; expiresAt: Date },
) {
  await db.insert(tokens).values(values);
}

/** Tokens of a purpose created for a user in the last hour (database clock). */
export async function countRecentResetTokens(db: Db, userId: number, purpose: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.purpose, purpose), gt(tokens.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

/** Finds a live token without using it. */
export async function findLiveToken(db: Db, idHash: string, purpose: string, now: Date) {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.idHash, idHash), eq(tokens.purpose, purpose), isNull(tokens.usedAt), gt(tokens.expiresAt, now)));
  return row ?? null;
}

/** Marks a token used; false when it was already used or expired (single use, race-safe). */
export async function consumeToken(db: Db, idHash: string, purpose: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.idHash, idHash), eq(tokens.purpose, purpose), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning({ idHash: tokens.idHash });
  return rows.length === 1;
}

/**
 * Sets a user's password and voids every reset link of theirs still outstanding: a link mailed
 * before the password changed must not change it again (ADR 024). The one way a password changes.
 */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.purpose, 'password_reset'), isNull(tokens.usedAt)));
}
