/** Links in e-mails are built from the configured origin only, never from a request's Host headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, toAppConfig } from '#server/config';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { startQueue } from '#test/batches';
import { signUp } from '#test/billing';
import { createUser } from '#test/factories';
import { readOutbox } from '#test/outbox';

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' };

describe('the base of links in e-mails (configuration)', () => {
  const base = (env: NodeJS.ProcessEnv) => toAppConfig(parseEnv(env), undefined).publicUrl;

  it('is PUBLIC_URL when set, else the address the server listens at, for local use', () => {
    expect(base({})).toBe('http://localhost:8080');
    expect(base({ HOST: '127.0.0.1', PORT: '9000' })).toBe('http://127.0.0.1:9000');
    expect(base({ PUBLIC_URL: 'https://clearlist.example.org/' })).toBe('https://clearlist.example.org');
    expect(base({ PUBLIC_URL: 'https://example.org/clearlist', SMTP_URL: 'smtp://mail.example.org:587', TRUST_PROXY: 'true' })).toBe('https://example.org/clearlist');
  });

  it('is required once mail reaches real people (SMTP_URL) or the server sits behind a proxy (TRUST_PROXY)', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(/PUBLIC_URL: required with SMTP_URL/);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/PUBLIC_URL: required with TRUST_PROXY/);
    expect(() => parseEnv({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });
});

describe.each([
  ['local use (no PUBLIC_URL, no proxy)', { trustProxy: false }, 'http://localhost:8080'],
  ['behind a proxy with PUBLIC_URL', { trustProxy: true, publicUrl: 'https://clearlist.example.org' }, 'https://clearlist.example.org'],
])('links mailed on %s', (_label, overrides, expectedBase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(overrides);
    await startQueue(t);
  });
  afterAll(() => t.close());

  const mailTo = (email: string) => readOutbox(t.outboxDir).filter((m) => m.to.includes(email)).at(-1);

  it('a password reset link ignores forged Host and X-Forwarded-Host', async () => {
    const user = await createUser(t.ctx.db);
    const res = await new Agent(t.app).request({ method: 'POST', url: '/services/user/password-reset/request', payload: { usernameOrEmail: user.username }, headers: FORGED });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.jobs!.drain();
    const mail = mailTo(user.email);
    expect(mail?.text).toMatch(new RegExp(`${expectedBase.replace(/[.:/]/g, '\\$&')}/reset-password/[A-Za-z0-9_-]+`));
    expect(mail?.text).not.toContain('evil.example');
  });

  it('an invitation link ignores forged Host and X-Forwarded-Host', async () => {
    const owner = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME'] });
    const email = `invitee-${Date.now()}@example.test`;
    const res = await owner.agent.request({ method: 'POST', url: '/services/account/invitations', payload: { email }, headers: FORGED });
    expect(res.statusCode, res.body).toBe(200);
    const mail = mailTo(email);
    expect(mail?.text).toContain(`${expectedBase}/registration/invitation/`);
    expect(mail?.text).not.toContain('evil.example');
  });
});
