/** Calls of registration, through the app's one api helper, checked against the shared contracts. */
import { UsernameStatusSchema } from '#shared/auth';
import {
  ClientTokenSchema,
  CreateAccountResponseSchema,
  InvitationSchema,
  PAYMENT_PATH,
  ValidateUserResponseSchema,
  type CreateAccountInput,
  type UserInfo,
} from '#shared/registration';
import { api } from '../app/api';

export const registrationKeys = {
  invitation: (inviteId: string) => ['registration', 'invitation', inviteId] as const,
  clientToken: (customerId: string | null) => ['payment', 'client-token', customerId ?? 'new'] as const,
};

/** Whether the username is taken (spec §7: TAKEN means the username is used). */
export async function isUsernameTaken(username: string): Promise<boolean> {
  const status = await api(`/services/user/status/${encodeURIComponent(username)}`, { schema: UsernameStatusSchema });
  return status === 'TAKEN';
}

export const validateUser = (userInfo: UserInfo) =>
  api('/services/user/validate', { method: 'POST', body: { userInfo }, schema: ValidateUserResponseSchema });

export const fetchInvitation = (inviteId: string) => api(`/services/user/invite/${encodeURIComponent(inviteId)}`, { schema: InvitationSchema });

/** The card form's client token; with a customer id, for updating that customer's card. */
export const fetchClientToken = (customerId: string | null = null) =>
  api(`/services/${PAYMENT_PATH}/clienttoken${customerId ? `/${encodeURIComponent(customerId)}` : ''}`, { schema: ClientTokenSchema });

export function createAccount(input: CreateAccountInput, deviceId: string | null) {
  const query = deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : '';
  return api(`/services/account${query}`, { method: 'POST', body: input, schema: CreateAccountResponseSchema });
}
