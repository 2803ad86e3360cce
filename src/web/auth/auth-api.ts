/** Calls of the sign-in feature, all through the app's one fetch helper. */
import { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { MessageSchema, ValidSchema, type LoginInput } from '#shared/auth';
import { TrialUpgradeOfferSchema } from '#shared/trial-upgrade';
import { api } from '../app/api';

/** Logs in; the server answers 200 with a login code string (spec §4 Login). */
export function requestLogin(input: LoginInput): Promise<string> {
  return api('/services/user/login', { method: 'POST', body: input, schema: z.string() });
}

/** After TRIAL_EXPIRED: the refused login's upgrade offer (its cookie), to say at once whether this user may upgrade. */
export const trialUpgradeOfferQuery = queryOptions({
  queryKey: ['trial-upgrade'],
  queryFn: () => api('/services/trial-upgrade', { schema: TrialUpgradeOfferSchema }),
  retry: false,
  staleTime: Infinity,
});

export async function requestPasswordReset(usernameOrEmail: string): Promise<string> {
  const answer = await api('/services/user/password-reset/request', {
    method: 'POST',
    body: { usernameOrEmail },
    schema: MessageSchema,
  });
  return answer.message;
}

export async function resetPassword(token: string, password: string, verifyPassword: string): Promise<string> {
  const answer = await api('/services/user/password-reset', {
    method: 'POST',
    body: { token, password, verifyPassword },
    schema: MessageSchema,
  });
  return answer.message;
}

/** Asks whether a reset link can still be used; a used or expired one answers 400 with the refusal. */
export async function checkResetLink(token: string): Promise<boolean> {
  const answer = await api('/services/user/password-reset/check', { method: 'POST', body: { token }, schema: ValidSchema });
  return answer.valid;
}

export interface SetupInput {
  token: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Whether a first-run setup token is still valid (404 when not). */
export async function checkSetupToken(token: string): Promise<boolean> {
  const answer = await api(`/services/setup/${encodeURIComponent(token)}`, {
    schema: z.object({ valid: z.boolean() }),
  });
  return answer.valid;
}

export async function completeSetup(input: SetupInput): Promise<string> {
  const answer = await api('/services/setup', { method: 'POST', body: input, schema: MessageSchema });
  return answer.message;
}
