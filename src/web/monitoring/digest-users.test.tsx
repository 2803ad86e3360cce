// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserDigestChoice } from '#shared/roster-intake';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const carl: UserDigestChoice = { userId: 7, name: 'Carl Clerk', username: 'carl', email: 'carl@acme.test', frequency: 'off', rosterChoices: 2 };
const olive: UserDigestChoice = { userId: 3, name: 'Olive Owner', username: 'olive', email: 'olive@acme.test', frequency: 'daily', rosterChoices: 0 };
const monitoring = {
  'GET /services/monitoring/rosters': () => json(200, { rosters: [], nextListCheck: null }),
  'GET /services/monitoring/digest': () => json(200, { defaultFrequency: 'daily', email: 'olive@acme.test' }),
};

describe('alert e-mails of the users on the Monitoring page', () => {
  it('an account owner sees each user’s choice and changes one in place', async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['account_owner_user'] })),
      ...monitoring,
      'GET /services/monitoring/digest/users': () => json(200, { users: [carl, olive] }),
      'PUT /services/monitoring/digest/users/7': () => json(200, { ...carl, frequency: 'immediate' }),
    });
    renderApp('/monitoring');
    const table = await screen.findByRole('table', { name: 'Alert e-mails of your users' });
    const carlChoice = within(table).getByRole('combobox', { name: 'Alert e-mails for Carl Clerk' }) as HTMLInputElement;
    expect(carlChoice.value).toBe('No e-mail');
    expect((within(table).getByRole('combobox', { name: 'Alert e-mails for Olive Owner' }) as HTMLInputElement).value).toBe('Once a day');
    expect(within(table).getByText('carl · carl@acme.test')).toBeTruthy();
    expect(within(table).getByText('Chose otherwise for 2 rosters')).toBeTruthy();
    fireEvent.click(carlChoice);
    fireEvent.click(await screen.findByRole('option', { name: 'As alerts arrive' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ frequency: 'immediate' }));
    await waitFor(() => expect(carlChoice.value).toBe('As alerts arrive'));
  });

  it('a plain user has no table and never asks for it', async () => {
    const server = stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user'] })), ...monitoring });
    renderApp('/monitoring');
    await screen.findByText('No monitored roster yet.');
    expect(screen.queryByRole('table', { name: 'Alert e-mails of your users' })).toBeNull();
    expect(server.requests.some((r) => r.path === '/services/monitoring/digest/users')).toBe(false);
  });
});
