// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '#shared/messages';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

describe('top bar', () => {
  it('offers Register and Login when logged out, and Help opens the help page', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    const { router } = renderApp('/privacy');
    const banner = await screen.findByRole('banner');
    expect((await within(banner).findByRole('link', { name: 'Register' })).getAttribute('href')).toBe('/registration/company');
    expect(within(banner).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(banner).getByRole('link', { name: 'Clearlist home' }).getAttribute('href')).toBe('/');
    // No menus for a visitor: Monitoring and the searches are for signed-in users.
    expect(within(banner).queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Help' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('welcomes a logged-in user with full and client name', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser()) });
    renderApp('/home');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('Welcome, Ada Reyes')).toBeTruthy();
    expect(within(banner).getByText('Harbor Health')).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it("opens the user's private help page when one is set", async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ privateHelpPage: 'https://help.example.org/clearlist' })) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Help' }));
    expect(open).toHaveBeenCalledWith('https://help.example.org/clearlist', '_blank', 'noopener,noreferrer');
  });

  it('falls back to the help page when the chat widget is not configured', async () => {
    stubServer({
      'GET /services/user/info': userInfoHandler(makeUser()),
      'GET /services/zendesk': () =>
        json(200, { appKey: null, userId: '1', userName: 'Ada Reyes', userEmail: 'ada@example.org', clientName: 'Harbor Health' }),
    });
    const { router } = renderApp('/home');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Help' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('logs out: ends the server session, forgets the user and goes to /login', async () => {
    let loggedIn = true;
    const server = stubServer({
      'GET /services/user/info': () => userInfoHandler(loggedIn ? makeUser() : null)(undefined as never),
      'POST /services/user/logout': () => {
        loggedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderApp('/home');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/services/user/logout')).toBe(true);
    expect(await screen.findByText(MESSAGES.loggedOut)).toBeTruthy();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('prints the page', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp('/help');
    fireEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});
