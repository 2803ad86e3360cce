/** Navigation guard: public routes pass; others need a loaded user holding the route's roles. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TITLE, MENU_ITEMS, rolesForPath, type MenuUser, type RouteDef } from '#shared/navigation';
import { holdsAnyRole } from '#shared/roles';
import type { CurrentUser } from '#shared/auth';
import { currentUserQuery, useCurrentUser } from './current-user';

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

/**
 * The tab's title: the route's, or the menu's label where the menu names the page by team type
 * (Team Settings for a single team, Teams for several), else the default title.
 */
export function routeTitle(route: RouteDef, user: MenuUser | null | undefined): string {
  const item = user ? MENU_ITEMS.find((i) => i.link === route.path && i.teamType && i.teamType === user.teamType) : undefined;
  return item?.label ?? route.title ?? DEFAULT_TITLE;
}

/** Sets document.title to routeTitle(). */
export function useRouteTitle(route: RouteDef, user?: MenuUser | null): void {
  const title = routeTitle(route, user);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  // Public pages need no user for their title, so they do not fetch one.
  const { data: user } = useQuery({ ...currentUserQuery, enabled: !route.isPublic });
  useRouteTitle(route, route.isPublic ? null : user);
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
