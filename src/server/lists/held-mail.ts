/**
 * Operators are mailed when a downloaded file is held for their approval (ADR 109): once per
 * held version, to every active system administrator; the mail is in the audit log.
 */
import { and, eq, sql } from 'drizzle-orm';
import { findListSource } from '#lists/sources';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { auditLog, userRoles, users } from '../db/schema';
import * as q from './queries';

const MAILED = 'list.held_mailed';

const count = (n: number) => n.toLocaleString('en-US');

/** The mail of a held version: what differs, in words and figures, and where to decide. */
export function heldMailText(version: q.ListVersionRow, title: string, publicUrl: string): string {
  const c = version.comparison!;
  const headerLines = c.headers.map((h) =>
    h.isReordered ? `  ${h.file}: the same columns in another order` : `  ${h.file}:${h.added.length ? ` new ${h.added.join(', ')}` : ''}${h.added.length && h.removed.length ? ';' : ''}${h.removed.length ? ` missing ${h.removed.join(', ')}` : ''}`,
  );
  return [
    `The file of ${title} (${version.source}) downloaded on ${version.fetchedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC was stored as version ${version.id} but not activated:`,
    '',
    ...c.reasons.map((r) => `- ${r.words}`),
    '',
    `Records: ${count(c.records.before)} in the version in use (version ${c.against}), ${count(c.records.after)} in the new file.`,
    `As of: ${c.asOf.before ?? 'not stated'} in use, ${c.asOf.after ?? 'not stated'} in the new file.`,
    ...(headerLines.length ? ['Header differences:', ...headerLines] : []),
    '',
    `Searches keep using version ${c.against} until a system administrator approves or rejects the new file in Settings → Lists:`,
    `${publicUrl}/admin/lists`,
  ].join('\n');
}

/** Mails the operators about the held version, unless they were told of it already; answers whether a mail went. */
export async function mailHeldVersion(ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>, versionId: number): Promise<boolean> {
  const version = await q.findVersion(ctx.db, versionId);
  if (!version || version.status !== 'held' || !version.comparison) return false;
  const [told] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, MAILED), eq(auditLog.target, version.source), sql`${auditLog.details}->>'version' = ${String(version.id)}`))
    .limit(1);
  if (told) return false;
  const operators = await ctx.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'system_admin_user'), eq(users.isActive, true)));
  const title = findListSource(version.source)?.title ?? version.source;
  const text = heldMailText(version, title, ctx.config.publicUrl);
  for (const { email } of operators) await ctx.mailer.send({ to: email, subject: `Clearlist: a new file of ${title} is held for your approval`, text });
  await recordAudit(ctx.db, { action: MAILED, target: version.source, details: { version: version.id, recipients: operators.length } });
  return true;
}
