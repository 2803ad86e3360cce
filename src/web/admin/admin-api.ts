/** Calls of the settings pages, through the app's one api helper, checked against the shared contracts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminUserSchema,
  ClientDetailSchema,
  ClientListSchema,
  HistorySchema,
  TeamListSchema,
  UserListSchema,
  type ClientDetail,
  type UpdateClientInput,
  type UpdateTeamInput,
} from '#shared/admin';
import { MessageSchema } from '#shared/auth';
import { PendingInvitationListSchema } from '#shared/invitations';
import type { Role } from '#shared/roles';
import { MESSAGES } from '#shared/messages';
import type { AccountState } from '#shared/teams';
import { api, isApiError } from '../app/api';
import { clearToasts, showToast } from '../app/toasts';

/** Every admin query key starts with 'admin', so one invalidation refreshes the pages after a change. */
export const adminKeys = {
  users: (clientId?: number) => ['admin', 'users', clientId ?? 'own'] as const,
  invitations: (clientId?: number) => ['admin', 'invitations', clientId ?? 'own'] as const,
  userHistory: (userId: number) => ['admin', 'user-history', userId] as const,
  teams: (clientId?: number) => ['admin', 'teams', clientId ?? 'own'] as const,
  clients: (q: string, state: AccountState | null) => ['admin', 'clients', q, state ?? 'any'] as const,
  client: (clientId: number) => ['admin', 'client', clientId] as const,
  clientHistory: (clientId: number) => ['admin', 'client-history', clientId] as const,
};

const withClient = (path: string, clientId?: number) => (clientId ? `${path}?clientId=${clientId}` : path);

export const fetchUsers = (clientId?: number) => api(withClient('/services/admin/users', clientId), { schema: UserListSchema });
export const fetchUserHistory = (userId: number) => api(`/services/admin/users/${userId}/history`, { schema: HistorySchema });
export const fetchTeams = (clientId?: number) => api(withClient('/services/admin/teams', clientId), { schema: TeamListSchema });
export const fetchClient = (clientId: number) => api(`/services/admin/clients/${clientId}`, { schema: ClientDetailSchema });
export const fetchClientHistory = (clientId: number) => api(`/services/admin/clients/${clientId}/history`, { schema: HistorySchema });

export function fetchClients(q = '', state: AccountState | null = null) {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (state) params.set('state', state);
  const query = params.toString();
  return api(`/services/admin/clients${query ? `?${query}` : ''}`, { schema: ClientListSchema });
}

export const fetchInvitations = (clientId?: number) => api(withClient('/services/admin/invitations', clientId), { schema: PendingInvitationListSchema });
export const resendInvitation = (invitationId: number) =>
  api(`/services/admin/invitations/${invitationId}/resend`, { method: 'PUT', schema: MessageSchema });
export const revokeInvitation = (invitationId: number) =>
  api(`/services/admin/invitations/${invitationId}/revoke`, { method: 'PUT', schema: MessageSchema });

export const saveRoles = (userId: number, roles: Role[]) =>
  api(`/services/admin/users/${userId}/roles`, { method: 'PUT', body: { roles }, schema: AdminUserSchema });
export const moveUser = (userId: number, teamId: number) =>
  api(`/services/admin/users/${userId}/team`, { method: 'PUT', body: { teamId }, schema: AdminUserSchema });
export const setUserActive = (userId: number, isActive: boolean) =>
  api(`/services/admin/users/${userId}/active`, { method: 'PUT', body: { isActive }, schema: AdminUserSchema });
export const createTeam = (name: string, clientId?: number) =>
  api('/services/admin/teams', { method: 'POST', body: clientId ? { name, clientId } : { name }, schema: TeamListSchema });
export const updateTeam = (teamId: number, input: UpdateTeamInput) =>
  api(`/services/admin/teams/${teamId}`, { method: 'PUT', body: input, schema: TeamListSchema });
export const updateClient = (clientId: number, input: UpdateClientInput): Promise<ClientDetail> =>
  api(`/services/admin/clients/${clientId}`, { method: 'PUT', body: input, schema: ClientDetailSchema });
export const setClientEnabled = (clientId: number, isEnabled: boolean) =>
  api(`/services/admin/clients/${clientId}/state`, { method: 'PUT', body: { isEnabled }, schema: ClientDetailSchema });

/** The server's message for a failed call, the generic one otherwise. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.genericError;
}

/**
 * A change made from an admin page: on success a toast and a refresh of every admin query;
 * on failure the server's message as an error toast (forms may also show its field messages).
 */
export function useAdminChange<TInput, TResult>(run: (input: TInput) => Promise<TResult>, success: string | ((result: TResult) => string)) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      clearToasts('admin-change');
      showToast(typeof success === 'string' ? success : success(result), 'success');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => showToast(errorMessage(error), 'error', { cause: 'admin-change' }),
  });
}
