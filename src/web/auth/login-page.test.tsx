// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INTENT_DECLINED, INTENT_OF_USE_TEXT, LOGIN_MESSAGES, type LoginCode } from '#shared/messages';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

function fillAndSubmit(username = 'analyst', password = 'Demo-pass-2026') {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

async function renderLogin(loginAnswer: (request: RecordedRequest) => Response) {
  let loggedIn = false;
  const server = stubServer({
    'GET /services/user/info': () => userInfoHandler(loggedIn ? makeUser() : null)({} as RecordedRequest),
    'POST /services/user/login': (request) => {
      const answer = loginAnswer(request);
      loggedIn = answer.status === 200 && (request.body as { username: string }).username === 'analyst';
      return answer;
    },
  });
  const rendered = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  return { ...rendered, server };
}

const loginCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/services/user/login');

describe('login', () => {
  it('sends a signed-in user who opens /login to their home, with no login form', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser()) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByLabelText(/Password/)).toBeNull();
  });

  it('links to registration and to password reset', async () => {
    await renderLogin(() => json(200, 'LOGIN_SUCCESSFUL'));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/registration/company');
    expect(within(main).getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/reset-password');
  });

  it('asks for both fields before anything else', async () => {
    const { server } = await renderLogin(() => json(200, 'LOGIN_SUCCESSFUL'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loginCalls(server.requests)).toHaveLength(0);
  });

  it('declining the intent of use closes the dialog, logs nobody in and shows the toast with a Close button', async () => {
    const { server } = await renderLogin(() => json(200, 'LOGIN_SUCCESSFUL'));
    fillAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Intent of Use' });
    expect(within(dialog).getByText(INTENT_OF_USE_TEXT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toast = await screen.findByText(INTENT_DECLINED);
    expect(loginCalls(server.requests)).toHaveLength(0);
    const close = within(toast.closest('.mantine-Notification-root') as HTMLElement).getByRole('button', { name: 'Close' });
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByText(INTENT_DECLINED)).toBeNull());
  });

  it('acknowledging logs in with the CSRF header, refreshes the user and opens /home', async () => {
    document.cookie = 'csrf=token-123';
    const { server, router } = await renderLogin(() => json(200, 'LOGIN_SUCCESSFUL'));
    fillAndSubmit(' analyst ');
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const [call] = loginCalls(server.requests);
    expect(call.body).toEqual({ username: 'analyst', password: 'Demo-pass-2026' });
    expect(call.headers['X-CSRF-Token']).toBe('token-123');
    expect(await screen.findByText('Welcome, Ada Reyes')).toBeTruthy();
  });

  const failures = Object.entries(LOGIN_MESSAGES) as [Exclude<LoginCode, 'LOGIN_SUCCESSFUL'>, string][];
  it.each(failures)('shows the message of %s and stays on /login', async (code, message) => {
    const { router } = await renderLogin(() => json(200, code));
    fillAndSubmit('someone');
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the generic message for a code it does not know', async () => {
    await renderLogin(() => json(200, 'SOMETHING_NEW'));
    fillAndSubmit('someone');
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LOGIN_MESSAGES.INVALID_CREDENTIALS);
  });

  it("shows the server's message when logins are rate-limited", async () => {
    await renderLogin(() => apiError(429, 'RATE_LIMITED', 'Too many login attempts. Please wait a few minutes and try again.'));
    fillAndSubmit('someone');
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many login attempts.');
  });
});
