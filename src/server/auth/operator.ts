/** The operator client (Clearlist itself) and its system administrators. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, teams, userRoles, users } from '../db/schema';
import { hashPassword } from './password-hash';

export const OPERATOR_DOMAIN = 'clearlist';

/** Creates the operator client when missing, and a system admin (who is also a domain admin) in it; returns the user id. */
export async function createOperatorAdmin(
  db: Db,
  admin: { username: string; password: string; email: string; firstName?: string; lastName?: string },
): Promise<number> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    let [client] = await tx.select().from(clients).where(eq(clients.domainName, OPERATOR_DOMAIN));
    if (!client) {
      [client] = await tx
        .insert(clients)
        .values({ name: 'Clearlist', domainName: OPERATOR_DOMAIN, planType: 'OPERATOR', state: 'paid', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI', 'OFAC', 'SSNDMF'] })
        .returning();
    }
    let [team] = await tx.select().from(teams).where(eq(teams.clientId, client.id));
    if (!team) [team] = await tx.insert(teams).values({ clientId: client.id, name: 'Operations' }).returning();
    const [user] = await tx
      .insert(users)
      .values({
        clientId: client.id,
        teamId: team.id,
        username: admin.username,
        email: admin.email,
        firstName: admin.firstName ?? 'System',
        lastName: admin.lastName ?? 'Administrator',
        passwordHash,
      })
      .returning({ id: users.id });
    // Menus and pages follow the roles held (ADR 036): an operator admin also manages clients'
    // teams and users (the Teams and Users pages with their client picker), a domain admin's pages.
    await tx.insert(userRoles).values([
      { userId: user.id, role: 'system_admin_user' },
      { userId: user.id, role: 'domain_admin_user' },
    ]);
    return user.id;
  });
}
