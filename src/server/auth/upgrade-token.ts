/**
 * The proof a login refused with TRIAL_EXPIRED hands the browser (ADR 035): the user has just
 * typed the right password, so for a short while they may upgrade their own trial, and nothing
 * else. A random token, only its hash stored (tokens table), in an HttpOnly cookie scoped to
 * the upgrade endpoints; used once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { hashToken, newToken } from '../http/tokens';
import { consumeToken, findLiveToken, insertToken } from './queries';

const PURPOSE = 'trial_upgrade';
export const UPGRADE_COOKIE = 'trial_upgrade';
const COOKIE_PATH = '/services/trial-upgrade';
/** How long after the refused login the upgrade may be made. */
export const UPGRADE_TOKEN_MINUTES = 30;

export async function issueUpgradeToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await insertToken(db, { idHash: hashToken(token), purpose: PURPOSE, userId, expiresAt: new Date(now.getTime() + UPGRADE_TOKEN_MINUTES * 60_000) });
  return token;
}

/** The user a live upgrade token was issued to, or null. */
export async function upgradeTokenUser(db: Db, token: string | undefined, now: Date): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const live = await findLiveToken(db, hashToken(token), PURPOSE, now);
  return live?.userId ?? null;
}

/** Marks the token used; false when it was used already (two upgrades at once make one). */
export function consumeUpgradeToken(db: Db, token: string, now: Date): Promise<boolean> {
  return consumeToken(db, hashToken(token), PURPOSE, now);
}

export function setUpgradeCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(UPGRADE_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: UPGRADE_TOKEN_MINUTES * 60,
  });
}

export function clearUpgradeCookie(reply: FastifyReply): void {
  reply.clearCookie(UPGRADE_COOKIE, { path: COOKIE_PATH });
}
