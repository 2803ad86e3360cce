/**
 * E-mail digests of monitoring alerts (ADR 053). A digest names the rosters and the people
 * with open alerts and links to sign in; nothing else of a person (no date of birth, SSN, NPI,
 * list record). "As alerts arrive" mails once per finished run, "Once a day" once per UTC day
 * for the day before. Each e-mail is claimed in `alert_digest_sends` (one row per user and
 * period) before it is handed to the mail server, so a retried job sends nobody a second copy.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ALERT_KIND_LABELS, type AlertKind } from '#shared/monitoring';
import { DIGEST_FREQUENCY_LABELS } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import type { BatchCaller } from '../access/batch-scope';
import { scopeOf } from '../access/batch-scope';
import type { Db } from '../db/client';
import { alertDigestSends, teams, userRoles, users } from '../db/schema';
import { rowsOf } from '../db/rows';
import { subscribers, type Subscriber } from './digest-choices';
import { listRosterRows } from './roster-queries';
import { nameOf } from './roster-diff';

const NAMES_PER_ROSTER = 25;

interface DigestAlert {
  roster_id: number;
  roster_name: string;
  kind: string;
  values: Record<string, string>;
}

/** A user as the batches' scope sees them (the rosters they may be told about). */
async function callerOfUser(db: Db, userId: number): Promise<BatchCaller | null> {
  const [u] = await db.select({ clientId: users.clientId, teamId: users.teamId }).from(users).where(eq(users.id, userId));
  if (!u) return null;
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role as string);
  const owned = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, userId));
  const isSystemAdmin = roles.includes('system_admin_user');
  return { userId, clientId: u.clientId, teamId: u.teamId, isSystemAdmin, seesWholeClient: isSystemAdmin || roles.some((r) => r === 'domain_admin_user' || r === 'account_owner_user'), ownedTeamIds: owned.map((t) => t.id) };
}

/** Open alerts of these rosters created in [from, to) or by one run, with the person's mapped values. */
async function openAlerts(db: Db, rosterIds: readonly number[], where: { runId: number } | { from: Date; to: Date }): Promise<DigestAlert[]> {
  if (!rosterIds.length) return [];
  const when = 'runId' in where ? sql`a.run_id = ${where.runId}` : sql`a.created_at >= ${where.from.toISOString()}::timestamptz AND a.created_at < ${where.to.toISOString()}::timestamptz`;
  return rowsOf<DigestAlert>(
    db,
    sql`SELECT a.roster_id, r.name AS roster_name, a.kind, br.values
        FROM monitoring_alerts a
        JOIN monitored_rosters r ON r.id = a.roster_id
        JOIN batch_results x ON x.id = a.result_id AND x.review_status IN ('NONCLEARED', 'UNDER_REVIEW')
        JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = a.row_index
        WHERE a.roster_id = ANY(${`{${rosterIds.join(',')}}`}::int[]) AND ${when}
        ORDER BY r.name, a.roster_id, a.created_at, a.row_index`,
  );
}

/** The e-mail: roster names, people's names and the kind of each alert, and the sign-in link. */
export function digestText(firstName: string, alerts: readonly DigestAlert[], o: { publicUrl: string; frequency: 'immediate' | 'daily'; day?: string }): { subject: string; text: string } {
  const count = alerts.length;
  const plural = count === 1 ? 'alert' : 'alerts';
  const lines = [`Hello ${firstName},`, '', o.frequency === 'daily' ? `Monitoring found ${count} new ${plural} to review on ${o.day}:` : `Monitoring found ${count} new ${plural} to review:`, ''];
  const byRoster = new Map<number, DigestAlert[]>();
  for (const a of alerts) byRoster.set(a.roster_id, [...(byRoster.get(a.roster_id) ?? []), a]);
  for (const list of byRoster.values()) {
    lines.push(`${list[0].roster_name}: ${list.length} ${list.length === 1 ? 'alert' : 'alerts'}`);
    for (const a of list.slice(0, NAMES_PER_ROSTER)) lines.push(`  - ${nameOf(a.values)} (${ALERT_KIND_LABELS[a.kind as AlertKind] ?? a.kind})`);
    if (list.length > NAMES_PER_ROSTER) lines.push(`  … and ${list.length - NAMES_PER_ROSTER} more`);
  }
  lines.push('', `Sign in to review them: ${o.publicUrl}/login`, '', `You receive this e-mail because you chose "${DIGEST_FREQUENCY_LABELS[o.frequency]}" for monitoring alerts. Change it on the Monitoring page in Clearlist.`);
  return { subject: `Clearlist monitoring: ${count} new ${plural} to review`, text: lines.join('\n') + '\n' };
}

