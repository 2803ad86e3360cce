/** SQL of Client Admin, and the scoped client lookup the Users and Teams pages share. */
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, sessions, users } from '../db/schema';

/** The client, only when it is the scope's (null scope: any client). */
export async function findScopeClient(db: Db, clientId: number, scope: number | null) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, teamType: clients.teamType })
    .from(clients)
    .where(and(eq(clients.id, clientId), scope === null ? undefined : eq(clients.id, scope)));
  return row ?? null;
}

// Qualified by hand: Drizzle writes the columns of a sql`` fragment without their table, which
// inside this subquery made "id" the user's id, not the client's (every client showed 2 users).
const usersCount = sql<number>`(select count(*) from "users" u where u."client_id" = "clients"."id")`.mapWith(Number);

export async function listClients(db: Db, filter: { q?: string; state?: string }) {
  const text = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ client: clients, usersCount })
    .from(clients)
    .where(
      and(
        text ? or(ilike(clients.name, text), ilike(clients.domainName, text)) : undefined,
        filter.state ? eq(clients.state, filter.state) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${clients.name})`))
    .limit(500);
}

export async function findClient(db: Db, clientId: number) {
  const [row] = await db.select({ client: clients, usersCount }).from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

export async function updateClient(
  db: Db,
  clientId: number,
  values: { ipAllowlist?: string[]; privateHelpPage?: string | null; state?: string; reviewThreshold?: number | null },
) {
  await db.update(clients).set(values).where(eq(clients.id, clientId));
}

/** Ends every live session of the client's users; returns how many. */
export async function revokeClientSessions(db: Db, clientId: number): Promise<number> {
  const ids = db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return rows.length;
}
