// @vitest-environment jsdom
/**
 * Every role × every route of the spec's table (accounts-and-access §2, §6): the menus show
 * exactly the items of the roles held, the guard opens exactly those pages, and a signed-in
 * user sent to /login is told why, with the way back. The expectations are the spec's table,
 * written out here, not read from src/shared/navigation.ts.
 */
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { ROUTES } from '#shared/navigation';
import { ROLES, type Role } from '#shared/roles';
import { MESSAGES } from '#shared/messages';
import type { TeamType } from '#shared/teams';
import { LoginPage } from '../auth/login-page';
import { makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { BUILT_PATHS, isBuiltPath } from './built-pages';
import { NavMenus } from './nav-menus';

/** The spec's menus: label, link, role (none: every logged-in user), team type. */
const SPEC_MENUS: { menu: 'Search' | 'Settings'; label: string; link: string; role?: Role; teamType?: TeamType }[] = [
  { menu: 'Search', label: 'Interactive Search', link: '/interactive/search' },
  { menu: 'Search', label: 'Batch Search (New)', link: '/flex-search' },
  // Not in the spec's table: Monitoring, open to every signed-in user (issue 55, ADR 128).
  { menu: 'Search', label: 'Monitoring', link: '/monitoring' },
  { menu: 'Search', label: 'Batch Name Search', link: '/batch/name/batchUI', role: 'name_search_user' },
  { menu: 'Search', label: 'Batch NPI Search', link: '/batch/npi/batchUI', role: 'npi_search_user' },
  { menu: 'Search', label: 'Advance Search', link: '/advancedSearch/search', role: 'advanced_search' },
  { menu: 'Search', label: 'Search History', link: '/searchhistory/main', role: 'paying_user' },
  { menu: 'Settings', label: 'Account Details', link: '/account-details', role: 'account_owner_user' },
  { menu: 'Settings', label: 'Client Admin', link: '/admin', role: 'system_admin_user' },
  { menu: 'Settings', label: 'Teams', link: '/admin/domainHierarchy', role: 'domain_admin_user', teamType: 'MULTI_TEAM' },
  { menu: 'Settings', label: 'Team Settings', link: '/admin/domainHierarchy', role: 'domain_admin_user', teamType: 'SINGLE' },
  { menu: 'Settings', label: 'Users', link: '/admin/userManagement', role: 'domain_admin_user' },
  { menu: 'Settings', label: 'Batch Queue Management', link: '/admin/queueManagement', role: 'system_admin_user' },
  { menu: 'Settings', label: 'Lists', link: '/admin/lists', role: 'system_admin_user' },
  { menu: 'Settings', label: 'API Key Management', link: '/npi/apikeys', role: 'api_user' },
  { menu: 'Settings', label: 'API Documentation', link: '/npi/apidoc', role: 'api_user' },
];

/** Who may open a signed-in route: the role of its menu item, or every logged-in user when it has none. */
function specAllows(path: string, roles: readonly string[]): boolean {
  const items = SPEC_MENUS.filter((m) => m.link === path);
  return items.length === 0 || items.some((m) => !m.role || roles.includes(m.role));
}

const USERS: { name: string; roles: Role[]; teamType: TeamType }[] = [
  { name: 'no role', roles: [], teamType: 'SINGLE' },
  ...ROLES.map((role) => ({ name: role, roles: [role], teamType: 'MULTI_TEAM' as TeamType })),
  { name: 'domain_admin_user of a single team', roles: ['domain_admin_user'], teamType: 'SINGLE' },
];

const concrete = (path: string) => path.replace(/:\w+\??/g, '7');
const Stub = (path: string) => () => <h1>Stub page {path}</h1>;
const STUB_PAGES = { ...Object.fromEntries(BUILT_PATHS.map((p) => [p, Stub(p)])), '/login': LoginPage };
const SIGNED_IN_ROUTES = ROUTES.filter((r) => !r.isPublic);

function itemsOf(menu: 'Search' | 'Settings'): string[] {
  const button = screen.queryByRole('button', { name: menu });
  if (!button) return [];
  fireEvent.click(button);
  const labels = within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
  fireEvent.click(button);
  return labels;
}

describe.each(USERS)('$name', ({ roles, teamType }) => {
  it('sees exactly the menu items of the roles it holds (whose pages are built)', () => {
    const { unmount } = render(
      <MantineProvider env="test">
        <MemoryRouter>
          <NavMenus user={{ roles, teamType }} />
        </MemoryRouter>
      </MantineProvider>,
    );
    for (const menu of ['Search', 'Settings'] as const) {
      const expected = SPEC_MENUS.filter((m) => m.menu === menu && isBuiltPath(m.link) && (!m.role || roles.includes(m.role)) && (!m.teamType || m.teamType === teamType));
      expect(itemsOf(menu), menu).toEqual(expected.map((m) => m.label));
    }
    unmount();
  });

  it('opens exactly the spec routes its roles allow; any other sends it to /login, told why, with the way home', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles, teamType })) });
    for (const route of SIGNED_IN_ROUTES) {
      const { router, unmount } = renderApp(concrete(route.path), STUB_PAGES);
      if (!isBuiltPath(route.path)) {
        // A page not built (yet) is not reachable at all: it goes where unknown paths go.
        await waitFor(() => expect(router.state.location.pathname, route.path).toBe('/'));
      } else if (specAllows(route.path, roles)) {
        expect(await screen.findByRole('heading', { name: `Stub page ${route.path}` }), route.path).toBeTruthy();
      } else {
        await waitFor(() => expect(router.state.location.pathname, route.path).toBe('/login'));
        expect(await screen.findByText(MESSAGES.noAccess), route.path).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Back to your home page' }).getAttribute('href')).toBe('/home');
        expect(screen.queryByLabelText('Password')).toBeNull();
      }
      unmount();
    }
  });
});

describe('the login page after a refusal', () => {
  it('still offers the login form, to log in with another account', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user'] })) });
    const { router } = renderApp('/account-details', STUB_PAGES);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(/Account Overview \(\/account-details\) needs a role/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with another account' }));
    expect(await screen.findByLabelText(/Password/)).toBeTruthy();
  });

  it('is the plain login form for a visitor who is not signed in', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    const { router } = renderApp('/account-details', STUB_PAGES);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noAccess)).toBeNull();
  });
});
