import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createUser } from '#test/factories';
import { lastResetToken } from '#test/outbox';
import { MESSAGES } from '#shared/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastLinkTo = (email: string) => lastResetToken(t.outboxDir, email);

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    const known = await agent.post('/services/user/password-reset/request', { usernameOrEmail: user.email.toUpperCase() });
    const unknown = await agent.post('/services/user/password-reset/request', { usernameOrEmail: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(MESSAGES.resetRequested);
    expect(lastLinkTo(user.email)).toBeTruthy();
    expect(lastLinkTo('ghost@example.test')).toBeUndefined();
  });

  it('sets a new password through the link once, ends old sessions, and refuses a second use', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    await agent.post('/services/user/password-reset/request', { usernameOrEmail: user.username });
    const token = lastLinkTo(user.email)!;
    const fresh = new Agent(t.app);
    const mismatch = await fresh.post('/services/user/password-reset', { token, password: 'Newpass-77', verifyPassword: 'Other-77x' });
    expect(mismatch.json().error.fields.verifyPassword).toBe('Passwords do not match.');
    const weak = await fresh.post('/services/user/password-reset', { token, password: 'sunshine1', verifyPassword: 'sunshine1' });
    expect(weak.json().error.fields.password).toBe(MESSAGES.passwordIsDictionaryWord);
    const ok = await fresh.post('/services/user/password-reset', { token, password: 'Zq7-vortex-81', verifyPassword: 'Zq7-vortex-81' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.resetDone);
    expect((await agent.get('/services/user/info')).statusCode).toBe(401);
    expect(await new Agent(t.app).login(user.username, 'Zq7-vortex-81')).toBe('LOGIN_SUCCESSFUL');
    const again = await fresh.post('/services/user/password-reset', { token, password: 'Zq7-vortex-82', verifyPassword: 'Zq7-vortex-82' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('refuses a link older than one hour', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.post('/services/user/password-reset/request', { usernameOrEmail: user.username });
    const token = lastLinkTo(user.email)!;
    t.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await agent.post('/services/user/password-reset', { token, password: 'Zq7-vortex-81', verifyPassword: 'Zq7-vortex-81' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MESSAGES.resetLinkInvalid);
    } finally {
      t.setNow(new Date());
    }
  });
});
