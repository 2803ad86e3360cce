/**
 * Sign-ups one address may attempt an hour (SIGNUPS_PER_IP_PER_HOUR): accounts created and
 * cards refused, read from the audit log, so a sign-up form cannot be used to test stolen
 * cards or to create accounts in bulk. Counted in the database's time, like the log itself.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { AppError } from '../http/errors';

export const SIGNUP_AUDIT_ACTIONS = ['account.created', 'account.joined_by_invitation', 'account.payment_rejected'];

export const SIGNUP_LIMIT_MESSAGE = 'Too many sign-ups from your network. Please try again in an hour.';

export async function checkSignUpLimit(db: Db, ip: string, perHour: number): Promise<void> {
  if (perHour <= 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.ip, ip), inArray(auditLog.action, SIGNUP_AUDIT_ACTIONS), gt(auditLog.at, sql`now() - interval '1 hour'`)));
  if ((row?.n ?? 0) >= perHour) throw new AppError('RATE_LIMITED', SIGNUP_LIMIT_MESSAGE);
}
