/** SQL of the Teams / Team Settings page. `scope` is the caller's client id, or null for a system admin. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams, users } from '../db/schema';

export async function listClientTeams(db: Db, clientId: number) {
  return db.select().from(teams).where(eq(teams.clientId, clientId)).orderBy(asc(sql`lower(${teams.name})`));
}

export async function listClientMembers(db: Db, clientId: number) {
  return db
    .select({
      id: users.id,
      teamId: users.teamId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.clientId, clientId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** One team, only when it belongs to the scope's client. */
export async function findTeam(db: Db, teamId: number, scope: number | null) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), scope === null ? undefined : eq(teams.clientId, scope)));
  return row ?? null;
}

/** Another team of the client with this name, ignoring case. */
export async function findTeamNamed(db: Db, clientId: number, name: string, exceptTeamId?: number) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.clientId, clientId),
        eq(sql`lower(${teams.name})`, name.toLowerCase()),
        exceptTeamId === undefined ? undefined : sql`${teams.id} <> ${exceptTeamId}`,
      ),
    );
  return row ?? null;
}

export async function insertTeam(db: Db, clientId: number, name: string) {
  const [row] = await db.insert(teams).values({ clientId, name }).returning();
  return row;
}

export async function updateTeam(db: Db, teamId: number, values: { name?: string; ownerUserId?: number | null }) {
  await db.update(teams).set(values).where(eq(teams.id, teamId));
}

export async function findMember(db: Db, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.teamId, teamId)));
  return row ?? null;
}

export async function findUsername(db: Db, userId: number | null) {
  if (userId === null) return null;
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
