// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser, HistoryEntry, UserList } from '#shared/admin';
import { INVITATION_MESSAGES, type PendingInvitation } from '#shared/invitations';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const analyst: AdminUser = {
  id: 7, username: 'analyst', firstName: 'Andre', lastName: 'Nguyen', email: 'analyst@acme.example',
  teamId: 2, teamName: 'Credentialing', roles: ['name_search_user'], isActive: true,
};
const owner: AdminUser = { ...analyst, id: 5, username: 'owner', firstName: 'Olivia', lastName: 'Owens', teamId: 1, teamName: 'Compliance', roles: ['domain_admin_user'] };
const list: UserList = {
  client: { id: 3, name: 'Acme Health', teamType: 'MULTI_TEAM' },
  teams: [{ id: 1, name: 'Compliance' }, { id: 2, name: 'Credentialing' }],
  users: [analyst, owner],
};
const me = makeUser({ userName: 'owner', roles: ['domain_admin_user'], teamType: 'MULTI_TEAM', multiTeam: true, singleTeam: false });

async function renderUsers(extra: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(me),
    'GET /services/admin/users': () => json(200, list),
    'GET /services/admin/invitations': () => json(200, []),
    ...extra,
  });
  renderApp('/admin/userManagement');
  await screen.findByRole('heading', { level: 1, name: 'Users' });
  await screen.findByRole('table', { name: 'Users' });
  return server;
}

