import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { startQueue } from '#test/batches';
import { createUser } from '#test/factories';
import { countStatuses, listenOnFreePort, send, sendAll } from '#test/http-server';
import { lastResetToken, readOutbox } from '#test/outbox';
import { MESSAGES } from '#shared/messages';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ resetLimits: { perIpPerHour: 20, perRecipientPerHour: 3 }, usernameChecksPerIpPerHour: 5 });
  await startQueue(t);
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const lastLinkTo = (email: string) => lastResetToken(t.outboxDir, email);
const mailsTo = (email: string) => readOutbox(t.outboxDir).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
const tokensOf = (userId: number) => t.ctx.db.select().from(tokens).where(eq(tokens.userId, userId));
const askReset = (agent: Agent, usernameOrEmail: string) => agent.post('/services/user/password-reset/request', { usernameOrEmail });
const sendMails = () => t.ctx.jobs!.drain();

/** Asks for a link and answers the token mailed. */
async function resetLink(user: { username: string; email: string }, agent = new Agent(t.app)): Promise<string> {
  expect((await askReset(agent, user.username)).statusCode).toBe(200);
  await sendMails();
  return lastLinkTo(user.email)!;
}

const setPassword = (token: string, password: string) => new Agent(t.app).post('/services/user/password-reset', { token, password, verifyPassword: password });

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    const known = await askReset(agent, user.email.toUpperCase());
    const unknown = await askReset(agent, 'ghost@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(MESSAGES.resetRequested);
    await sendMails();
    expect(lastLinkTo(user.email)).toBeTruthy();
    expect(lastLinkTo('ghost@example.test')).toBeUndefined();
  });

  it('does the same work in the request whether or not the account exists: the mail and its link are made off the request', async () => {
    const user = await createUser(t.ctx.db);
    expect((await askReset(new Agent(t.app, '198.51.100.40'), user.username)).statusCode).toBe(200);
    // Nothing that depends on the account happened in the request itself.
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(await tokensOf(user.id)).toHaveLength(0);
    expect(await sendMails()).toBe(1);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('leaves the account’s look-up to a job that starts after the answer, for every account alike (issue 53)', async () => {
    const user = await createUser(t.ctx.db);
    const config = t.ctx.config as { resetMailDelaySeconds: number };
    config.resetMailDelaySeconds = 2;
    try {
      for (const who of [user.username, 'nobody-here']) {
        const before = Date.now();
        expect((await askReset(new Agent(t.app, '198.51.100.41'), who)).statusCode).toBe(200);
        const res = (await t.ctx.db.execute(sql`SELECT start_after FROM pgboss.job WHERE name = 'auth.password-reset-mail' AND data->>'usernameOrEmail' = ${who.toLowerCase()} ORDER BY created_on DESC LIMIT 1`)) as unknown as { rows: { start_after: string | Date }[] };
        expect(new Date(res.rows[0].start_after).getTime() - before).toBeGreaterThanOrEqual(1500);
      }
    } finally {
      config.resetMailDelaySeconds = 0;
    }
  });

  it('sets a new password through the link once, ends old sessions, and refuses a second use', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    const token = await resetLink(user, agent);
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
    const token = await resetLink(user);
    t.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await setPassword(token, 'Zq7-vortex-81');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MESSAGES.resetLinkInvalid);
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('checking a reset link before its form is shown', () => {
  const check = (token: string) => new Agent(t.app).post('/services/user/password-reset/check', { token });

  it('answers valid for a live link and leaves it usable', async () => {
    const user = await createUser(t.ctx.db);
    const token = await resetLink(user);
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect((await check(token)).statusCode).toBe(200);
    expect((await setPassword(token, 'Zq7-vortex-81')).statusCode).toBe(200);
  });

  it('refuses used, expired and unknown links with the same answer the submit gives, and nothing more', async () => {
    const user = await createUser(t.ctx.db);
    const used = await resetLink(user);
    expect((await setPassword(used, 'Zq7-vortex-81')).statusCode).toBe(200);
    const submitted = await setPassword(used, 'Zq7-vortex-82');
    const expired = await resetLink(user);
    const answers = [await check(used), await check('not-a-real-token-0123')];
    t.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      answers.push(await check(expired));
    } finally {
      t.setNow(new Date());
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(submitted.json());
    }
  });

  it('takes no place under the reset request limits', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app, '198.51.100.46');
    const token = await resetLink(user, agent);
    for (let i = 0; i < 25; i++) expect((await agent.post('/services/user/password-reset/check', { token })).statusCode).toBe(200);
    expect((await askReset(agent, user.username)).statusCode).toBe(200);
  });
});

