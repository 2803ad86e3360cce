/**
 * Alert e-mails chosen for others (issue 20): an account owner or domain admin sees each user of
 * their own client with the choice that applies to them, and sets it (the user's choice for every
 * roster; a roster a user chose otherwise keeps that choice). Audited as the admin's action; a
 * user of another client answers 404. The access table leaves the routes to those two roles.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DigestFrequency, UserDigestChoice } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import type { BatchCaller } from '../access/batch-scope';
import { alertDigestSubscriptions, users } from '../db/schema';
import { AppError } from '../http/errors';
import { rowsOf } from '../db/rows';

export const DIGEST_ADMIN_TEXTS = { noSuchUser: 'No such user in your account.' };

/** Every active user of the caller's client with their alert e-mail choice, by name. */
export async function listUserDigests(ctx: AppContext, caller: BatchCaller): Promise<UserDigestChoice[]> {
  const rows = await rowsOf<{ id: number; first_name: string; last_name: string; username: string; email: string; frequency: string | null; roster_choices: number }>(
    ctx.db,
    sql`SELECT u.id, u.first_name, u.last_name, u.username, u.email, d.frequency,
          (SELECT count(*)::int FROM alert_digest_subscriptions s WHERE s.user_id = u.id AND s.roster_id IS NOT NULL) AS roster_choices
        FROM users u LEFT JOIN alert_digest_subscriptions d ON d.user_id = u.id AND d.roster_id IS NULL
        WHERE u.client_id = ${caller.clientId} AND u.is_active
        ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
  return rows.map((r) => ({
    userId: r.id,
    name: `${r.first_name} ${r.last_name}`.trim() || r.username,
    username: r.username,
    email: r.email,
    frequency: (r.frequency as DigestFrequency | null) ?? 'off',
    rosterChoices: r.roster_choices,
  }));
}

/** Sets a user's choice for every roster; answers the user's row as the table shows it. */
export async function setUserDigest(ctx: AppContext, caller: BatchCaller, userId: number, frequency: DigestFrequency): Promise<UserDigestChoice> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.clientId, caller.clientId), eq(users.isActive, true)));
  if (!user) throw new AppError('NOT_FOUND', DIGEST_ADMIN_TEXTS.noSuchUser);
  const mine = and(eq(alertDigestSubscriptions.userId, userId), isNull(alertDigestSubscriptions.rosterId));
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ frequency: alertDigestSubscriptions.frequency }).from(alertDigestSubscriptions).where(mine);
    await tx.delete(alertDigestSubscriptions).where(mine);
    await tx.insert(alertDigestSubscriptions).values({ userId, clientId: caller.clientId, rosterId: null, frequency, updatedAt: ctx.now() });
    await recordAudit(tx as never, {
      action: 'monitoring.digest-choice',
      actorUserId: caller.userId,
      clientId: caller.clientId,
      target: `user:${userId}`,
      details: { frequency, before: before?.frequency ?? 'off', setFor: userId },
    });
  });
  const row = (await listUserDigests(ctx, caller)).find((u) => u.userId === userId);
  if (!row) throw new AppError('NOT_FOUND', DIGEST_ADMIN_TEXTS.noSuchUser);
  return row;
}
