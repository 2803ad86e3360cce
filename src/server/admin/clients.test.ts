import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ClientDetailSchema, ClientListSchema, HistorySchema } from '#shared/admin';
import { auditLog } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
let sysadmin: Awaited<ReturnType<typeof createUser>>;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
  agent = new Agent(t.app);
  expect(await agent.login(sysadmin.username, sysadmin.password)).toBe('LOGIN_SUCCESSFUL');
});
afterAll(() => t.close());

const auditFor = (clientId: number, action: string) =>
  t.ctx.db.select().from(auditLog).where(and(eq(auditLog.target, `client:${clientId}`), eq(auditLog.action, action)));

describe('GET /services/admin/clients', () => {
  it('lists every client with its users count, filtered by text and by state', async () => {
    const acme = await createClient(t.ctx.db, { name: 'Acme Health', domainName: 'acme-health-test', teamType: 'MULTI_TEAM' });
    await createUser(t.ctx.db, { clientId: acme.id });
    await createUser(t.ctx.db, { clientId: acme.id });
    await createClient(t.ctx.db, { name: 'Sunrise Clinic', state: 'trial', planType: 'FREE' });
    const all = ClientListSchema.parse((await agent.get('/services/admin/clients')).json());
    expect(all.find((c) => c.id === acme.id)).toMatchObject({ name: 'Acme Health', usersCount: 2, state: 'paid', teamType: 'MULTI_TEAM' });
    // Each client's own users: three for one, none for another.
    const big = await createClient(t.ctx.db, { name: 'Big Health' });
    for (let i = 0; i < 3; i++) await createUser(t.ctx.db, { clientId: big.id });
    const empty = await createClient(t.ctx.db, { name: 'Empty Health' });
    const counts = ClientListSchema.parse((await agent.get('/services/admin/clients')).json());
    expect([big.id, empty.id, acme.id].map((id) => counts.find((c) => c.id === id)?.usersCount)).toEqual([3, 0, 2]);
    expect(ClientDetailSchema.parse((await agent.get(`/services/admin/clients/${big.id}`)).json()).usersCount).toBe(3);
    const byText = ClientListSchema.parse((await agent.get('/services/admin/clients?q=ACME')).json());
    expect(byText.map((c) => c.name)).toEqual(['Acme Health']);
    const byState = ClientListSchema.parse((await agent.get('/services/admin/clients?state=trial')).json());
    expect(byState.map((c) => c.name)).toEqual(['Sunrise Clinic']);
    expect((await agent.get('/services/admin/clients?state=gone')).statusCode).toBe(400);
  });

  it('is for system admins only: a domain admin gets 403 on every client endpoint', async () => {
    const client = await createClient(t.ctx.db);
    const domainAdmin = await createUser(t.ctx.db, { clientId: client.id, roles: ['domain_admin_user', 'account_owner_user'] });
    const theirs = new Agent(t.app);
    await theirs.login(domainAdmin.username, domainAdmin.password);
    for (const res of [
      await theirs.get('/services/admin/clients'),
      await theirs.get(`/services/admin/clients/${client.id}`),
      await theirs.put(`/services/admin/clients/${client.id}`, { privateHelpPage: '' }),
      await theirs.put(`/services/admin/clients/${client.id}/state`, { isEnabled: false }),
      await theirs.get(`/services/admin/clients/${client.id}/history`),
    ]) expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a client that does not exist', async () => {
    expect((await agent.get('/services/admin/clients/999999')).statusCode).toBe(404);
    expect((await agent.put('/services/admin/clients/999999/state', { isEnabled: false })).statusCode).toBe(404);
  });
});

