/**
 * Sign-ups one address may attempt an hour (SIGNUPS_PER_IP_PER_HOUR): accounts created and
 * cards refused, so a sign-up form cannot be used to test stolen cards or to create accounts in
 * bulk. Each attempt takes its place before any work (parallel sign-ups cannot all slip under
 * the limit, ADR 024) and gives it back when it ends in neither an account nor a refused card.
 */
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { releaseRateLimits, takeRateLimits } from '../http/rate-limit';
import { UserCreationFailure } from './creation-error';

export const SIGNUP_LIMIT_MESSAGE = 'Too many sign-ups from your network. Please try again in an hour.';

/** Runs a sign-up counted against its address's hourly limit (429 past it). */
export async function withSignUpLimit<T>(db: Db, ip: string, perHour: number, signUp: () => Promise<T>): Promise<T> {
  const taken = await takeRateLimits(db, [{ key: `signup:ip:${ip}`, max: perHour, windowSeconds: 3600 }]);
  if (!taken.ok) throw new AppError('RATE_LIMITED', SIGNUP_LIMIT_MESSAGE);
  try {
    return await signUp();
  } catch (error) {
    const isCardRefused = error instanceof UserCreationFailure && error.code === 'PAYMENT_AUTHENTICATION_REJECTION';
    if (!isCardRefused) await releaseRateLimits(db, taken);
    throw error;
  }
}