describe('earlier reset links', () => {
  it('no longer work once the password was reset with a later one', async () => {
    const user = await createUser(t.ctx.db);
    const earlier = await resetLink(user);
    const later = await resetLink(user);
    expect(later).not.toBe(earlier);
    expect((await setPassword(later, 'Zq7-vortex-81')).statusCode).toBe(200);
    const stale = await setPassword(earlier, 'Zq7-vortex-99');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(MESSAGES.resetLinkInvalid);
    expect(await new Agent(t.app).login(user.username, 'Zq7-vortex-81')).toBe('LOGIN_SUCCESSFUL');
  });

  it('used at the same moment, change the password only once (real connections)', async () => {
    const user = await createUser(t.ctx.db);
    const links = [await resetLink(user), await resetLink(user), await resetLink(user)];
    const answers = await Promise.all(
      links.map((token, i) => send(base, 'POST', '/services/user/password-reset', { token, password: `Zq7-vortex-${i}0`, verifyPassword: `Zq7-vortex-${i}0` })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 400: 2 });
  });
});

describe('reset mails and username checks are throttled', () => {
  it('30 parallel requests for one victim mail the per-recipient limit and answer 429 past it (real connections)', async () => {
    const victim = await createUser(t.ctx.db);
    const answers = await sendAll(30, () => send(base, 'POST', '/services/user/password-reset/request', { usernameOrEmail: victim.email }));
    expect(countStatuses(answers)).toEqual({ 200: 3, 429: 27 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyResetRequests } });
    await sendMails();
    expect(mailsTo(victim.email)).toHaveLength(3);
  });

  it('asking by username and by e-mail in turn mails one account no more than the limit', async () => {
    const victim = await createUser(t.ctx.db);
    const agent = new Agent(t.app, '198.51.100.41');
    for (let i = 0; i < 3; i++) {
      expect((await askReset(agent, victim.username)).statusCode).toBe(200);
      expect((await askReset(agent, victim.email)).statusCode).toBe(200);
    }
    await sendMails();
    expect(mailsTo(victim.email)).toHaveLength(3);
  });

  it('limits the requests of one address, whatever it asks for', async () => {
    const agent = new Agent(t.app, '198.51.100.42');
    for (let i = 0; i < 20; i++) expect((await askReset(agent, `someone${i}@example.test`)).statusCode).toBe(200);
    const refused = await askReset(agent, 'someone-else@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MESSAGES.tooManyResetRequests);
    expect((await askReset(new Agent(t.app, '198.51.100.43'), 'someone-else@example.test')).statusCode).toBe(200);
  });

  it('limits the public username checks of one address', async () => {
    const user = await createUser(t.ctx.db);
    const agent = new Agent(t.app, '198.51.100.44');
    for (let i = 0; i < 5; i++) expect((await agent.get(`/services/user/status/${user.username}`)).json()).toBe('TAKEN');
    const refused = await agent.get('/services/user/status/free-name');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyUsernameChecks });
    expect((await new Agent(t.app, '198.51.100.45').get('/services/user/status/free-name')).json()).toBe('AVAILABLE');
  });
});
