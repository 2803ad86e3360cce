// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserList } from '#shared/admin';
import { MESSAGES } from '#shared/messages';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const list: UserList = {
  client: { id: 3, name: 'Harbor Health', teamType: 'MULTI_TEAM' },
  teams: [{ id: 1, name: 'Compliance' }, { id: 2, name: 'Credentialing' }],
  users: [],
};

function renderUsers(roles: string[], clientName = 'Harbor Health') {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ userName: 'owner', clientName, roles })),
    'GET /services/admin/users': () => json(200, list),
    'GET /services/admin/clients': () => json(200, []),
    'POST /services/account/invitations': () => json(201, { message: 'Invitation sent.', expiresAt: '2026-12-06T00:00:00.000Z' }),
  });
  renderApp('/admin/userManagement');
  return server;
}

describe('Invite co-worker (Users page)', () => {
  it('sends an e-mail and a team, after checking both', async () => {
    const server = renderUsers(['domain_admin_user', 'account_owner_user']);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite co-worker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite co-worker' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findAllByText(MESSAGES.required)).toHaveLength(2);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), { target: { value: ' new.hire@harbor.example ' } });
    fireEvent.click(within(dialog).getByLabelText(/^Team/, { selector: 'input' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Credentialing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.find((r) => r.path === '/services/account/invitations')!.body).toEqual({ email: 'new.hire@harbor.example', teamId: 2 });
  });

  it('is not offered to a system admin looking at another client', async () => {
    renderUsers(['system_admin_user', 'domain_admin_user'], 'Clearlist');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await screen.findByText(/People who can sign in to Harbor Health/);
    expect(screen.queryByRole('button', { name: 'Invite co-worker' })).toBeNull();
  });
});
