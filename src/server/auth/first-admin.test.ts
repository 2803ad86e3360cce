import { afterEach, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { ensureFirstAdmin } from '#server/auth/first-admin';
import { CurrentUserSchema } from '#shared/auth';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('first run', () => {
  it('creates the first system admin from ADMIN_USERNAME / ADMIN_PASSWORD once', async () => {
    t = await createTestApp();
    const first = await ensureFirstAdmin(t.ctx.db, { username: 'root', password: 'Strong-pass-2026' }, new Date());
    expect(first).toEqual({ kind: 'created', username: 'root' });
    expect(await ensureFirstAdmin(t.ctx.db, { username: 'root2', password: 'Strong-pass-2026' }, new Date())).toEqual({ kind: 'existing' });
    const agent = new Agent(t.app);
    expect(await agent.login('root', 'Strong-pass-2026')).toBe('LOGIN_SUCCESSFUL');
    const me = CurrentUserSchema.parse((await agent.get('/services/user/info')).json());
    expect([...me.roles].sort()).toEqual(['domain_admin_user', 'system_admin_user']);
  });

  it('without them, gives a one-time setup link that lets the operator choose the admin', async () => {
    t = await createTestApp();
    const run = await ensureFirstAdmin(t.ctx.db, null, new Date());
    if (run.kind !== 'setup-link') throw new Error('expected a setup link');
    const agent = new Agent(t.app);
    expect((await agent.get(`/services/setup/${run.token}`)).json()).toEqual({ valid: true });
    const body = { token: run.token, username: 'opsadmin', email: 'ops@example.test', firstName: 'Ops', lastName: 'Admin', password: 'Strong-pass-2026' };
    const weak = await agent.post('/services/setup', { ...body, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect((await agent.post('/services/setup', body)).statusCode).toBe(200);
    expect(await agent.login('opsadmin', 'Strong-pass-2026')).toBe('LOGIN_SUCCESSFUL');
    expect((await agent.get(`/services/setup/${run.token}`)).statusCode).toBe(404);
    expect((await agent.post('/services/setup', { ...body, username: 'second' })).statusCode).toBe(404);
  });

  it('refuses a weak ADMIN_PASSWORD with the rule it breaks', async () => {
    t = await createTestApp();
    await expect(ensureFirstAdmin(t.ctx.db, { username: 'root', password: 'password1' }, new Date())).rejects.toThrow(/dictionary/);
  });
});
