/**
 * ADR 026: GETs that change state follow the rules of writes, the IP allowlist holds on every
 * request of a session, and no API answer may be stored by a cache.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS, STATE_CHANGING_GETS } from '#shared/access';
import { LOGIN_MESSAGES } from '#shared/messages';
import { batches, clients, sessions, usageRecords } from '#server/db/schema';
import { Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp, nameUrl } from '#test/search-app';

let t: TestApp;
let clientId: number;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createSearchApp(1000);
  await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  clientId = client.id;
  user = await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'name_search_user', 'npi_search_user'] });
});
afterAll(() => t.close());

/** The agent's cookies as a header, for requests sent without the agent's CSRF header. */
const cookieHeader = (agent: Agent) => `sid=${agent.cookie('sid')}; csrf=${agent.cookie('csrf')}`;

async function cancelledBatch(agent: Agent): Promise<number> {
  const batchId = await submitBatch(agent, 'First Name,Last Name\nAda,Lovelace\n');
  await t.ctx.db.update(batches).set({ status: 'Cancelled' }).where(eq(batches.id, batchId));
  return batchId;
}
const statusOf = async (batchId: number) => (await t.ctx.db.select({ status: batches.status }).from(batches).where(eq(batches.id, batchId)))[0].status;

describe('GETs that change state', () => {
  it('resubmit needs the CSRF header and refuses a cross-site fetch; with both it runs', async () => {
    const agent = await signedIn(t, user);
    const batchId = await cancelledBatch(agent);
    const url = `/services/flexsearchs/${batchId}/resubmit`;

    const link = await t.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader(agent) } });
    expect(link.statusCode).toBe(403);
    expect(link.json().error.code).toBe('CSRF_FAILED');
    const crossSite = await agent.request({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await statusOf(batchId)).toBe('Cancelled');

    const own = await agent.request({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await statusOf(batchId)).not.toBe('Cancelled');
  });

  it('a signed-in billed search needs the header too: a link from elsewhere bills nothing', async () => {
    const agent = await signedIn(t, user);
    const usage = async () => (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId))).length;
    const before = await usage();
    for (const url of [nameUrl({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' }), '/services/interactivesearch/npi/1000994545']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader(agent) } });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await usage()).toBe(before);
    expect((await agent.get(nameUrl({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' }))).statusCode).toBe(200);
    expect(await usage()).toBe(before + 1);
  });

  it('every listed GET exists in the access table', () => {
    for (const key of STATE_CHANGING_GETS) expect(ENDPOINT_ACCESS).toHaveProperty(key);
  });
});

describe('the IP allowlist on every request', () => {
  it('ends a session whose address leaves the client’s list, with the spec’s WHITELIST_FAILURE', async () => {
    const fenced = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const member = await createUser(t.ctx.db, { clientId: fenced.id });
    const agent = new Agent(t.app, '198.51.100.7');
    expect(await agent.login(member.username, member.password)).toBe('LOGIN_SUCCESSFUL');
    expect((await agent.get('/services/user/info')).statusCode).toBe(200);

    // The address is still in the list after a change that keeps it.
    await t.ctx.db.update(clients).set({ ipAllowlist: ['198.51.100.0/24'] }).where(eq(clients.id, fenced.id));
    expect((await agent.get('/services/user/info')).statusCode).toBe(200);

    await t.ctx.db.update(clients).set({ ipAllowlist: ['203.0.113.0/24'] }).where(eq(clients.id, fenced.id));
    const refused = await agent.get('/services/user/info');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({ code: 'WHITELIST_FAILURE', message: LOGIN_MESSAGES.WHITELIST_FAILURE });
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(session.revokedAt).not.toBeNull();

    // The session stays over when the list is opened again: the user logs in anew.
    await t.ctx.db.update(clients).set({ ipAllowlist: [] }).where(eq(clients.id, fenced.id));
    expect((await agent.get('/services/user/info')).statusCode).toBe(401);
  });
});

describe('Cache-Control on API answers', () => {
  it('every /services route answers no-store, for the system admin and for anonymous callers', async () => {
    // The access table names every route (the app refuses to start otherwise).
    const routes = Object.keys(ENDPOINT_ACCESS).map((key) => {
      const [method, url] = key.split(' ');
      return { method, url };
    });
    const owner = await signedIn(t, user);
    const batchId = await submitBatch(owner, 'First Name,Last Name\nAda,Lovelace\n');
    const download = await owner.get(`/services/flexsearchs/${batchId}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    const admin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const agents = [await signedIn(t, admin), new Agent(t.app)];
    // Logout last: it ends the session the other calls need.
    routes.sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    const statuses = new Set<number>();
    for (const agent of agents) {
      for (const route of routes) {
        const url = route.url.replace(':batchId', String(batchId)).replace(/:[a-zA-Z]+\??/g, '1');
        const res = await agent.request({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
        statuses.add(res.statusCode);
        expect(res.headers['cache-control'], `${route.method} ${url} (${res.statusCode})`).toBe('no-store');
      }
    }
    expect(statuses).toContain(200);
  });
});
