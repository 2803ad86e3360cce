/** Factories for valid rows with their missing parents; the demo seed uses them too. */
import { eq } from 'drizzle-orm';
import type { Role } from '#shared/roles';
import type { SearchOption, TeamType } from '#shared/teams';
import type { Db } from '#server/db/client';
import { batches, clients, teams, userRoles, users } from '#server/db/schema';
import { hashPassword } from '#server/auth/password-hash';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

export const DEFAULT_PASSWORD = 'Demo-pass-2026';

export interface ClientOverrides {
  name?: string;
  domainName?: string;
  planType?: 'COMPANY' | 'FREE' | 'OPERATOR';
  state?: 'trial' | 'paid' | 'disabling' | 'disabled';
  teamType?: TeamType;
  searchOptions?: SearchOption[];
  ipAllowlist?: string[];
  privateHelpPage?: string | null;
  trialSearchesPerMonth?: number | null;
  trialEndsAt?: Date | null;
  accessEndsAt?: Date | null;
}

export async function createClient(db: Db, overrides: ClientOverrides = {}) {
  const id = next();
  const [client] = await db
    .insert(clients)
    .values({
      name: overrides.name ?? `Client ${id}`,
      domainName: overrides.domainName ?? `client-${id}`,
      planType: overrides.planType ?? 'COMPANY',
      state: overrides.state ?? 'paid',
      teamType: overrides.teamType ?? 'SINGLE',
      searchOptions: overrides.searchOptions ?? ['NAME'],
      ipAllowlist: overrides.ipAllowlist ?? [],
      privateHelpPage: overrides.privateHelpPage ?? null,
      trialSearchesPerMonth: overrides.trialSearchesPerMonth ?? null,
      trialEndsAt: overrides.trialEndsAt ?? null,
      accessEndsAt: overrides.accessEndsAt ?? null,
    })
    .returning();
  return client;
}

export async function createTeam(db: Db, overrides: { clientId?: number; name?: string } = {}) {
  const clientId = overrides.clientId ?? (await createClient(db)).id;
  const [team] = await db
    .insert(teams)
    .values({ clientId, name: overrides.name ?? `Team ${next()}` })
    .returning();
  return team;
}

export interface UserOverrides {
  clientId?: number;
  teamId?: number | null;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  roles?: Role[];
  isActive?: boolean;
  isTeamOwner?: boolean;
}

/** Creates a user (and a client and team when not given); returns the row and its password. */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const clientId = overrides.clientId ?? (await createClient(db)).id;
  const teamId =
    overrides.teamId === undefined ? (await firstTeam(db, clientId)) ?? (await createTeam(db, { clientId })).id : overrides.teamId;
  const username = overrides.username ?? `user${next()}`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      clientId,
      teamId,
      username,
      email: overrides.email ?? `${username}@example.test`,
      firstName: overrides.firstName ?? 'Pat',
      lastName: overrides.lastName ?? 'Tester',
      passwordHash: await hashPassword(password),
      isActive: overrides.isActive ?? true,
    })
    .returning();
  const roles = overrides.roles ?? [];
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  if (overrides.isTeamOwner && teamId) await db.update(teams).set({ ownerUserId: user.id }).where(eq(teams.id, teamId));
  return { ...user, password, roles };
}

async function firstTeam(db: Db, clientId: number): Promise<number | undefined> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.clientId, clientId)).limit(1);
  return team?.id;
}

/**
 * A batch with no file, rows or chunks behind it (status Uploaded), for tests that write its rows,
 * chunks or results in SQL themselves.
 */
export async function createBareBatch(db: Db, user: { id: number; clientId: number }, recordCount: number, fileName = 'r.csv') {
  const [batch] = await db
    .insert(batches)
    .values({ clientId: user.clientId, uploaderUserId: user.id, fileName, storedPath: fileName, sha256: '0', sizeBytes: 0, header: [], recordCount })
    .returning({ id: batches.id });
  return batch.id;
}
