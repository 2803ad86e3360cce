import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { InteractiveResultSchema, NameSearchResultSchema, NpiSearchResultSchema, SearchHistorySchema } from '#shared/interactive-search';
import { ListStatusesSchema } from '#shared/lists';
import { BatchListSchema } from '#shared/batches';
import { ExclusionPageSchema } from '#shared/results';
import { priceOf } from '#shared/prices';
import { apiKeys, clients, interactiveSearches, usageRecords, userRoles, users } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import type { Agent, TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp, NOW } from '#test/search-app';

let t: TestApp;
let queue: JobQueue;
let acme: { clientId: number; userId: number; agent: Agent };

beforeAll(async () => {
  t = await createSearchApp(0);
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI', 'OFAC'] });
  const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'], firstName: 'Ada', lastName: 'Pi' });
  acme = { clientId: client.id, userId: user.id, agent: await signedIn(t, user) };
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function newKey(agent: Agent, body: Record<string, unknown> = { name: 'HR system' }) {
  const res = await agent.post('/services/apikeys', body);
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiKeySchema.parse(res.json());
}

function call(method: 'GET' | 'POST', url: string, secret: string | null, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload: payload as object, headers: { ...headers, ...(secret ? { authorization: `Bearer ${secret}` } : {}) } });
}

