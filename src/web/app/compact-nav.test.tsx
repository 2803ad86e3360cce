// @vitest-environment jsdom
import '../test-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const original = window.matchMedia;
/** A phone: the top bar's narrow-screen query matches. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width: 48em') });
}
afterEach(() => {
  window.matchMedia = original;
});

describe('the top bar on a narrow screen', () => {
  it('is the logo and a menu button; the drawer holds the menus of the roles held, who is signed in and Logout', async () => {
    onPhone();
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user', 'domain_admin_user'], teamType: 'MULTI_TEAM' })) });
    const { router } = renderApp('/privacy');
    const banner = await screen.findByRole('banner');
    const open = await within(banner).findByRole('button', { name: 'Open menu' });
    // The wide bar's menus and banner are not there: nothing to wrap.
    expect(within(banner).queryByRole('button', { name: 'Search' })).toBeNull();
    expect(within(banner).queryByText('Welcome, Ada Reyes')).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Welcome, Ada Reyes')).toBeTruthy();
    const labels = (menu: string) => within(within(drawer).getByRole('navigation', { name: menu })).getAllByRole('link').map((l) => l.textContent);
    expect(labels('Search')).toEqual(['Interactive Search', 'Batch Search (New)', 'Monitoring', 'Batch Name Search']);
    expect(labels('Settings')).toEqual(['Teams', 'Users']);
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Monitoring' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoring'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('offers a visitor Register and Login in the drawer', async () => {
    onPhone();
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    renderApp('/privacy');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/registration/company');
    expect(within(drawer).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(drawer).queryByRole('navigation')).toBeNull();
  });
});
