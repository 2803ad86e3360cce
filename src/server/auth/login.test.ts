import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createUser } from '#test/factories';
import { CurrentUserSchema } from '#shared/auth';
import { auditLog } from '#server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perUser: 3, perIp: 100, windowMinutes: 15 } });
});
afterAll(() => t.close());

describe('POST /services/user/login', () => {
  it('signs in, answers LOGIN_SUCCESSFUL as a JSON string and sets an httpOnly SameSite session cookie', async () => {
    const user = await createUser(t.ctx.db, { roles: ['name_search_user'] });
    const agent = new Agent(t.app);
    const res = await agent.post('/services/user/login', { username: user.username.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toBe('LOGIN_SUCCESSFUL');
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const info = await agent.get('/services/user/info');
    expect(info.statusCode).toBe(200);
    const body = CurrentUserSchema.parse(info.json());
    expect(body.userName).toBe(user.username);
    expect(body.roles).toEqual(['name_search_user']);
  });

  it('answers INVALID_CREDENTIALS for a wrong password and for an unknown user alike', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    expect(await agent.login(user.username, 'wrong-pass-1')).toBe('INVALID_CREDENTIALS');
    expect(await agent.login('nobody-here', 'wrong-pass-1')).toBe('INVALID_CREDENTIALS');
    expect((await agent.get('/services/user/info')).statusCode).toBe(401);
  });

  it.each([
    ['TRIAL_EXPIRED', { state: 'trial' as const, trialEndsAt: new Date(Date.now() - 1000) }],
    ['ACCOUNT_DISABLED', { state: 'disabled' as const }],
    ['ACCOUNT_DISABLED', { state: 'disabling' as const, accessEndsAt: new Date(Date.now() - 1000) }],
    ['WHITELIST_FAILURE', { ipAllowlist: ['203.0.113.0/24'] }],
  ])('answers %s for the client state and creates no session', async (code, clientOverrides) => {
    const client = await createClient(t.ctx.db, clientOverrides);
    const user = await createUser(t.ctx.db, { clientId: client.id });
    const agent = new Agent(t.app);
    expect(await agent.login(user.username, user.password)).toBe(code);
    expect(agent.cookie('sid')).toBeUndefined();
  });

  it('lets an allowlisted address in', async () => {
    const client = await createClient(t.ctx.db, { ipAllowlist: ['203.0.113.0/24'] });
    const user = await createUser(t.ctx.db, { clientId: client.id });
    expect(await new Agent(t.app, '203.0.113.7').login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
  });

  it('limits failed attempts per username with a 429 and a clear message, and logs it', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app, '198.51.100.9');
    for (let i = 0; i < 3; i += 1) expect(await agent.login(user.username, 'nope-123')).toBe('INVALID_CREDENTIALS');
    const res = await agent.post('/services/user/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(/Too many login attempts/);
    const rows = await t.ctx.db.select().from(auditLog);
    expect(rows.some((r) => r.action === 'login.rate_limited' && r.actorUsername === user.username.toLowerCase())).toBe(true);
  });

  it('rejects unknown fields, wrong types and malformed JSON with a 400 and field messages', async () => {
    const agent = new Agent(t.app);
    const extra = await agent.post('/services/user/login', { username: 'a', password: 'b', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('admin');
    const wrongType = await agent.post('/services/user/login', { username: 42, password: 'b' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toHaveProperty('username');
    const malformed = await agent.request({ method: 'POST', url: '/services/user/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');
    expect(malformed.body).not.toMatch(/at .*\.js/);
  });

  it('answers an oversize body with 413 in the common error shape', async () => {
    const agent = new Agent(t.app);
    const huge = await agent.post('/services/user/login', { username: 'a', password: 'x'.repeat(t.ctx.config.bodyLimitBytes) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' } });
  });

  it('answers a 10,000-character username with a field message, not a crash', async () => {
    const res = await new Agent(t.app).post('/services/user/login', { username: 'u'.repeat(10_000), password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('username');
  });
});

describe('sessions', () => {
  it('logout ends the server session: the old cookie no longer works', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    const sid = agent.cookie('sid')!;
    expect((await agent.post('/services/user/logout')).statusCode).toBe(204);
    const replay = await t.app.inject({ method: 'GET', url: '/services/user/info', cookies: { sid } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write without the CSRF header', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    const res = await agent.request({ method: 'POST', url: '/services/user/logout', headers: { 'x-csrf-token': 'forged' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
  });

  it('expires sessions after the configured lifetime', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    t.setNow(new Date(Date.now() + (t.ctx.config.sessionTtlHours + 1) * 3_600_000));
    try {
      expect((await agent.get('/services/user/info')).statusCode).toBe(401);
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('GET /services/user/status/:username', () => {
  it('answers TAKEN ignoring case, else AVAILABLE', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    expect((await agent.get(`/services/user/status/${user.username.toUpperCase()}`)).json()).toBe('TAKEN');
    expect((await agent.get('/services/user/status/free-name-xyz')).json()).toBe('AVAILABLE');
  });
});
