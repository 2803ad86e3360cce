// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ROUTES, type RouteDef } from '#shared/navigation';
import { PAGES } from './page-registry';
import { canAccess } from './guard';
import { makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const route = (path: string): RouteDef => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('canAccess', () => {
  it('lets anyone open a public route', () => {
    expect(canAccess(route('/login'), null)).toBe(true);
    expect(canAccess(route('/privacy'), undefined)).toBe(true);
  });

  it('refuses a protected route without a user', () => {
    expect(canAccess(route('/home'), null)).toBe(false);
  });

  it('opens a route without roles to any logged-in user', () => {
    expect(canAccess(route('/home'), makeUser({ roles: [] }))).toBe(true);
  });

  it('takes the roles of the menu item whose link matches', () => {
    expect(canAccess(route('/account-details'), makeUser({ roles: ['name_search_user'] }))).toBe(false);
    expect(canAccess(route('/account-details'), makeUser({ roles: ['account_owner_user'] }))).toBe(true);
    expect(canAccess(route('/admin/domainHierarchy'), makeUser({ roles: ['domain_admin_user'] }))).toBe(true);
  });

  it('opens to a system admin the pages of the roles it holds only (ADR 036)', () => {
    const admin = makeUser({ roles: ['system_admin_user'] });
    expect(canAccess(route('/admin'), admin)).toBe(true);
    expect(canAccess(route('/npi/apikeys'), admin)).toBe(false);
    expect(canAccess(route('/account-details'), admin)).toBe(false);
  });
});

describe('navigation guard', () => {
  const withAccountPage = { ...PAGES, '/account-details': () => <h1>Account Overview page</h1> };

  it('shows a public page without asking who is logged in first', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(document.title).toBe('Privacy policy');
  });

  it('fetches the user first, then sends a visitor without a session to /login', async () => {
    const server = stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.requests.some((r) => r.path === '/services/user/info')).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('opens a protected page for a logged-in user and titles the document from the route', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser()) });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(document.title).toBe('Home');
  });

  it('sends a user who lacks the role to /login', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user'] })) });
    const { router } = renderApp('/account-details', withAccountPage);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('Account Overview page')).toBeNull();
  });

  it('lets a system admin who also holds the role through a role-restricted route', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user', 'account_owner_user'] })) });
    renderApp('/account-details', withAccountPage);
    expect(await screen.findByText('Account Overview page')).toBeTruthy();
  });

  it('redirects unknown paths and routes whose page is not built yet to the landing page', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user'] })) });
    // Routes of the navigation table whose page is not built yet, whichever they are today.
    const unbuilt = ROUTES.filter((r) => !(r.path in PAGES)).map((r) => r.path.replace(/:\w+\??/g, '7'));
    for (const path of ['/no/such/page', ...unbuilt.slice(0, 3)]) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }
  });
});
