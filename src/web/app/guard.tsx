/** Navigation guard: public routes pass; others need a loaded user holding the route's roles. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { DEFAULT_TITLE, rolesForPath, type RouteDef } from '#shared/navigation';
import { holdsAnyRole } from '#shared/roles';
import type { CurrentUser } from '#shared/auth';
import { useCurrentUser } from './current-user';

/** Whether `user` (null when logged out) may open `route`: the roles it holds, as the menus show them. */
export function canAccess(route: RouteDef, user: CurrentUser | null | undefined): boolean {
  if (route.isPublic) return true;
  if (!user) return false;
  return holdsAnyRole(user.roles, route.roles ?? rolesForPath(route.path));
}

/** What the guard leaves in the location for /login: where the user was going, and whether it was refused. */
export interface LoginRedirectState {
  from: string;
  /** A signed-in user whose roles do not allow the page (not a visitor who must log in). */
  isDenied?: boolean;
}

/** Sets document.title from the route, the default title when it has none. */
export function useRouteTitle(route: RouteDef): void {
  useEffect(() => {
    document.title = route.title ?? DEFAULT_TITLE;
  }, [route.title]);
}

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  useRouteTitle(route);
  if (route.isPublic) return <>{children}</>;
  return <ProtectedRoute route={route}>{children}</ProtectedRoute>;
}

function ProtectedRoute({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  // The user is fetched first when not yet loaded; a cached user is used as is.
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!canAccess(route, user)) {
    const state: LoginRedirectState = { from: location.pathname, isDenied: Boolean(user) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
