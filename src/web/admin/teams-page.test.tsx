// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminTeam, TeamList } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin';
import { MESSAGES } from '#shared/messages';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const compliance: AdminTeam = {
  id: 1, name: 'Compliance', ownerUserId: 5, ownerName: 'Olivia Owens', memberCount: 2, createdAt: '2026-01-05T00:00:00.000Z',
  members: [
    { id: 5, username: 'owner', fullName: 'Olivia Owens', isActive: true },
    { id: 7, username: 'analyst', fullName: 'Andre Nguyen', isActive: true },
  ],
};
const multi: TeamList = { client: { id: 3, name: 'Acme Health', teamType: 'MULTI_TEAM' }, teams: [compliance] };
const single: TeamList = { client: { id: 4, name: 'Sunrise Clinic', teamType: 'SINGLE' }, teams: [{ ...compliance, name: 'Front Desk' }] };
const admin = (teamType: 'SINGLE' | 'MULTI_TEAM') => makeUser({ roles: ['domain_admin_user'], teamType, singleTeam: teamType === 'SINGLE', multiTeam: teamType === 'MULTI_TEAM' });

describe('Teams page (multi-team client)', () => {
  it('lists teams with member count and owner, and creates a team', async () => {
    const created = { ...multi, teams: [compliance, { ...compliance, id: 2, name: 'Billing', memberCount: 0, ownerUserId: null, ownerName: null, members: [] }] };
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(admin('MULTI_TEAM')),
      'GET /services/admin/teams': () => json(200, multi),
      'POST /services/admin/teams': () => json(200, created),
    });
    renderApp('/admin/domainHierarchy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeTruthy();
    expect(document.title).toBe('Teams');
    const row = (await screen.findByRole('button', { name: 'Edit Compliance' })).closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Olivia Owens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    fireEvent.change(within(dialog).getByLabelText(/Team name/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Team name/), { target: { value: ' Billing ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team created.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Billing' });
  });

  it('shows the server’s field message for a name already taken', async () => {
    stubServer({
      'GET /services/user/info': userInfoHandler(admin('MULTI_TEAM')),
      'GET /services/admin/teams': () => json(200, multi),
      'PUT /services/admin/teams/1': () => apiError(409, 'CONFLICT', ADMIN_MESSAGES.teamNameTaken, { name: ADMIN_MESSAGES.teamNameTaken }),
    });
    renderApp('/admin/domainHierarchy');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Compliance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Compliance' });
    fireEvent.change(within(dialog).getByLabelText(/Team name/), { target: { value: 'Billing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save team' }));
    expect((await within(dialog).findAllByText(ADMIN_MESSAGES.teamNameTaken)).length).toBeGreaterThan(0);
  });
});

describe('Team Settings page (single-team client)', () => {
  it('shows the one team and saves its new name and owner', async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(admin('SINGLE')),
      'GET /services/admin/teams': () => json(200, single),
      'PUT /services/admin/teams/1': () => json(200, single),
    });
    renderApp('/admin/domainHierarchy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Settings' })).toBeTruthy();
    // The tab says what the menu and the heading say.
    expect(document.title).toBe('Team Settings');
    expect(screen.queryByRole('button', { name: 'New team' })).toBeNull();
    fireEvent.change(await screen.findByLabelText(/Team name/), { target: { value: 'Reception' } });
    fireEvent.click(screen.getByLabelText('Owner', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: /Andre Nguyen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save team' }));
    expect(await screen.findByText('Team saved.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ name: 'Reception', ownerUserId: 7 });
  });
});