/** Sends one user's digest once for the period: claimed first, the claim kept as sent or freed on failure. */
async function sendOnce(ctx: AppContext, user: { id: number; email: string; firstName: string }, periodKey: string, alerts: DigestAlert[], o: Parameters<typeof digestText>[2]): Promise<boolean> {
  const [claim] = await ctx.db.insert(alertDigestSends).values({ userId: user.id, periodKey, alerts: alerts.length, status: 'sending', createdAt: ctx.now() }).onConflictDoNothing().returning({ id: alertDigestSends.id });
  if (!claim) return false;
  try {
    await ctx.mailer.send({ to: user.email, ...digestText(user.firstName, alerts, o) });
  } catch (error) {
    await ctx.db.delete(alertDigestSends).where(and(eq(alertDigestSends.id, claim.id), eq(alertDigestSends.status, 'sending')));
    throw error;
  }
  await ctx.db.update(alertDigestSends).set({ status: 'sent', sentAt: ctx.now() }).where(eq(alertDigestSends.id, claim.id));
  return true;
}

/** Subscribers grouped by user, each with the rosters of theirs that they may see. */
async function recipients(ctx: AppContext, subs: Subscriber[]): Promise<{ id: number; email: string; firstName: string; rosterIds: number[] }[]> {
  const byUser = new Map<number, Subscriber[]>();
  for (const s of subs) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s]);
  const out = [];
  for (const [userId, list] of byUser) {
    const caller = await callerOfUser(ctx.db, userId);
    if (!caller) continue;
    const visible = new Set((await listRosterRows(ctx.db, scopeOf(caller))).map((r) => r.id));
    const rosterIds = list.map((s) => s.roster_id).filter((id) => visible.has(id));
    if (rosterIds.length) out.push({ id: userId, email: list[0].email, firstName: list[0].first_name, rosterIds });
  }
  return out;
}

/** After a run: the "as alerts arrive" subscribers of its roster. Answers how many e-mails went out. */
export async function sendRunDigests(ctx: AppContext, runId: number): Promise<number> {
  const [run] = await rowsOf<{ roster_id: number; alerts_created: number; status: string }>(ctx.db, sql`SELECT roster_id, alerts_created, status FROM monitoring_runs WHERE id = ${runId}`);
  if (!run || run.status !== 'done' || run.alerts_created === 0) return 0;
  let sent = 0;
  for (const user of await recipients(ctx, await subscribers(ctx.db, 'immediate', [run.roster_id]))) {
    const alerts = await openAlerts(ctx.db, user.rosterIds, { runId });
    if (alerts.length && (await sendOnce(ctx, user, `run:${runId}`, alerts, { publicUrl: ctx.config.publicUrl, frequency: 'immediate' }))) sent += 1;
  }
  return sent;
}

/** The daily digest of `day` (YYYY-MM-DD, UTC): alerts of the day, to "once a day" subscribers. */
export async function sendDailyDigests(ctx: AppContext, day: string): Promise<number> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  let sent = 0;
  for (const user of await recipients(ctx, await subscribers(ctx.db, 'daily'))) {
    const alerts = await openAlerts(ctx.db, user.rosterIds, { from, to });
    if (alerts.length && (await sendOnce(ctx, user, `day:${day}`, alerts, { publicUrl: ctx.config.publicUrl, frequency: 'daily', day }))) sent += 1;
  }
  return sent;
}
