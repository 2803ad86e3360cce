// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, type ClientDetail } from '#shared/admin';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const acme: ClientDetail = {
  id: 3, name: 'Acme Health', domainName: 'acme-health', planType: 'COMPANY', state: 'paid', teamType: 'MULTI_TEAM',
  searchOptions: ['NAME', 'NPI'], usersCount: 2, createdAt: '2026-01-05T00:00:00.000Z', ipAllowlist: [], privateHelpPage: null, reviewThreshold: null,
};
const sunrise: ClientDetail = { ...acme, id: 4, name: 'Sunrise Clinic', domainName: 'sunrise', planType: 'FREE', state: 'trial', teamType: 'SINGLE' };

function renderClients(extra: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user'] })),
    'GET /services/admin/clients': () => json(200, [acme, sunrise]),
    'GET /services/admin/clients/3': () => json(200, acme),
    'GET /services/admin/clients/3/history': () => json(200, []),
    ...extra,
  });
  renderApp('/admin');
  return server;
}

const urlOf = (r: RecordedRequest) => r.path;

describe('Client Admin page', () => {
  it('lists clients with domain, plan, state, team type, search options and users', async () => {
    renderClients();
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Admin' })).toBeTruthy();
    const row = (await screen.findByRole('button', { name: 'Open Acme Health' })).closest('tr')!;
    for (const text of ['acme-health', 'COMPANY', 'Paid', 'Unlimited', 'NAME, NPI', '2']) expect(within(row).getByText(text)).toBeTruthy();
  });

  it('filters by state through the server', async () => {
    const server = renderClients();
    await screen.findByRole('button', { name: 'Open Acme Health' });
    fireEvent.click(screen.getByLabelText('State', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Trial' }));
    await waitFor(() => expect(server.fetch.mock.calls.some(([url]) => String(url).includes('state=trial'))).toBe(true));
    expect(server.requests.map(urlOf)).toContain('/services/admin/clients');
  });

  it('refuses an invalid CIDR line before sending, then saves a valid allowlist', async () => {
    const server = renderClients({ 'PUT /services/admin/clients/3': () => json(200, { ...acme, ipAllowlist: ['203.0.113.0/24'] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Acme Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Health' });
    const allowlist = within(dialog).getByLabelText('IP allowlist');
    fireEvent.change(allowlist, { target: { value: '203.0.113.0/24\n10.0.0.300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText(`Line 2: ${ADMIN_MESSAGES.invalidCidr}`)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(allowlist, { target: { value: '203.0.113.0/24\n' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings of Acme Health saved.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ ipAllowlist: ['203.0.113.0/24'], privateHelpPage: '', reviewThreshold: null });
  });

  it('checks the help page and the review threshold with the contract before sending', async () => {
    const server = renderClients({ 'PUT /services/admin/clients/3': () => json(200, { ...acme, privateHelpPage: 'https://intranet.example.org/help', reviewThreshold: 0.75 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Acme Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Health' });
    fireEvent.change(within(dialog).getByLabelText('Private help page'), { target: { value: 'intranet/help' } });
    fireEvent.change(within(dialog).getByLabelText('Review threshold'), { target: { value: '0.3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText(ADMIN_MESSAGES.invalidUrl)).toBeTruthy();
    expect(within(dialog).getByText(ADMIN_MESSAGES.invalidThreshold)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Private help page'), { target: { value: ' https://intranet.example.org/help ' } });
    fireEvent.change(within(dialog).getByLabelText('Review threshold'), { target: { value: '0.75' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings of Acme Health saved.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ ipAllowlist: [], privateHelpPage: 'https://intranet.example.org/help', reviewThreshold: 0.75 });
  });

  it('asks before disabling a client', async () => {
    const server = renderClients({ 'PUT /services/admin/clients/3/state': () => json(200, { ...acme, state: 'disabled' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Acme Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Health' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable client' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Acme Health?' });
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Acme Health disabled.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ isEnabled: false });
  });

  it('is not open to a domain admin', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['domain_admin_user'] })) });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
