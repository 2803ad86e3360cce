import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts } from '#server/db/schema';
import { createTestApp, type TestApp } from '#test/app';
import { createUser } from '#test/factories';
import { countStatuses, listenOnFreePort, send, sendAll } from '#test/http-server';
import { MESSAGES } from '#shared/messages';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());
// Every request comes from 127.0.0.1: each test starts with no attempts recorded.
beforeEach(async () => {
  await t.ctx.db.delete(loginAttempts);
});

const limit = (perUser: number, perIp: number) => {
  t.ctx.config.loginLimits = { perUser, perIp, windowMinutes: 15 };
};
const login = (username: string, password: string) => send(base, 'POST', '/services/user/login', { username, password });

describe('login limits under parallel guesses (real connections)', () => {
  it('checks at most the per-user limit of 40 parallel wrong passwords, then refuses the right one', async () => {
    limit(10, 1000);
    const user = await createUser(t.ctx.db);
    const answers = await sendAll(40, () => login(user.username, 'Wrong-guess-77'));
    expect(countStatuses(answers)).toEqual({ 200: 10, 429: 30 });
    expect(answers.filter((a) => a.status === 200).every((a) => a.body === 'INVALID_CREDENTIALS')).toBe(true);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyLoginAttempts } });
    expect((await login(user.username, user.password)).status).toBe(429);
  });

  it('lets the right password in only if it was among the first checked, never past the limit', async () => {
    limit(10, 1000);
    const user = await createUser(t.ctx.db);
    const answers = await sendAll(40, (i) => login(user.username, i === 39 ? user.password : 'Wrong-guess-77'));
    const checked = answers.filter((a) => a.status === 200);
    // A success frees its place, so one more guess than the limit may be checked.
    expect(checked.length).toBeLessThanOrEqual(11);
    expect(checked.filter((a) => a.body === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(10);
  });

  it('checks at most the per-address limit of 150 parallel guesses at many usernames', async () => {
    limit(1000, 50);
    const answers = await sendAll(150, (i) => login(`nobody-${i}`, 'Wrong-guess-77'));
    expect(countStatuses(answers)).toEqual({ 200: 50, 429: 100 });
  });
});
