/** SQL of the Users page. `scope` is the caller's client id, or null for a system admin. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams, userRoles, users } from '../db/schema';

const inScope = (column: typeof users.clientId, scope: number | null): SQL | undefined =>
  scope === null ? undefined : eq(column, scope);

export async function listTeamOptions(db: Db, clientId: number) {
  return db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.clientId, clientId)).orderBy(asc(teams.name));
}

const userColumns = {
  id: users.id,
  clientId: users.clientId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  teamId: users.teamId,
  teamName: teams.name,
  isActive: users.isActive,
};

export async function listClientUsers(db: Db, clientId: number) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.clientId, clientId))
    .orderBy(asc(sql`lower(${users.username})`));
  return withRoles(db, rows);
}

/** One user, only when it belongs to the scope's client. */
export async function findUser(db: Db, userId: number, scope: number | null) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(users.id, userId), inScope(users.clientId, scope)));
  const [user] = await withRoles(db, rows);
  return user ?? null;
}

async function withRoles<T extends { id: number }>(db: Db, rows: T[]) {
  if (rows.length === 0) return [];
  const roleRows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, rows.map((r) => r.id)));
  return rows.map((row) => ({
    ...row,
    roles: roleRows.filter((r) => r.userId === row.id).map((r) => r.role).sort(),
  }));
}

export async function replaceRoles(db: Db, userId: number, roles: readonly string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role })));
  });
}

export async function findTeamOfClient(db: Db, teamId: number, clientId: number) {
  const [row] = await db.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.clientId, clientId)));
  return row ?? null;
}

export async function setUserTeam(db: Db, userId: number, teamId: number) {
  await db.update(users).set({ teamId }).where(eq(users.id, userId));
}

/** Clears ownership of teams the user owns other than `keepTeamId`: an owner is a member. */
export async function releaseOwnership(db: Db, userId: number, keepTeamId: number) {
  return db
    .update(teams)
    .set({ ownerUserId: null })
    .where(and(eq(teams.ownerUserId, userId), sql`${teams.id} <> ${keepTeamId}`))
    .returning({ id: teams.id, name: teams.name });
}

export async function setUserActive(db: Db, userId: number, isActive: boolean) {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
}
