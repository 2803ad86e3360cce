/** Forgot password: a single-use link valid for one hour, sent by mail off the request; no account enumeration. */
import { MESSAGES } from '#shared/messages';
import { checkPassword } from '#shared/passwords';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { withKeyLocks } from '../db/key-lock';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { revokeUserSessions } from '../http/session-queries';
import { hashToken } from '../http/tokens';
import { takeRateLimits } from '../http/rate-limit';
import { passwordResetMailJob } from './jobs';
import { isDictionaryWord } from './dictionary';
import { hashPassword } from './password-hash';
import { consumeToken, findLiveToken, loadCurrentUser, setPasswordHash } from './queries';
import { RESET_PURPOSE } from './reset-mail';

const PURPOSE = RESET_PURPOSE;

/**
 * POST …/password-reset/request: counts the request against the limits of its address and of
 * what was typed (429 past them), queues the mail and answers. The request does the same work
 * whether or not an account matches, so neither its answer nor its timing tells (ADR 024).
 */
export async function requestPasswordReset(ctx: AppContext, input: { usernameOrEmail: string; ip: string }): Promise<string> {
  const { perIpPerHour, perRecipientPerHour } = ctx.config.resetLimits;
  const typed = input.usernameOrEmail.trim().toLowerCase();
  const taken = await takeRateLimits(ctx.db, [
    { key: `password-reset:ip:${input.ip}`, max: perIpPerHour, windowSeconds: 3600 },
    { key: `password-reset:to:${typed}`, max: perRecipientPerHour, windowSeconds: 3600 },
  ]);
  if (!taken.ok) {
    await recordAudit(ctx.db, { action: 'password_reset.rate_limited', ip: input.ip, details: { limit: taken.reached.key.startsWith('password-reset:ip:') ? 'address' : 'recipient' } });
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyResetRequests);
  }
  if (!ctx.jobs) throw new Error('the job queue is not running');
  // The account is looked up by the job, after the answer has gone out: a request for an account
  // that exists and one that does not do the same work before answering (issue 53 item 8).
  const delay = ctx.config.resetMailDelaySeconds;
  await ctx.jobs.send(passwordResetMailJob, { usernameOrEmail: typed, ip: input.ip }, delay > 0 ? { startAfter: delay } : undefined);
  return MESSAGES.resetRequested;
}

export async function isResetTokenLive(db: Db, token: string, now: Date): Promise<boolean> {
  return (await findLiveToken(db, hashToken(token), PURPOSE, now)) !== null;
}

/**
 * POST …/password-reset/check: refuses a used, expired or unknown link with the very answer a
 * submit would give, and says nothing else (no name, no reason); the token is left unused.
 */
export async function checkResetLink(db: Db, token: string, now: Date): Promise<void> {
  const live = await findLiveToken(db, hashToken(token), PURPOSE, now);
  if (!live?.userId || !(await loadCurrentUser(db, live.userId))) {
    throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
  }
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
  // Under a lock on the user: two links used at once cannot both change the password.
  const isChanged = await withKeyLocks(db, [`password:${user.user.id}`], async (tx) => {
    if (!(await consumeToken(tx, idHash, PURPOSE, input.now))) return false;
    await setPasswordHash(tx, user.user.id, passwordHash, input.now);
    return true;
  });
  if (!isChanged) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
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
