/**
 * Operators are mailed when a source's checks have failed for a day (ADR 049): once per
 * failure streak, to every active system administrator; the mail is in the audit log.
 */
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { findListSource } from '#lists/sources';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { auditLog, listChecks, userRoles, users } from '../db/schema';
import { describeListError } from './error-words';

/** A streak older than this is "failed for more than a day" (a daily schedule's second failure; an hour allows for start jitter). */
export const FAILING_FOR_MS = 23 * 60 * 60 * 1000;
const MAILED = 'list.failure_mailed';

/** When the source's current streak of failed checks began, or null when its last check did not fail. */
export async function failingSince(ctx: AppContext, source: string): Promise<Date | null> {
  const [lastGood] = await ctx.db
    .select({ at: listChecks.checkedAt })
    .from(listChecks)
    .where(and(eq(listChecks.source, source), ne(listChecks.outcome, 'failed')))
    .orderBy(desc(listChecks.checkedAt))
    .limit(1);
  const [firstFailure] = await ctx.db
    .select({ at: listChecks.checkedAt })
    .from(listChecks)
    .where(and(eq(listChecks.source, source), eq(listChecks.outcome, 'failed'), lastGood ? gt(listChecks.checkedAt, lastGood.at) : undefined))
    .orderBy(asc(listChecks.checkedAt))
    .limit(1);
  return firstFailure?.at ?? null;
}

/** Mails the operators when the source has failed for a day and they were not told of this streak yet. */
export async function mailLongFailures(ctx: AppContext, source: string): Promise<boolean> {
  const since = await failingSince(ctx, source);
  const now = ctx.now();
  if (!since || now.getTime() - since.getTime() < FAILING_FOR_MS) return false;
  const streak = since.toISOString();
  const [told] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, MAILED), eq(auditLog.target, source), sql`${auditLog.details}->>'since' = ${streak}`))
    .limit(1);
  if (told) return false;
  const [lastCheck] = await ctx.db.select().from(listChecks).where(eq(listChecks.source, source)).orderBy(desc(listChecks.id)).limit(1);
  const operators = await ctx.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'system_admin_user'), eq(users.isActive, true)));
  const title = findListSource(source)?.title ?? source;
  const words = lastCheck?.error ? describeListError(lastCheck.error) : 'The check failed.';
  const text = [
    `The checks of ${title} (${source}) have failed since ${streak.slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `What went wrong: ${words}`,
    lastCheck?.error ? `As recorded: ${lastCheck.error}` : '',
    '',
    'The version in use stays active. See Settings → Lists to check again or upload the file by hand:',
    `${ctx.config.publicUrl}/admin/lists`,
  ].join('\n');
  for (const { email } of operators) await ctx.mailer.send({ to: email, subject: `Clearlist: ${title} has not been updated for a day`, text });
  await recordAudit(ctx.db, { action: MAILED, target: source, details: { since: streak, recipients: operators.length } });
  return true;
}
