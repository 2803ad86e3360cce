/** SQL of invitations: only the sha256 of the link's id is stored. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, invitations, teams, users } from '../db/schema';
import { hashToken } from '../http/tokens';
import type { Tx } from './queries';

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

/** An unused, unexpired invitation of a client that is not disabled, with its team and sender. */
export async function findLiveInvitation(db: Db | Tx, inviteId: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, client: clients, team: teams, sender: { username: users.username } })
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
