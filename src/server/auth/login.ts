/** Sign-in rules: credentials, login rate limits, client states and IP allowlists. */
import type { LoginCode } from '#shared/messages';
import { MESSAGES } from '#shared/messages';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { createSession } from '../http/session-queries';
import { hashToken, newToken } from '../http/tokens';
import { isIpAllowed } from '../http/ip-allowlist';
import { dummyPasswordHash, verifyPassword } from './password-hash';
import { findUserForLogin, reserveLoginAttempt, settleLoginAttempt } from './queries';
import { issueUpgradeToken } from './upgrade-token';

export interface LoginRequest {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
  now: Date;
}

export interface LoginOutcome {
  code: LoginCode;
  /** The session cookie value, when the login succeeded. */
  sessionToken?: string;
  /** TRIAL_EXPIRED: the short-lived proof that lets this user upgrade their trial (ADR 035). */
  upgradeToken?: string;
}

export async function logIn(db: Db, config: AppConfig, req: LoginRequest): Promise<LoginOutcome> {
  const usernameLower = req.username.trim().toLowerCase();
  const since = new Date(req.now.getTime() - config.loginLimits.windowMinutes * 60_000);
  // The attempt takes its place under the limits before the password is checked (ADR 024).
  const attempt = await reserveLoginAttempt(db, { ip: req.ip, usernameLower, since, perIp: config.loginLimits.perIp, perUser: config.loginLimits.perUser });
  if (!('id' in attempt)) {
    await recordAudit(db, { action: 'login.rate_limited', actorUsername: usernameLower, ip: req.ip, details: attempt });
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyLoginAttempts);
  }

  const found = await findUserForLogin(db, usernameLower);
  const passwordOk = await verifyPassword(found?.user.passwordHash ?? (await dummyPasswordHash()), req.password);
  if (!found || !passwordOk || !found.user.isActive) {
    await recordAudit(db, {
      action: 'login.failed',
      actorUsername: usernameLower,
      actorUserId: found?.user.id ?? null,
      clientId: found?.client.id ?? null,
      ip: req.ip,
      details: { reason: found ? 'bad_password' : 'unknown_user' },
    });
    return { code: 'INVALID_CREDENTIALS' };
  }

  const { user, client } = found;
  const refusal = clientRefusal(client, req);
  if (refusal) {
    await settleLoginAttempt(db, attempt.id);
    await recordAudit(db, {
      action: 'login.refused',
      actorUserId: user.id,
      actorUsername: user.username,
      clientId: client.id,
      ip: req.ip,
      details: { code: refusal },
    });
    // The password was right: an expired trial may be upgraded from here, without contacting
    // anyone, but never from an address the client's allowlist keeps out.
    if (refusal === 'TRIAL_EXPIRED' && isIpAllowed(req.ip, client.ipAllowlist)) return { code: refusal, upgradeToken: await issueUpgradeToken(db, user.id, req.now) };
    return { code: refusal };
  }

  const token = newToken();
  await createSession(db, {
    idHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(req.now.getTime() + config.sessionTtlHours * 3_600_000),
    ip: req.ip,
    userAgent: req.userAgent,
  });
  await settleLoginAttempt(db, attempt.id);
  await recordAudit(db, {
    action: 'login.succeeded',
    actorUserId: user.id,
    actorUsername: user.username,
    clientId: client.id,
    ip: req.ip,
  });
  return { code: 'LOGIN_SUCCESSFUL', sessionToken: token };
}

type ClientRow = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>['client'];

function clientRefusal(client: ClientRow, req: LoginRequest): LoginCode | null {
  if (client.state === 'disabled') return 'ACCOUNT_DISABLED';
  if (client.state === 'disabling' && client.accessEndsAt && client.accessEndsAt <= req.now) return 'ACCOUNT_DISABLED';
  if (client.state === 'trial' && client.trialEndsAt && client.trialEndsAt <= req.now) return 'TRIAL_EXPIRED';
  if (!isIpAllowed(req.ip, client.ipAllowlist)) return 'WHITELIST_FAILURE';
  return null;
}
