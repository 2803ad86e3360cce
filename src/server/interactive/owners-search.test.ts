/** A business searched with its owners, each a whole name in one field (issue 52, ADR 119). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OWNERS, OWNER_TEXTS } from '#shared/business-owners';
import { ELIGIBILITY_TEXTS, INTERACTIVE_ERROR_TEXTS, InteractiveResultSchema, NameSearchResultSchema, SearchHistorySchema } from '#shared/interactive-search';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { priceOf } from '#shared/prices';
import { buildIndex } from '#engine/index-builder';
import { usageRecords } from '#server/db/schema';
import { findActiveVersions, readActiveRecords, type IndexStore } from '#server/screening/index-store';
import { Agent, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp } from '#test/search-app';

let t: TestApp;
let paid: Agent;
let paidClientId: number;
beforeAll(async () => {
  t = await createSearchApp(3);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  paidClientId = client.id;
  paid = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user'], firstName: 'Ana', lastName: 'Lyst' }));
});
afterAll(() => t.close());

const BUSINESS = 'United Ambulance Service LLC';
/** A name search's URL with `owner` repeated. */
const urlOf = (params: Record<string, string>, owners: readonly string[] = [], key = 'owner') => {
  const query = new URLSearchParams(params);
  for (const o of owners) query.append(key, o);
  return `/services/interactivesearch/name?${query}`;
};
const withOwners = async (agent: Agent, owners: readonly string[], key = 'owner') => {
  const res = await agent.get(urlOf({ companyName: BUSINESS, matchingAlgorithm: 'Exact' }, owners, key));
  expect(res.statusCode, res.body).toBe(200);
  return NameSearchResultSchema.parse(res.json());
};
const usageOf = (clientId: number) => t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId));