function expectRefused(res: LightMyRequestResponse, status: number, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBodySchema.parse(res.json());
  if (message) expect(body.error.message).toMatch(message);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('the public API with a key', () => {
  it('screens a person like the interactive search: same answer, in Search History, billed as a name search', async () => {
    const { secret, key } = await newKey(acme.agent);
    const res = await call('POST', '/api/v1/searches/name', secret, { firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const result = NameSearchResultSchema.parse(res.json());
    expect(result.hits.some((h) => h.source === 'leie' && h.npi === '1000994545')).toBe(true);
    expect(result.lists.map((l) => l.source)).toContain('ofac-sdn');
    expect(result.searchedBy).toBe('Ada Pi, Acme Health');

    const history = SearchHistorySchema.parse((await acme.agent.get('/services/interactivesearch/history')).json());
    expect(history.items[0]).toMatchObject({ searchId: result.searchId, reference: result.reference, kind: 'name' });
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, acme.clientId));
    expect(usage).toEqual([expect.objectContaining({ searchType: 'Interactive Name Search', searchOption: 'NAME', unitPriceCents: priceOf('NAME'), quantity: 1 })]);

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.lastUsedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('answers 400 naming the field to a NUL character, and bills nothing', async () => {
    const { secret } = await newKey(acme.agent, { name: 'NUL probe' });
    const before = (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, acme.clientId))).length;
    const res = await call('POST', '/api/v1/searches/name', secret, { firstName: 'Do\u0000nald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expectRefused(res, 400);
    expect(ErrorBodySchema.parse(res.json()).error.fields).toHaveProperty(['body.firstName']);
    expect((await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, acme.clientId))).length).toBe(before);
  });

  it('checks an NPI, reopens its own searches and lists the lists', async () => {
    const { secret } = await newKey(acme.agent);
    const npi = await call('POST', '/api/v1/searches/npi', secret, { npi: '1000994545' });
    expect(npi.statusCode, npi.body).toBe(200);
    const result = NpiSearchResultSchema.parse(npi.json());
    expect(result.exclusions.length).toBeGreaterThan(0);
    const again = await call('GET', `/api/v1/searches/${result.searchId}`, secret);
    expect(again.statusCode, again.body).toBe(200);
    expect(InteractiveResultSchema.parse(again.json())).toEqual(result);
    const lists = await call('GET', '/api/v1/lists', secret);
    expect(lists.statusCode).toBe(200);
    expect(ListStatusesSchema.parse(lists.json()).length).toBeGreaterThan(3);
    const bad = await call('POST', '/api/v1/searches/npi', secret, { npi: '123' });
    expectRefused(bad, 400);
  });

  it('refuses a request without a key, with an unknown, revoked or expired key (401 with the bearer challenge)', async () => {
    const body = { firstName: 'Donald', lastName: 'Bailey' };
    const searchesBefore = (await t.ctx.db.select().from(interactiveSearches)).length;
    const none = await call('POST', '/api/v1/searches/name', null, body);
    expectRefused(none, 401, /Authorization: Bearer/);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expectRefused(await call('POST', '/api/v1/searches/name', 'cl_live_notakey', body), 401, /not valid/);

    const revoked = await newKey(acme.agent);
    expect((await call('GET', '/api/v1/lists', revoked.secret)).statusCode).toBe(200);
    expect((await acme.agent.put(`/services/apikeys/${revoked.key.id}/revoke`)).statusCode).toBe(200);
    expectRefused(await call('GET', '/api/v1/lists', revoked.secret), 401, /revoked/);

    const expiring = await newKey(acme.agent, { name: 'Short', expiresOn: '2026-04-15' });
    expect((await call('GET', '/api/v1/lists', expiring.secret)).statusCode).toBe(200);
    t.setNow(new Date('2026-04-16T00:00:00Z'));
    try {
      expectRefused(await call('GET', '/api/v1/lists', expiring.secret), 401, /expired/);
    } finally {
      t.setNow(NOW);
    }
    // Nothing refused was searched, stored or billed.
    expect((await t.ctx.db.select().from(interactiveSearches)).length).toBe(searchesBefore);
  });

  it('holds the account’s IP allowlist for its keys: from outside it, 403 and nothing searched or billed (issue 53)', async () => {
    const { secret } = await newKey(acme.agent);
    await t.ctx.db.update(clients).set({ ipAllowlist: ['203.0.113.0/24'] }).where(eq(clients.id, acme.clientId));
    try {
      const searchesBefore = (await t.ctx.db.select().from(interactiveSearches)).length;
      const body = { firstName: 'Donald', lastName: 'Bailey' };
      const outside = await t.app.inject({ method: 'POST', url: '/api/v1/searches/name', payload: body, remoteAddress: '198.51.100.7', headers: { authorization: `Bearer ${secret}` } });
      expectRefused(outside, 403, /only from its allowed network addresses, and this one came from 198\.51\.100\.7/);
      expect((await t.ctx.db.select().from(interactiveSearches)).length).toBe(searchesBefore);
      const inside = await t.app.inject({ method: 'POST', url: '/api/v1/searches/name', payload: body, remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${secret}` } });
      expect(inside.statusCode, inside.body).toBe(200);
    } finally {
      await t.ctx.db.update(clients).set({ ipAllowlist: [] }).where(eq(clients.id, acme.clientId));
    }
  });

  it('ignores session cookies: a signed-in browser without a key is refused, a key needs no CSRF token', async () => {
    const { secret } = await newKey(acme.agent);
    const cookie = `sid=${acme.agent.cookie('sid')}; csrf=${acme.agent.cookie('csrf')}`;
    expectRefused(await call('GET', '/api/v1/lists', null, undefined, { cookie }), 401);
    const res = await call('POST', '/api/v1/searches/npi', secret, { npi: '1000994545' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('acts as the key’s creator: losing api_user or the account’s search option refuses, a deactivated user or disabled client is 401', async () => {
    const client = await createClient(t.ctx.db, { name: 'Nofac Care', searchOptions: ['NAME'] });
    const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'api_user'] });
    const { secret } = await newKey(await signedIn(t, user));
    const name = await call('POST', '/api/v1/searches/name', secret, { firstName: 'Donald', lastName: 'Bailey' });
    expect(name.statusCode, name.body).toBe(200);
    expect(NameSearchResultSchema.parse(name.json()).lists.map((l) => l.source)).not.toContain('ofac-sdn');
    expectRefused(await call('POST', '/api/v1/searches/npi', secret, { npi: '1000994545' }), 403);

    await t.ctx.db.delete(userRoles).where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'api_user')));
    expectRefused(await call('GET', '/api/v1/lists', secret), 403);
    await t.ctx.db.insert(userRoles).values({ userId: user.id, role: 'api_user' });
    expect((await call('GET', '/api/v1/lists', secret)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectRefused(await call('GET', '/api/v1/lists', secret), 401, /no longer active/);
    await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    await t.ctx.db.update(clients).set({ state: 'disabled' }).where(eq(clients.id, client.id));
    expectRefused(await call('GET', '/api/v1/lists', secret), 401, /no longer active/);
  });

  it('refuses an expired trial’s key and counts API searches against the trial’s monthly quota', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME'], trialSearchesPerMonth: 1, trialEndsAt: new Date('2026-05-01T00:00:00Z') });
    const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'api_user'] });
    const { secret } = await newKey(await signedIn(t, user));
    const body = { firstName: 'Donald', lastName: 'Bailey' };
    expect((await call('POST', '/api/v1/searches/name', secret, body)).statusCode).toBe(200);
    expectRefused(await call('POST', '/api/v1/searches/name', secret, body), 429);
    await t.ctx.db.update(clients).set({ trialEndsAt: new Date('2026-04-01T00:00:00Z') }).where(eq(clients.id, client.id));
    expectRefused(await call('POST', '/api/v1/searches/name', secret, body), 403);
  });

  it('never shows another client’s search (404, not 403)', async () => {
    const { secret } = await newKey(acme.agent);
    const mine = NameSearchResultSchema.parse((await call('POST', '/api/v1/searches/name', secret, { companyName: 'United Ambulance Service LLC' })).json());
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const stranger = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'api_user'] });
    const theirs = await newKey(await signedIn(t, stranger));
    expectRefused(await call('GET', `/api/v1/searches/${mine.searchId}`, theirs.secret), 404);
  });

  it('lists the batches the key sees and pages through a batch’s results; another client’s batch answers 404', async () => {
    const batchId = await submitBatch(acme.agent, 'First Name,Last Name\nDonald,Bailey\nJane,Roe\n');
    const { secret } = await newKey(acme.agent);
    const list = await call('GET', '/api/v1/batches?limit=5', secret);
    expect(list.statusCode, list.body).toBe(200);
    expect(BatchListSchema.parse(list.json()).items[0]).toMatchObject({ batchId, fileName: 'staff.csv', recordCount: 2 });
    const results = await call('GET', `/api/v1/batches/${batchId}/results?limits=10&page=1`, secret);
    expect(results.statusCode, results.body).toBe(200);
    expect(ExclusionPageSchema.parse(results.json()).records).toEqual([]);

    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const stranger = await newKey(await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'api_user'] })));
    expectRefused(await call('GET', `/api/v1/batches/${batchId}/results`, stranger.secret), 404);
    expect(BatchListSchema.parse((await call('GET', '/api/v1/batches', stranger.secret)).json()).items).toEqual([]);
  });
});
