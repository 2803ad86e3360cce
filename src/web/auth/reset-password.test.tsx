// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '#shared/messages';
import { apiError, json, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const TOKEN = 'reset-token-0123456789';

function setPasswords(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(/^New password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

async function renderReset(answer: (request: RecordedRequest) => Response) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(null),
    'POST /services/user/password-reset/check': () => json(200, { valid: true }),
    'POST /services/user/password-reset': answer,
  });
  renderApp(`/reset-password/${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
  const resetCalls = () => server.requests.filter((r) => r.path === '/services/user/password-reset');
  return { server, resetCalls };
}

describe('choosing a new password', () => {
  it.each([
    ['abc12', MESSAGES.passwordTooShort],
    ['abcdefgh', MESSAGES.passwordNeedsLetterAndNumber],
    ['12345678', MESSAGES.passwordNeedsLetterAndNumber],
  ])('refuses %s locally: %s', async (password, message) => {
    const { resetCalls } = await renderReset(() => json(200, { message: MESSAGES.resetDone }));
    setPasswords(password, password);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(resetCalls()).toHaveLength(0);
  });

  it('says when the confirmation does not match', async () => {
    const { resetCalls } = await renderReset(() => json(200, { message: MESSAGES.resetDone }));
    setPasswords('Harbor-2026', 'Harbor-2027');
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(resetCalls()).toHaveLength(0);
  });

  it('sends a valid password with the token, then offers to log in', async () => {
    const { resetCalls } = await renderReset(() => json(200, { message: MESSAGES.resetDone }));
    setPasswords('Harbor-2026', 'Harbor-2026');
    expect(await screen.findByText(MESSAGES.resetDone)).toBeTruthy();
    expect(resetCalls()[0].body).toEqual({ token: TOKEN, password: 'Harbor-2026', verifyPassword: 'Harbor-2026' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("puts the server's field errors on the fields", async () => {
    await renderReset(() =>
      apiError(400, 'BAD_REQUEST', 'Invalid input.', { password: MESSAGES.passwordIsDictionaryWord }),
    );
    setPasswords('Sunshine1', 'Sunshine1');
    expect(await screen.findByText(MESSAGES.passwordIsDictionaryWord)).toBeTruthy();
  });

  it('explains an expired link and offers a new one', async () => {
    await renderReset(() => apiError(400, 'BAD_REQUEST', MESSAGES.resetLinkInvalid));
    setPasswords('Harbor-2026', 'Harbor-2026');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.resetLinkInvalid);
    expect(within(alert).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/reset-password');
  });
});

describe('opening a reset link', () => {
  it('shows the refusal of a used or expired link at once, without the form, and offers a new link', async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(null),
      'POST /services/user/password-reset/check': () => apiError(400, 'BAD_REQUEST', MESSAGES.resetLinkInvalid),
    });
    renderApp(`/reset-password/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/reset-password');
    expect(server.requests.find((r) => r.path === '/services/user/password-reset/check')?.body).toEqual({ token: TOKEN });
  });
});

describe('asking for a reset link', () => {
  it("sends the username or e-mail and shows the server's answer", async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(null),
      'POST /services/user/password-reset/request': () => json(200, { message: MESSAGES.resetRequested }),
    });
    renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: ' analyst ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.resetRequested)).toBeTruthy();
    const call = server.requests.find((r) => r.path === '/services/user/password-reset/request');
    expect(call?.body).toEqual({ usernameOrEmail: 'analyst' });
  });
});
