/** Forgot password: a single-use link valid for one hour, sent by mail; no account enumeration. */
import { MESSAGES } from '#shared/messages';
import { checkPassword } from '#shared/passwords';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { revokeUserSessions } from '../http/session-queries';
import { hashToken, newToken } from '../http/tokens';
import type { Mailer } from '../mail/mailer';
import { isDictionaryWord } from './dictionary';
import { hashPassword } from './password-hash';
import { consumeToken, findLiveToken, findUserByUsernameOrEmail, insertToken, loadCurrentUser, setPasswordHash } from './queries';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const PURPOSE = 'password_reset';

export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  input: { usernameOrEmail: string; baseUrl: string; ip: string; now: Date },
): Promise<string> {
  const matches = await findUserByUsernameOrEmail(db, input.usernameOrEmail);
  for (const user of matches) {
    const token = newToken();
    await insertToken(db, {
      idHash: hashToken(token),
      purpose: PURPOSE,
      userId: user.id,
      expiresAt: new Date(input.now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = `${input.baseUrl}/reset-password/${token}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your Clearlist password',
      text:
        `Hello ${user.username},\n\n` +
        `Someone (hopefully you) asked to reset the password of your Clearlist account.\n` +
        `Open this link within one hour to choose a new password. It works once.\n\n${link}\n\n` +
        `If you did not ask for this, ignore this message: your password stays as it is.\n`,
    });
    await recordAudit(db, {
      action: 'password_reset.requested',
      actorUserId: user.id,
      actorUsername: user.username,
      clientId: user.clientId,
      ip: input.ip,
    });
  }
  // Same answer whether or not an account matched.
  return MESSAGES.resetRequested;
}

export async function isResetTokenLive(db: Db, token: string, now: Date): Promise<boolean> {
  return (await findLiveToken(db, hashToken(token), PURPOSE, now)) !== null;
}

export async function resetPassword(
  db: Db,
  input: { token: string; password: string; verifyPassword: string; ip: string; now: Date },
): Promise<string> {
  const idHash = hashToken(input.token);
  const live = await findLiveToken(db, idHash, PURPOSE, input.now);
  if (!live?.userId) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
  const user = await loadCurrentUser(db, live.userId);
  if (!user) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
  if (input.password !== input.verifyPassword) {
    throw new AppError('BAD_REQUEST', MESSAGES.passwordsDoNotMatch, {
      password: MESSAGES.passwordsDoNotMatch,
      verifyPassword: MESSAGES.passwordsDoNotMatch,
    });
  }
  const broken = checkPassword(input.password, user.user.username, isDictionaryWord);
  if (broken) throw new AppError('BAD_REQUEST', broken, { password: broken });
  const passwordHash = await hashPassword(input.password);
  if (!(await consumeToken(db, idHash, PURPOSE, input.now))) {
    throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
  }
  await setPasswordHash(db, user.user.id, passwordHash);
  await revokeUserSessions(db, user.user.id);
  await recordAudit(db, {
    action: 'password_reset.completed',
    actorUserId: user.user.id,
    actorUsername: user.user.username,
    clientId: user.client.id,
    ip: input.ip,
  });
  return MESSAGES.resetDone;
}
