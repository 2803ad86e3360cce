/**
 * Who is e-mailed about monitoring alerts (ADR 053): each user chooses for themselves, once for
 * every roster they see (their own setting) and, if they like, otherwise for one roster. No
 * choice is "No e-mail": nobody is mailed without having asked.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DigestChoice, DigestFrequency } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import type { BatchCaller } from '../access/batch-scope';
import type { Db } from '../db/client';
import { alertDigestSubscriptions, users } from '../db/schema';
import { rowsOf } from '../db/rows';
import { visibleRoster } from './versions';

async function choiceOf(db: Db, userId: number, rosterId: number | null): Promise<DigestFrequency | null> {
  const [row] = await db
    .select({ frequency: alertDigestSubscriptions.frequency })
    .from(alertDigestSubscriptions)
    .where(and(eq(alertDigestSubscriptions.userId, userId), rosterId === null ? isNull(alertDigestSubscriptions.rosterId) : eq(alertDigestSubscriptions.rosterId, rosterId)));
  return (row?.frequency as DigestFrequency | undefined) ?? null;
}

async function emailOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

export async function digestChoice(ctx: AppContext, caller: BatchCaller, rosterId: number | null): Promise<DigestChoice> {
  if (rosterId !== null) await visibleRoster(ctx, caller, rosterId);
  const defaultFrequency = (await choiceOf(ctx.db, caller.userId, null)) ?? 'off';
  const email = await emailOf(ctx.db, caller.userId);
  return rosterId === null ? { defaultFrequency, email } : { defaultFrequency, rosterFrequency: await choiceOf(ctx.db, caller.userId, rosterId), email };
}

/** Sets the caller's choice (null on a roster: follow their own setting); audited. */
export async function setDigestChoice(ctx: AppContext, caller: BatchCaller, rosterId: number | null, frequency: DigestFrequency | null): Promise<DigestChoice> {
  const roster = rosterId === null ? null : await visibleRoster(ctx, caller, rosterId);
  const where = and(eq(alertDigestSubscriptions.userId, caller.userId), rosterId === null ? isNull(alertDigestSubscriptions.rosterId) : eq(alertDigestSubscriptions.rosterId, rosterId));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(alertDigestSubscriptions).where(where);
    if (frequency !== null) await tx.insert(alertDigestSubscriptions).values({ userId: caller.userId, clientId: roster?.clientId ?? caller.clientId, rosterId, frequency, updatedAt: ctx.now() });
    await recordAudit(tx as never, { action: 'monitoring.digest-choice', actorUserId: caller.userId, clientId: roster?.clientId ?? caller.clientId, target: rosterId === null ? `user:${caller.userId}` : `roster:${rosterId}`, details: { frequency } });
  });
  return digestChoice(ctx, caller, rosterId);
}

export interface Subscriber {
  user_id: number;
  email: string;
  first_name: string;
  roster_id: number;
}

/**
 * Active users with an e-mail whose choice for a roster (its own, else their setting) is this
 * frequency, each with the rosters it applies to; `rosterIds` narrows to some rosters.
 */
export async function subscribers(db: Db, frequency: Exclude<DigestFrequency, 'off'>, rosterIds?: readonly number[]): Promise<Subscriber[]> {
  const only = rosterIds ? sql`AND r.id = ANY(${`{${rosterIds.join(',')}}`}::int[])` : sql``;
  return rowsOf<Subscriber>(db, sql`SELECT u.id AS user_id, u.email, u.first_name, r.id AS roster_id
    FROM monitored_rosters r
    JOIN users u ON u.client_id = r.client_id AND u.is_active AND coalesce(u.email, '') <> ''
    LEFT JOIN alert_digest_subscriptions own ON own.user_id = u.id AND own.roster_id = r.id
    LEFT JOIN alert_digest_subscriptions dflt ON dflt.user_id = u.id AND dflt.roster_id IS NULL
    WHERE coalesce(own.frequency, dflt.frequency, 'off') = ${frequency} ${only}
    ORDER BY u.id, r.id`);
}