describe('PUT /services/admin/clients/:clientId', () => {
  it('saves a valid IP allowlist and help page, audited with from and to', async () => {
    const client = await createClient(t.ctx.db);
    const res = await agent.put(`/services/admin/clients/${client.id}`, {
      ipAllowlist: ['203.0.113.0/24', ' 198.51.100.7 ', '2001:db8::/32'],
      privateHelpPage: 'https://intranet.example.org/screening',
    });
    expect(res.statusCode).toBe(200);
    expect(ClientDetailSchema.parse(res.json())).toMatchObject({
      ipAllowlist: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'],
      privateHelpPage: 'https://intranet.example.org/screening',
    });
    expect((await auditFor(client.id, 'admin.client.ip_allowlist'))[0]).toMatchObject({
      actorUserId: sysadmin.id,
      details: { from: [], to: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'] },
    });
    const cleared = await agent.put(`/services/admin/clients/${client.id}`, { privateHelpPage: '' });
    expect(ClientDetailSchema.parse(cleared.json()).privateHelpPage).toBeNull();
    const history = HistorySchema.parse((await agent.get(`/services/admin/clients/${client.id}/history`)).json());
    expect(history.map((h) => h.action)).toEqual(['admin.client.help_page', 'admin.client.help_page', 'admin.client.ip_allowlist']);
  });

  it('sets and clears the client review threshold, audited; refuses one out of range', async () => {
    const client = await createClient(t.ctx.db);
    const set = await agent.put(`/services/admin/clients/${client.id}`, { reviewThreshold: 0.9 });
    expect(ClientDetailSchema.parse(set.json()).reviewThreshold).toBeCloseTo(0.9);
    expect((await auditFor(client.id, 'admin.client.review_threshold'))[0]).toMatchObject({ details: { from: null, to: 0.9 } });
    const cleared = await agent.put(`/services/admin/clients/${client.id}`, { reviewThreshold: null });
    expect(ClientDetailSchema.parse(cleared.json()).reviewThreshold).toBeNull();
    const bad = await agent.put(`/services/admin/clients/${client.id}`, { reviewThreshold: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ reviewThreshold: ADMIN_MESSAGES.invalidThreshold });
  });

  it('refuses an invalid CIDR entry with a message on that entry, and an invalid URL', async () => {
    const client = await createClient(t.ctx.db);
    const res = await agent.put(`/services/admin/clients/${client.id}`, { ipAllowlist: ['10.0.0.0/8', '10.0.0.300/24', '1.2.3.4/33'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'ipAllowlist.1': ADMIN_MESSAGES.invalidCidr, 'ipAllowlist.2': ADMIN_MESSAGES.invalidCidr });
    const url = await agent.put(`/services/admin/clients/${client.id}`, { privateHelpPage: 'javascript:alert(1)' });
    expect(url.json().error.fields).toEqual({ privateHelpPage: ADMIN_MESSAGES.invalidUrl });
    expect(await auditFor(client.id, 'admin.client.ip_allowlist')).toHaveLength(0);
  });
});

describe('PUT /services/admin/clients/:clientId/state', () => {
  it('disabling ends every session of the client’s users and refuses new logins; re-enabling restores access', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial' });
    const user = await createUser(t.ctx.db, { clientId: client.id });
    const theirs = new Agent(t.app);
    await theirs.login(user.username, user.password);
    const res = await agent.put(`/services/admin/clients/${client.id}/state`, { isEnabled: false });
    expect(ClientDetailSchema.parse(res.json()).state).toBe('disabled');
    expect((await theirs.get('/services/user/info')).statusCode).toBe(401);
    const [entry] = await auditFor(client.id, 'admin.client.state');
    expect(entry.details).toMatchObject({ from: 'trial', to: 'disabled', revokedSessions: 1 });
    // The state alone already refuses the session; check that the session row itself was revoked.
    const rows = await t.ctx.database.sql('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [user.id]);
    expect(rows.rows[0].n).toBe(0);
    expect(await new Agent(t.app).login(user.username, user.password)).toBe('ACCOUNT_DISABLED');
    const back = await agent.put(`/services/admin/clients/${client.id}/state`, { isEnabled: true });
    expect(ClientDetailSchema.parse(back.json()).state).toBe('trial');
    expect(await new Agent(t.app).login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
  });

  it('refuses disabling the system admin’s own client', async () => {
    const res = await agent.put(`/services/admin/clients/${sysadmin.clientId}/state`, { isEnabled: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.cannotDisableOwnClient);
  });
});
