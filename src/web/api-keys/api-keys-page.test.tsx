// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '#shared/api-keys';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const KEY: ApiKey = {
  id: 7, name: 'HR system', prefix: 'cl_live_Ab3d', createdBy: 'Ada Reyes', createdAt: '2026-04-01T09:00:00.000Z',
  lastUsedAt: '2026-04-15T10:00:03.000Z', expiresAt: '2027-01-01T00:00:00.000Z', revokedAt: null, status: 'active',
};
const apiUser = makeUser({ roles: ['api_user', 'name_search_user'] });

describe('API Key Management', () => {
  it('is in the Settings menu of api users, with the documentation', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(apiUser), 'GET /services/apikeys': () => json(200, { items: [] }) });
    renderApp('/npi/apikeys');
    await screen.findByRole('heading', { level: 1, name: 'API Key Management' });
    fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    expect(await screen.findByRole('menuitem', { name: 'API Key Management' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'API Documentation' })).toBeTruthy();
  });

  it('lists the keys with prefix, creator, dates and status', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(apiUser), 'GET /services/apikeys': () => json(200, { items: [KEY, { ...KEY, id: 8, name: 'Old', status: 'revoked', revokedAt: '2026-04-02T00:00:00.000Z', lastUsedAt: null, expiresAt: null }] }) });
    renderApp('/npi/apikeys');
    const row = (await screen.findByText('HR system')).closest('tr')!;
    expect(within(row).getByText('cl_live_Ab3d…')).toBeTruthy();
    expect(within(row).getByText('Ada Reyes')).toBeTruthy();
    expect(within(row).getByText('2026-04-15 10:00 UTC')).toBeTruthy();
    expect(within(row).getByText('2026-12-31')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = screen.getByText('Old').closest('tr')!;
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getAllByText('Never')).toHaveLength(2); // never used, never expires
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('creates a key and shows its secret once; refusals name the field', async () => {
    let keys: ApiKey[] = [];
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(apiUser),
      'GET /services/apikeys': () => json(200, { items: keys }),
      'POST /services/apikeys': (request) => {
        const body = request.body as { name: string; expiresOn: string | null };
        if (body.expiresOn === '2020-01-01') return apiError(400, 'BAD_REQUEST', 'Some fields are invalid.', { expiresOn: 'Choose today or a later day.' });
        keys = [KEY];
        return json(201, { key: KEY, secret: 'cl_live_Ab3dSECRETSECRET' });
      },
    });
    renderApp('/npi/apikeys');
    await screen.findByText(/No API keys yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'HR system' } });
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose today or a later day.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText('cl_live_Ab3dSECRETSECRET')).toBeTruthy();
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({ name: 'HR system', expiresOn: null });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await screen.findByText('HR system');
    expect(screen.queryByText('cl_live_Ab3dSECRETSECRET')).toBeNull();
  });

  it('revokes a key after a confirmation', async () => {
    let keys = [KEY];
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(apiUser),
      'GET /services/apikeys': () => json(200, { items: keys }),
      'PUT /services/apikeys/7/revoke': () => {
        keys = [{ ...KEY, status: 'revoked', revokedAt: '2026-04-16T00:00:00.000Z' }];
        return json(200, keys[0]);
      },
    });
    renderApp('/npi/apikeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke HR system' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByText('Revoked')).toBeTruthy());
    expect(server.requests.some((r) => r.method === 'PUT' && r.path === '/services/apikeys/7/revoke')).toBe(true);
  });
});
