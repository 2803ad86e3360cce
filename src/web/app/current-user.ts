/** The signed-in user, loaded once from the server and shared through TanStack Query. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CurrentUserSchema, type CurrentUser } from '#shared/auth';
import { api, isApiError } from './api';

export const CURRENT_USER_KEY = ['user', 'info'] as const;

/** The current user, or null when nobody is logged in (the server answers 401). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api('/services/user/info', { schema: CurrentUserSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchCurrentUser,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Fetches the user again after a login, so the guard and the top bar see the new session. */
export function refreshCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

/** The user for display: undefined while loading, null when logged out or when the server cannot say. */
export function useSessionUser(): CurrentUser | null | undefined {
  const { data, isError } = useCurrentUser();
  return isError ? null : data;
}
