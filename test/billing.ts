/** Test helpers of registration and billing: sign up through the API, add usage, read the account. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserInfo } from '#shared/registration';
import type { SearchOption, TeamType } from '#shared/teams';
import { priceOf } from '#shared/prices';
import { users, usageRecords } from '#server/db/schema';
import { Agent, type TestApp } from './app';

let n = 0;

/** A valid registration form with unique username, e-mail and company. */
export function signUpForm(overrides: Partial<UserInfo> = {}): UserInfo {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    firstName: 'Morgan',
    lastName: 'Lee',
    email: `morgan${tag}@example.test`,
    companyName: `Lee Care ${tag}`,
    companySize: '501 - 3,000',
    industry: 'Health Plan',
    username: `mlee${tag}`,
    password: 'Qx8-nw-Tr4',
    verifyPassword: 'Qx8-nw-Tr4',
    ...overrides,
  };
}

export interface SignedUp {
  agent: Agent;
  username: string;
  userId: number;
  clientId: number;
  password: string;
  /** Logs in again (after the clock moved past the session's end). */
  relogin(): Promise<string>;
}

/** Signs up (at the app's current time) and logs in as the new owner. */
export async function signUp(
  t: TestApp,
  plan: { planType: 'COMPANY' | 'FREE'; teamType?: TeamType; searchOptions?: SearchOption[] },
  overrides: Partial<UserInfo> = {},
): Promise<SignedUp> {
  const info = signUpForm({ ...(plan.planType === 'COMPANY' ? { nonce: 'fake-valid-nonce' } : {}), ...overrides });
  const agent = new Agent(t.app);
  const res = await agent.post('/services/account', { userInfo: info, plan });
  expect(res.statusCode, res.body).toBe(201);
  expect(await agent.login(info.username, info.password)).toBe('LOGIN_SUCCESSFUL');
  const [user] = await t.ctx.db.select().from(users).where(eq(users.username, info.username));
  return { agent, username: info.username, userId: user.id, clientId: user.clientId, password: info.password, relogin: () => agent.login(info.username, info.password) };
}

/** A JSON string body (the spec's PUT /services/account/teamoptions). */
export function putJsonString(agent: Agent, url: string, value: string) {
  return agent.request({ method: 'PUT', url, payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
}

/** Records billable searches of a client at a time, as the batches and interactive search do. */
export async function addUsage(t: TestApp, clientId: number, option: SearchOption, quantity: number, at: Date) {
  await t.ctx.db.insert(usageRecords).values({ clientId, searchType: `test ${option}`, searchOption: option, unitPriceCents: priceOf(option), quantity, createdAt: at });
}