describe('a business with its owners', () => {
  it('screens each owner as a person, read from the whole name, and answers each owner’s findings beside the business’s', async () => {
    const result = await withOwners(paid, ['MORALES, George John', 'Dr. Zebulon Q. Quackenbushwicz Jr.']);
    expect(result.criteria).toMatchObject({ entity: 'business', companyName: BUSINESS });
    expect(result.hits.some((h) => h.name === 'UNITED AMBULANCE SERVICE LLC')).toBe(true);
    expect(result.owners).toHaveLength(2);
    const [morales, nobody] = result.owners!;
    // Read as the public API reads `name`: surname first before the comma, the title left out, the suffix kept.
    expect(morales).toMatchObject({ name: 'MORALES, George John', criteria: { entity: 'individual', firstName: 'George John', lastName: 'MORALES', matchingAlgorithm: 'Exact' } });
    expect(morales.hits.some((h) => h.source === 'leie' && /GEORGE.*MORALES/.test(h.name))).toBe(true);
    expect(nobody.criteria).toMatchObject({ firstName: 'Zebulon Q.', lastName: 'Quackenbushwicz Jr.' });
    expect(nobody.hits).toEqual([]);
  });

  it('bills the business and each owner as a name search; stores them as one search that reopens as it was', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user'], firstName: 'Olga', lastName: 'Owner' }));
    const result = await withOwners(agent, ['George John Morales', 'Zebulon Quillfeatherby']);
    expect((await usageOf(client.id)).map((u) => [u.searchType, u.searchOption, u.unitPriceCents, u.quantity])).toEqual([
      ['Interactive Name Search', 'NAME', priceOf('NAME'), 1],
      ['Interactive Owner Search', 'NAME', priceOf('NAME'), 1],
      ['Interactive Owner Search', 'NAME', priceOf('NAME'), 1],
    ]);
    const history = SearchHistorySchema.parse((await agent.get('/services/interactivesearch/history?q=quillfeatherby')).json());
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      searchId: result.searchId,
      criteria: `${BUSINESS} · Exact · owners: George John Morales; Zebulon Quillfeatherby`,
      outcome: expect.stringMatching(/^\d+ potential match(es)?; owners: \d+ potential match(es)? \(George John Morales\)$/),
    });
    expect(history.items[0].hits).toBe(result.hits.length + result.owners![0].hits.length);
    const reopened = await agent.get(`/services/interactivesearch/searches/${result.searchId}`);
    expect(InteractiveResultSchema.parse(reopened.json())).toEqual(result);
    // Another client's search, owners and all, is not theirs to open or find.
    expect((await paid.get(`/services/interactivesearch/searches/${result.searchId}`)).statusCode).toBe(404);
    expect(SearchHistorySchema.parse((await paid.get('/services/interactivesearch/history?q=quillfeatherby')).json()).total).toBe(0);
  });

  it('takes owners in the bracket style too; a search without owners answers exactly as before', async () => {
    expect((await withOwners(paid, ['Ann Lee'], 'owner[]')).owners?.map((o) => o.name)).toEqual(['Ann Lee']);
    const plain = await paid.get(urlOf({ companyName: BUSINESS, matchingAlgorithm: 'Exact' }));
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('owners');
    expect((await withOwners(paid, ['  ', ''])).owners).toBeUndefined();
  });

  it('validates each owner: at most ten, a name of letters, not too long, one that reads as a name; owners only with a business', async () => {
    const refusal = async (url: string) => {
      const res = await paid.get(url);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    const business = { companyName: BUSINESS };
    expect((await refusal(urlOf(business, Array.from({ length: MAX_OWNERS + 1 }, (_, i) => `Owner Number${i}`)))).fields).toEqual({ owner: OWNER_TEXTS.tooMany });
    expect((await refusal(urlOf(business, ['Ann Lee', '12345 !!']))).fields).toEqual({ 'owner.1': OWNER_TEXTS.noLetters(2) });
    expect((await refusal(urlOf(business, [`Ann ${'x'.repeat(200)}`]))).fields).toEqual({ 'owner.0': OWNER_TEXTS.tooLong(1) });
    expect((await refusal(urlOf({ firstName: 'Ann', lastName: 'Lee' }, ['Bo Ek']))).fields).toEqual({ owner: OWNER_TEXTS.businessOnly });
    expect(await refusal(urlOf(business, ['"Bob"']))).toEqual({ code: 'BAD_REQUEST', message: OWNER_TEXTS.unreadable('"Bob"') });
  });

  it('is for signed-in users: an anonymous visitor is refused without using the day’s allowance', async () => {
    const visitor = () => new Agent(t.app, '203.0.113.77');
    const res = await visitor().get(urlOf({ companyName: BUSINESS }, ['Ann Lee']));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(OWNER_TEXTS.signedInOnly);
    for (let i = 0; i < 3; i++) expect((await visitor().get(urlOf({ companyName: BUSINESS }))).statusCode).toBe(200);
  });

  it('a trial is refused, with nothing searched or billed, when the business and its owners need more searches than it has left', async () => {
    const client = await createClient(t.ctx.db, { state: 'trial', planType: 'FREE', searchOptions: ['NAME'], trialSearchesPerMonth: 10 });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'name_search_user'] }));
    await withOwners(agent, ['Ann Lee', 'Bo Ek', 'Cy Fox', 'Di Gray', 'Ed Hill', 'Flo Ives']);
    expect(await usageOf(client.id)).toHaveLength(7);
    const refused = await agent.get(urlOf({ companyName: BUSINESS }, ['Ann Lee', 'Bo Ek', 'Cy Fox']));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: OWNER_TEXTS.trialLimit(4, 3, 10) });
    expect(await usageOf(client.id)).toHaveLength(7);
    await withOwners(agent, ['Ann Lee', 'Bo Ek']);
    expect(await usageOf(client.id)).toHaveLength(10);
    const spent = await agent.get(urlOf({ companyName: BUSINESS }, ['Ann Lee']));
    expect(spent.json().error).toEqual({ code: 'RATE_LIMITED', message: ELIGIBILITY_TEXTS.trialLimit(10) });
  });

  it('an owner whose name matches more than 100 records is named in the error, and nothing is billed', async () => {
    const store = t.ctx.screening!;
    const records: ListRecord[] = [];
    for await (const page of readActiveRecords(t.ctx.db, await findActiveVersions(t.ctx.db))) records.push(...page);
    for (let i = 0; i < 101; i++) records.push({ ...emptyListRecord('leie', `smith-${i}`, 'person'), firstName: 'John', lastName: 'Smith' });
    const index = buildIndex(records, { version: store.version });
    t.ctx.screening = { getIndex: () => index } as unknown as IndexStore;
    try {
      const before = (await usageOf(paidClientId)).length;
      const res = await paid.get(urlOf({ companyName: BUSINESS }, ['Ann Lee', 'SMITH, John']));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'MaxMatchesExceeded', message: `Owner “SMITH, John”: ${INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded}` });
      expect((await usageOf(paidClientId)).length).toBe(before);
    } finally {
      t.ctx.screening = store;
    }
  });
});
