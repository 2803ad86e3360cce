import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema';
import { createTestApp, type TestApp } from '#test/app';
import { countStatuses, listenOnFreePort, send, sendAll } from '#test/http-server';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ signupsPerIpPerHour: 20 });
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const trialForm = (tag: string) => ({
  userInfo: {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: `race-${tag}@example.test`,
    companyName: `Race Clinic ${tag}`,
    companySize: '0 - 500',
    industry: 'Health System',
    username: `race-${tag}`,
    password: 'Tr7-kq-Zm2',
    verifyPassword: 'Tr7-kq-Zm2',
  },
  plan: { planType: 'FREE' },
});

const clientCount = async () => (await t.ctx.db.select({ n: count() }).from(clients))[0].n;

describe('sign-ups per address under parallel requests (real connections)', () => {
  it('forms with errors take no place, and 40 parallel sign-ups create exactly the 20 allowed', async () => {
    const before = await clientCount();
    const invalid = await sendAll(5, (i) => send(base, 'POST', '/services/account', { ...trialForm(`bad${i}`), userInfo: { ...trialForm(`bad${i}`).userInfo, verifyPassword: 'other' } }));
    expect(countStatuses(invalid)).toEqual({ 400: 5 });
    const answers = await sendAll(40, (i) => send(base, 'POST', '/services/account', trialForm(String(i))));
    expect(countStatuses(answers)).toEqual({ 201: 20, 429: 20 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many sign-ups from your network. Please try again in an hour.' },
    });
    expect((await clientCount()) - before).toBe(20);
  });
});
