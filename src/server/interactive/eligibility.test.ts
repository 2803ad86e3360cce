import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EligibilitySchema, ELIGIBILITY_TEXTS } from '#shared/interactive-search';
import { LOGIN_MESSAGES } from '#shared/messages';
import { usageRecords } from '#server/db/schema';
import { Agent, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp, nameUrl, NOW } from '#test/search-app';

let t: TestApp;
beforeAll(async () => {
  t = await createSearchApp(3);
});
afterAll(async () => {
  await t.close();
});

const eligibility = async (agent: Agent, query = '') => {
  const res = await agent.get(`/services/interactivesearch/eligibility${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return EligibilitySchema.parse(res.json());
};
const search = (agent: Agent) => agent.get(nameUrl({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' }));

describe('anonymous visitors: a daily allowance per address', () => {
  it('grants the configured number of searches a day, then answers the reason, per address', async () => {
    const visitor = new Agent(t.app, '198.51.100.7');
    expect(await eligibility(visitor)).toEqual({ name: 'GRANTED', text: ELIGIBILITY_TEXTS.granted });
    for (let i = 0; i < 3; i++) expect((await search(visitor)).statusCode).toBe(200);
    expect(await eligibility(visitor)).toEqual({ name: 'DAILY_LIMIT_REACHED', text: ELIGIBILITY_TEXTS.dailyLimit(3) });
    // The search itself refuses too, with the same text.
    const refused = await search(visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: ELIGIBILITY_TEXTS.dailyLimit(3) });
    // NPI searches count against the same allowance.
    expect((await visitor.get('/services/interactivesearch/npi/1000994545')).statusCode).toBe(429);
    // Another address still has its own.
    expect((await eligibility(new Agent(t.app, '198.51.100.8'))).name).toBe('GRANTED');
  });

  it('starts again the next UTC day', async () => {
    const visitor = new Agent(t.app, '198.51.100.9');
    for (let i = 0; i < 3; i++) expect((await search(visitor)).statusCode).toBe(200);
    expect((await eligibility(visitor)).name).toBe('DAILY_LIMIT_REACHED');
    t.setNow(new Date('2026-04-16T00:00:01Z'));
    try {
      expect((await eligibility(visitor)).name).toBe('GRANTED');
    } finally {
      t.setNow(NOW);
    }
  });
});

describe('signed-in users', () => {
  it('a trial client has its monthly quota: eligibility says so once it is used', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 2 });
    const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'npi_search_user'] });
    const agent = await signedIn(t, user);
    expect((await eligibility(agent)).name).toBe('GRANTED');
    expect((await search(agent)).statusCode).toBe(200);
    expect((await agent.get('/services/interactivesearch/npi/1000994545')).statusCode).toBe(200);
    expect(await eligibility(agent)).toEqual({ name: 'TRIAL_LIMIT_REACHED', text: ELIGIBILITY_TEXTS.trialLimit(2) });
    const refused = await search(agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ELIGIBILITY_TEXTS.trialLimit(2));
    // Two searches billed, the refused one not.
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, client.id));
    expect(usage).toHaveLength(2);
  });

  it('a paid client is not limited; the anonymous daily allowance does not apply to users', async () => {
    const user = await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, roles: ['name_search_user'] });
    const agent = await signedIn(t, user);
    for (let i = 0; i < 4; i++) expect((await search(agent)).statusCode).toBe(200);
    expect((await eligibility(agent)).name).toBe('GRANTED');
  });

  it('needs the role and the client option of the kind of search asked', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const nameOnly = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'npi_search_user'] }));
    expect((await eligibility(nameOnly, '?type=name')).name).toBe('GRANTED');
    expect(await eligibility(nameOnly, '?type=npi')).toEqual({ name: 'NOT_PERMITTED', text: ELIGIBILITY_TEXTS.notPermittedNpi });
    const npi = await nameOnly.get('/services/interactivesearch/npi/1000994545');
    expect(npi.statusCode).toBe(403);
    expect(npi.json().error.message).toBe(ELIGIBILITY_TEXTS.notPermittedNpi);
    const noRole = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: [] }));
    expect((await eligibility(noRole, '?type=name')).name).toBe('NOT_PERMITTED');
    expect((await search(noRole)).statusCode).toBe(403);
  });

  it('an expired trial is refused with the login text', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME'], trialEndsAt: new Date('2026-05-01T00:00:00Z') });
    t.setNow(new Date('2026-04-30T23:00:00Z'));
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user'] }));
    // Still signed in an hour after the trial ended (sessions last 12 hours).
    t.setNow(new Date('2026-05-01T01:00:00Z'));
    try {
      expect(await eligibility(agent)).toEqual({ name: 'ACCOUNT_INACTIVE', text: LOGIN_MESSAGES.TRIAL_EXPIRED });
    } finally {
      t.setNow(NOW);
    }
  });

  it('rejects unknown query parameters', async () => {
    const res = await new Agent(t.app, '198.51.100.20').get('/services/interactivesearch/eligibility?type=ssn');
    expect(res.statusCode).toBe(400);
  });
});
