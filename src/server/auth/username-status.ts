/**
 * The public username check of the sign-up form (GET /services/user/status/{username}),
 * limited per address an hour so it cannot be used to list the usernames in use (ADR 024).
 */
import type { UsernameStatus } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { takeRateLimits } from '../http/rate-limit';
import { isUsernameTaken } from './queries';

export async function usernameStatus(ctx: AppContext, username: string, ip: string): Promise<UsernameStatus> {
  const taken = await takeRateLimits(ctx.db, [{ key: `username-check:ip:${ip}`, max: ctx.config.usernameChecksPerIpPerHour, windowSeconds: 3600 }]);
  if (!taken.ok) throw new AppError('RATE_LIMITED', MESSAGES.tooManyUsernameChecks);
  return (await isUsernameTaken(ctx.db, username)) ? 'TAKEN' : 'AVAILABLE';
}
