/** The password reset mail, sent by a job (auth/jobs.ts) rather than by the request. */
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { hashToken, newToken } from '../http/tokens';
import { countRecentResetTokens, findUserByUsernameOrEmail, insertToken } from './queries';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_PURPOSE = 'password_reset';
const PURPOSE = RESET_PURPOSE;

/**
 * The job behind a reset request: mails a single-use link valid for one hour to each active
 * account matching the username or e-mail, at most the per-recipient limit an hour per account
 * (asking by username and by e-mail in turn does not get round it). A retried job may mail a
 * second link; either works, and using one voids the other.
 */
export async function mailResetLinks(ctx: AppContext, input: { usernameOrEmail: string; ip: string }): Promise<void> {
  const now = ctx.now();
  const perAccount = ctx.config.resetLimits.perRecipientPerHour;
  for (const user of await findUserByUsernameOrEmail(ctx.db, input.usernameOrEmail)) {
    if (perAccount > 0 && (await countRecentResetTokens(ctx.db, user.id, PURPOSE)) >= perAccount) continue;
    const token = newToken();
    await insertToken(ctx.db, {
      idHash: hashToken(token),
      purpose: PURPOSE,
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = `${ctx.config.publicUrl}/reset-password/${token}`;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Clearlist password',
      text:
        `Hello ${user.username},\n\n` +
        `Someone (hopefully you) asked to reset the password of your Clearlist account.\n` +
        `Open this link within one hour to choose a new password. It works once.\n\n${link}\n\n` +
        `If you did not ask for this, ignore this message: your password stays as it is.\n`,
    });
    await recordAudit(ctx.db, {
      action: 'password_reset.requested',
      actorUserId: user.id,
      actorUsername: user.username,
      clientId: user.clientId,
      ip: input.ip,
    });
  }
}