/** Opens the user's Actions menu and chooses an item. */
async function chooseAction(username: string, action: string) {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${username}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

const pending: PendingInvitation = {
  id: 41,
  inviteeEmail: 'new.hire@acme.example',
  teamName: 'Credentialing',
  sentBy: 'Olivia Owens',
  sentAt: '2026-11-20T15:30:00.000Z',
  expiresAt: '2026-12-04T15:30:00.000Z',
};

describe('Users page: pending invitations', () => {
  it('lists invitee, team, sender, sent and expiry; Revoke asks first, then revokes and toasts', async () => {
    let revoked = false;
    const server = await renderUsers({
      'GET /services/admin/invitations': () => json(200, revoked ? [] : [pending]),
      'PUT /services/admin/invitations/41/revoke': () => {
        revoked = true;
        return json(200, { message: INVITATION_MESSAGES.revoked(pending.inviteeEmail) });
      },
    });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    const row = within(table).getByText('new.hire@acme.example').closest('tr')!;
    for (const text of ['Credentialing', 'Olivia Owens', /Nov 20, 2026/, /Dec 4, 2026/]) expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke for new.hire@acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation?' });
    expect(dialog.textContent).toContain(INVITATION_MESSAGES.revokeQuestion(pending.inviteeEmail));
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(INVITATION_MESSAGES.revoked(pending.inviteeEmail))).toBeTruthy();
    expect(await screen.findByText('No invitations are waiting to be accepted.')).toBeTruthy();
  });

  it('Resend asks first, then resends', async () => {
    const server = await renderUsers({
      'GET /services/admin/invitations': () => json(200, [pending]),
      'PUT /services/admin/invitations/41/resend': () => json(200, { message: INVITATION_MESSAGES.resent(pending.inviteeEmail) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend to new.hire@acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the invitation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(INVITATION_MESSAGES.resent(pending.inviteeEmail))).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/services/admin/invitations/41/resend']);
  });
});

describe('Users page', () => {
  it('lists username, name, e-mail, team, roles and active state', async () => {
    await renderUsers();
    const row = screen.getByText('analyst').closest('tr')!;
    for (const text of ['Andre Nguyen', 'analyst@acme.example', 'Credentialing', 'Name search', 'Active']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.queryByLabelText('Client')).toBeNull();
  });

  it('puts the changes of each user in one menu on its row, and counts the roles past the first two', async () => {
    const many: AdminUser = { ...owner, roles: ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user'] };
    await renderUsers({ 'GET /services/admin/users': () => json(200, { ...list, users: [analyst, many] }) });
    const row = screen.getByText('owner').closest('tr')!;
    // One button for the actions, one for the roles not shown: no row of text actions.
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['+2 more roles of owner', 'Actions']);
    expect(within(row).getByText('Account owner')).toBeTruthy();
    expect(within(row).queryByText('Name search')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Actions for owner' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Roles', 'Team', 'History', 'Deactivate']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    fireEvent.click(within(row).getByRole('button', { name: '+2 more roles of owner' }));
    expect(await screen.findByRole('dialog', { name: 'Roles of owner' })).toBeTruthy();
  });

  it('shows three roles whole rather than two and "+1 more"', async () => {
    await renderUsers({ 'GET /services/admin/users': () => json(200, { ...list, users: [{ ...analyst, roles: ['name_search_user', 'npi_search_user', 'paying_user'] }, owner] }) });
    const row = screen.getByText('analyst').closest('tr')!;
    for (const text of ['Name search', 'NPI search', 'Paying user (search history)']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).queryByText(/more/)).toBeNull();
  });

  it('saves checked roles, locks the system admin role for a domain admin, and toasts success', async () => {
    const server = await renderUsers({ 'PUT /services/admin/users/7/roles': (r) => json(200, { ...analyst, roles: (r.body as { roles: string[] }).roles }) });
    await chooseAction('analyst', 'Roles');
    const dialog = await screen.findByRole('dialog', { name: 'Roles of analyst' });
    expect((within(dialog).getByLabelText('System administrator') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('API user'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Roles of analyst updated.')).toBeTruthy();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ roles: ['name_search_user', 'api_user'] });
  });

  it('locks one’s own administrator role', async () => {
    await renderUsers();
    await chooseAction('owner', 'Roles');
    const dialog = await screen.findByRole('dialog', { name: 'Roles of owner' });
    expect((within(dialog).getByLabelText('Domain administrator') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('You cannot remove your own administrator role.')).toBeTruthy();
  });

  it('asks before deactivating, then sends the change', async () => {
    const server = await renderUsers({ 'PUT /services/admin/users/7/active': () => json(200, { ...analyst, isActive: false }) });
    await chooseAction('analyst', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate analyst?' });
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('analyst deactivated.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ isActive: false });
  });

  it('shows the server’s refusal as an error toast', async () => {
    await renderUsers({ 'PUT /services/admin/users/7/team': () => apiError(404, 'NOT_FOUND', 'The team was not found.') });
    await chooseAction('analyst', 'Team');
    const dialog = await screen.findByRole('dialog', { name: 'Team of analyst' });
    fireEvent.click(within(dialog).getByLabelText('Team', { selector: 'input' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Compliance' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    const toast = await screen.findByText('The team was not found.');
    expect(toast.closest('[role="alert"]')).toBeTruthy();
  });

  it('shows a user’s history: who, what, from and to', async () => {
    const entry: HistoryEntry = { id: 1, at: '2026-11-22T10:00:00.000Z', actorUsername: 'owner', action: 'admin.user.roles', from: ['name_search_user'], to: ['api_user', 'name_search_user'] };
    await renderUsers({ 'GET /services/admin/users/7/history': () => json(200, [entry]) });
    await chooseAction('analyst', 'History');
    const dialog = await screen.findByRole('dialog', { name: 'History of analyst' });
    const row = (await within(dialog).findByText('Roles changed')).closest('tr')!;
    expect(within(row).getByText('owner')).toBeTruthy();
    expect(within(row).getByText('API user, Name search')).toBeTruthy();
  });

  it('gives a system admin a client picker', async () => {
    stubServer({
      // Operator admins hold domain_admin_user too (ADR 036): pages follow the roles held.
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user', 'domain_admin_user'] })),
      'GET /services/admin/users': () => json(200, list),
      'GET /services/admin/clients': () => json(200, []),
    });
    renderApp('/admin/userManagement');
    expect(await screen.findByLabelText('Client', { selector: 'input' })).toBeTruthy();
  });

  it('sends a user without the role to /login', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser()) });
    const { router } = renderApp('/admin/userManagement');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
