/**
 * Every /services route (src/shared/access.ts) under hostile input: NUL characters and ids out
 * of range in the path, query string and body, as an anonymous caller, a client's owner and a
 * system administrator. Nothing may answer 5xx (ADR 025).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '#shared/access';
import { ErrorBodySchema } from '#shared/errors';
import { MESSAGES } from '#shared/messages';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { upload } from '#test/batches';
import { createClient, createTeam, createUser } from '#test/factories';

let t: TestApp;
const agents: [string, Agent][] = [];
let realIds: Record<string, string> = {};
let realAdmin: { username: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'OFAC', 'SSNDMF'] });
  const team = await createTeam(t.ctx.db, { clientId: client.id });
  const owner = await createUser(t.ctx.db, {
    clientId: client.id,
    teamId: team.id,
    roles: ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user', 'npi_search_user', 'advanced_search', 'api_user'],
  });
  const admin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
  realAdmin = admin;
  agents.push(['anonymous', new Agent(t.app)]);
  for (const [name, user] of [['owner', owner], ['system admin', admin]] as const) {
    const agent = new Agent(t.app);
    expect(await agent.login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
    agents.push([name, agent]);
  }
  const draft = await upload(agents[1][1], 'First Name,Last Name\nAnn,Lee\n');
  realIds = { batchId: String(draft.json().batchId), userId: String(owner.id), teamId: String(team.id), clientId: String(client.id), username: owner.username };
});
afterAll(() => t.close());

const NUL = 'Ann\u0000Lee';
const HUGE = [
  '%00',
  'a%00b',
  '-1',
  '0',
  'abc',
  '1.5',
  '1e3',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
];

// Valid-looking bodies whose strings reach SQL, each with a NUL character (or an id out of range).
const BODIES: Record<string, unknown> = {
  'POST /services/user/login': { username: NUL, password: NUL },
  'POST /services/user/password-reset/request': { usernameOrEmail: NUL },
  'POST /services/user/password-reset': { token: `abcdefghijkl${NUL}`, password: 'Xx-12345678', verifyPassword: 'Xx-12345678' },
  'POST /services/setup': { token: `abcdefghijkl${NUL}`, username: NUL, email: 'a@b.co', firstName: NUL, lastName: NUL, password: 'Xx-12345678' },
  'POST /services/admin/teams': { name: NUL },
  'PUT /services/admin/teams/:teamId': { ownerUserId: 2147483648 },
  'PUT /services/admin/users/:userId/team': { teamId: 2147483648 },
  'PUT /services/flexsearchs/:batchId/result/:ids': { newStatus: 'CLEARED', comment: NUL },
  'PUT /services/flexsearchs/:batchId/npidetails/:ids': { newStatus: 'CLEARED', comment: NUL },
  'PUT /services/flexsearchs/:batchId/ssdmfdetails/:ids': { newStatus: 'CLEARED', comment: NUL },
  'POST /services/user/validate': { userInfo: { firstName: NUL, lastName: NUL, email: 'a@b.co', companyName: NUL, username: `abcd${NUL}`, password: 'Xx-123456789a', verifyPassword: 'Xx-123456789a', companySize: '1-10', industry: NUL } },
  'POST /services/account': {
    userInfo: { firstName: NUL, lastName: NUL, email: 'a@b.co', companyName: NUL, username: `abcd${NUL}`, password: 'Xx-123456789a!', verifyPassword: 'Xx-123456789a!', companySize: '1-10', industry: 'Hospital', inviteId: NUL },
    plan: { planType: 'FREE' },
  },
  'PUT /services/braintree/customer/:customerId': { nonce: NUL },
  'PUT /services/account': { nonce: NUL, searchOptions: ['NAME'], teamType: 'SINGLE', deviceId: NUL },
  'POST /services/account/invitations': { email: 'new.colleague@example.com', teamId: 99_999_999_999 },
  'POST /services/flexsearchs/:batchId/columnmappings': { columnMappings: { [NUL]: 'First Name' }, searchTypes: [NUL] },
  'POST /services/flexsearchs/:batchId/sheet': { sheet: NUL },
};
const QUERIES: Record<string, string> = {
  'GET /services/admin/clients': 'q=Ann%00',
  'GET /services/flexsearchs': 'fileNameFilter=a%00&clientFilter=2147483648',
  'GET /services/interactivesearch/name': 'firstName=Ann%00&lastName=Lee%00',
  'GET /services/interactivesearch/history': 'q=%00',
  'GET /services/flexsearchs/:batchId/result': 'sc=%00&sources=%00',
  'GET /services/flexsearchs/:batchId/npidetails': 'searchCriteria=%00',
  'GET /services/flexsearchs/:batchId/ssdmfdetails': 'searchCriteria=%00&searchId=99999999999999',
  'POST /services/account': 'deviceId=%00',
  'GET /services/batch/name/template': 'format=%00',
  'GET /services/batch/npi/template': 'format=csv%00',
};

// Logout last: the signed-in callers stay signed in for every other route.
const routes = Object.keys(ENDPOINT_ACCESS)
  .sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')))
  .map((key) => {
    const [method, pattern] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
    return { key, method, pattern };
  });

describe('hostile input on every /services route', () => {
  it('never answers 5xx to NUL characters or ids out of range, in the path, query string or body', async () => {
    const failures: string[] = [];
    for (const { key, method, pattern } of routes) {
      const values = pattern.includes(':') ? [null, ...HUGE] : [null];
      for (const value of values) {
        const path = pattern.replace(/:(\w+)/g, (_, name: string) => value ?? realIds[name] ?? '1');
        const url = QUERIES[key] ? `${path}?${QUERIES[key]}` : path;
        for (const [who, agent] of agents) {
          const payload = (BODIES[key] ?? (method === 'GET' ? undefined : {})) as Record<string, unknown> | undefined;
          const res = await agent.request({ method, url, payload });
          // The readiness check answers 503 by design while the test app has no index or queue.
          const isReadiness = key === 'GET /services/ready' && res.statusCode === 503;
          if (res.statusCode >= 500 && !isReadiness) failures.push(`${res.statusCode} ${who} ${method} ${url}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × every hostile value × every caller: minutes under load, not the default 30 s.
  }, 180_000);

  it('answers 400 naming the field to a NUL character anywhere, on every route the caller may use', async () => {
    const admin = new Agent(t.app);
    expect(await admin.login(realAdmin.username, realAdmin.password)).toBe('LOGIN_SUCCESSFUL');
    const wrong: string[] = [];
    // /api/v1 is reached with an API key, not this session (its guard is tested with keys).
    for (const { key, method, pattern } of routes.filter((r) => !r.pattern.startsWith('/api/'))) {
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => realIds[name] ?? '1');
      const res = await admin.request({ method, url: `${path}?probe=%00`, payload: method === 'GET' ? undefined : { probe: 'x\u0000' } });
      const error = res.statusCode === 400 ? ErrorBodySchema.safeParse(res.json()).data?.error : undefined;
      if (error?.message !== MESSAGES.nulCharacter || !error.fields?.['query.probe']) wrong.push(`${res.statusCode} ${key} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
