/** SQL of sign-up and the account page: clients, teams, users, roles, owners. */
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Role } from '#shared/roles';
import type { Db } from '../db/client';
import { clients, teams, userRoles, users } from '../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A domain name from the company name, made unique with a counter. */
export async function freeDomainName(db: Db | Tx, companyName: string): Promise<string> {
  const base = companyName.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'client';
  const taken = new Set(
    (await db.select({ d: clients.domainName }).from(clients).where(or(eq(clients.domainName, base), like(clients.domainName, `${base}-%`)))).map((r) => r.d),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function insertClient(db: Db | Tx, values: typeof clients.$inferInsert) {
  const [client] = await db.insert(clients).values(values).returning();
  return client;
}

export async function insertTeam(db: Db | Tx, clientId: number, name: string) {
  const [team] = await db.insert(teams).values({ clientId, name }).returning();
  return team;
}

export async function setTeamOwner(db: Db | Tx, teamId: number, userId: number) {
  await db.update(teams).set({ ownerUserId: userId }).where(eq(teams.id, teamId));
}

export async function insertUser(db: Db | Tx, values: typeof users.$inferInsert, roles: readonly Role[]) {
  const [user] = await db.insert(users).values(values).returning();
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  return user;
}

/** Grants roles to every active user of a client (plan changes), keeping those they hold. */
export async function grantRolesToClientUsers(db: Db | Tx, clientId: number, roles: readonly Role[], onlyUserIds?: number[]) {
  if (!roles.length) return;
  const members = await db.select({ id: users.id }).from(users).where(and(eq(users.clientId, clientId), eq(users.isActive, true)));
  const ids = members.map((m) => m.id).filter((id) => !onlyUserIds || onlyUserIds.includes(id));
  if (!ids.length) return;
  await db
    .insert(userRoles)
    .values(ids.flatMap((userId) => roles.map((role) => ({ userId, role }))))
    .onConflictDoNothing();
}

export async function findClientById(db: Db | Tx, clientId: number) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  return client ?? null;
}

export async function updateClient(db: Db | Tx, clientId: number, values: Partial<typeof clients.$inferInsert>) {
  const [client] = await db.update(clients).set(values).where(eq(clients.id, clientId)).returning();
  return client;
}

export async function findTeam(db: Db | Tx, clientId: number, teamId: number) {
  const [team] = await db.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.clientId, clientId)));
  return team ?? null;
}

export async function findUser(db: Db | Tx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505' || String((e as Error)?.message ?? '').includes('duplicate key');
};


/** Whether a user (of any client) has this e-mail address, ignoring case. */
export async function isEmailTaken(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).limit(1);
  return row !== undefined;
}

/** The client of the user who has this e-mail address (ignoring case), or null. */
export async function findClientOfEmail(db: Db | Tx, email: string): Promise<number | null> {
  const [row] = await db.select({ clientId: users.clientId }).from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).limit(1);
  return row?.clientId ?? null;
}

/** Whether a client already has this name, ignoring case and surrounding spaces. */
export async function isClientNameUsed(db: Db | Tx, name: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(sql`lower(trim(${clients.name}))`, name.trim().toLowerCase())).limit(1);
  return row !== undefined;
}
