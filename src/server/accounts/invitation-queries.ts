/** SQL of invitations: only the sha256 of the link's id is stored. */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, invitations, teams, users } from '../db/schema';
import { hashToken } from '../http/tokens';
import type { Tx } from './queries';

/** The pending (unused, unexpired) invitations of a client, with team and sender, newest first. */
export async function listPendingInvitations(db: Db, clientId: number, now: Date) {
  return db
    .select({ invitation: invitations, teamName: teams.name, sender: { firstName: users.firstName, lastName: users.lastName } })
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .innerJoin(users, eq(users.id, invitations.inviterUserId))
    .where(and(eq(invitations.clientId, clientId), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** A pending invitation by id, within a client (null: any client, for system admins). */
export async function findPendingInvitation(db: Db, invitationId: number, clientId: number | null, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, client: clients, team: teams })
    .from(invitations)
    .innerJoin(clients, eq(clients.id, invitations.clientId))
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .where(
      and(
        eq(invitations.id, invitationId),
        clientId === null ? undefined : eq(invitations.clientId, clientId),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Whether a client has a pending invitation to an address (ignoring case). */
export async function hasPendingInvitation(db: Db, clientId: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.clientId, clientId), sql`lower(${invitations.email}) = ${email.toLowerCase()}`, isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Changes a pending invitation (a new link id and dates on resend, the end now on revoke);
 * false when it was used or ended meanwhile.
 */
export async function updatePendingInvitation(db: Db, invitationId: number, now: Date, values: Partial<typeof invitations.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.id, invitationId), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

/** An unused, unexpired invitation of a client that is not disabled, with its team and sender. */
export async function findLiveInvitation(db: Db | Tx, inviteId: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, client: clients, team: teams, sender: { username: users.username, firstName: users.firstName, lastName: users.lastName } })
    .from(invitations)
    .innerJoin(clients, eq(clients.id, invitations.clientId))
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .innerJoin(users, eq(users.id, invitations.inviterUserId))
    .where(and(eq(invitations.idHash, hashToken(inviteId)), isNull(invitations.usedAt), gt(invitations.expiresAt, now), ne(clients.state, 'disabled')));
  return row ?? null;
}

/** Marks an invitation used; false when it was used meanwhile. */
export async function claimInvitation(db: Db | Tx, id: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ usedAt: now, usedByUserId: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}
