// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import { json, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { click, renderRegistration } from '../registration/registration-test-kit';
import { clearToasts, showToast, TOAST_LIMIT } from './toasts';

const toasts = () => document.querySelectorAll('.mantine-Notification-root');

describe('toasts', () => {
  it('show one at a time: a new toast replaces the one shown, and none waits behind it (issue 55)', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null), 'GET /services/lists': () => json(200, []) });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(TOAST_LIMIT).toBe(1);
    act(() => {
      for (let i = 1; i <= 3; i++) showToast(`Problem ${i}`, 'error');
    });
    await screen.findByText('Problem 3');
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(screen.queryByText('Problem 1')).toBeNull();
    act(() => showToast('Saved', 'success'));
    await screen.findByText('Saved');
    await waitFor(() => expect(screen.queryByText('Problem 3')).toBeNull());
    expect(toasts()).toHaveLength(1);
  });

  it('a new toast of the same cause replaces the old one; clearing the cause takes it away', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    act(() => {
      showToast('First try failed', 'error', { cause: 'save' });
      showToast('Second try failed', 'error', { cause: 'save' });
    });
    await screen.findByText('Second try failed');
    await waitFor(() => expect(screen.queryByText('First try failed')).toBeNull());
    act(() => clearToasts('save'));
    await waitFor(() => expect(screen.queryByText('Second try failed')).toBeNull());
  });

  it('several messages due at once share one toast, a line each; fixing either cause takes it away', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    act(() => void showToast(['No file yet', 'No search type yet'], 'error', { cause: ['file', 'type'] }));
    await screen.findByText('No file yet');
    expect(screen.getByText('No search type yet')).toBeTruthy();
    expect(toasts()).toHaveLength(1);
    act(() => clearToasts('type'));
    await waitFor(() => expect(screen.queryByText('No file yet')).toBeNull());
  });

  it("the registration's 'choose a team' error goes as soon as a team is chosen", async () => {
    renderRegistration('/registration/company');
    await screen.findByRole('heading', { name: 'Choose a Plan & Options' });
    click('Continue');
    await waitFor(() => expect([...toasts()].some((t) => t.textContent?.includes(REGISTRATION_MESSAGES.chooseTeam))).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Single Team' }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
  });
});
