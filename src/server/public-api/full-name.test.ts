import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { FULL_NAME_TEXTS } from '#shared/full-name';
import { NameSearchResultSchema, type NameSearchResult } from '#shared/interactive-search';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import { usageRecords } from '#server/db/schema';
import type { TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp } from '#test/search-app';

// A person's whole name in one field (`name`) on the public API (issue 52).
let t: TestApp;
let secret: string;
let clientId: number;

beforeAll(async () => {
  t = await createSearchApp(0);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  clientId = client.id;
  const user = await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] });
  const agent = await signedIn(t, user);
  secret = CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'HR' })).json()).secret;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${secret}` } });
const searchName = (payload: unknown) => post('/api/v1/searches/name', payload);
const usageCount = async () => (await t.ctx.db.select().from(usageRecords).where(and(eq(usageRecords.clientId, clientId), isNull(usageRecords.batchId)))).length;

/** What a name search answered, without what differs from one search to the next (id, reference). */
function answerOf(res: LightMyRequestResponse): Omit<NameSearchResult, 'searchId' | 'reference'> {
  expect(res.statusCode, res.body).toBe(200);
  const { searchId: _id, reference: _reference, ...rest } = NameSearchResultSchema.parse(res.json());
  return rest;
}

function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  expect(res.statusCode, res.body).toBe(400);
  return ErrorBodySchema.parse(res.json()).error.fields ?? {};
}

describe('a whole name in one field on the public API', () => {
  it('answers the name search as the split form it reads into: given names, then the surname', async () => {
    const whole = answerOf(await searchName({ name: 'Donald John Bailey' }));
    expect(whole.criteria).toMatchObject({ entity: 'individual', firstName: 'Donald John', lastName: 'Bailey' });
    expect(whole.hits.some((h) => h.source === 'leie' && h.npi === '1000994545')).toBe(true);
    expect(answerOf(await searchName({ firstName: 'Donald John', lastName: 'Bailey' }))).toEqual(whole);
  });

  it('reads the surname first before a comma, drops a title and keeps the other fields', async () => {
    const whole = answerOf(await searchName({ name: 'BAILEY, Dr. Donald', dateOfBirth: '1960-08-19', matchingAlgorithm: 'Fuzzy' }));
    expect(whole.criteria).toMatchObject({ firstName: 'Donald', lastName: 'BAILEY', dateOfBirth: '1960-08-19', matchingAlgorithm: 'Fuzzy' });
    expect(whole.hits[0]).toMatchObject({ source: 'leie', npi: '1000994545' });
    expect(answerOf(await searchName({ firstName: 'Donald', lastName: 'BAILEY', dateOfBirth: '1960-08-19', matchingAlgorithm: 'Fuzzy' }))).toEqual(whole);
  });

  it('searches a one-word name as a surname with no first name', async () => {
    const whole = answerOf(await searchName({ name: 'Bailey' }));
    expect(whole.criteria).toMatchObject({ firstName: null, lastName: 'Bailey' });
  });

  it('answers 400 in words to both forms, neither, a business beside it or a name too long, and bills nothing', async () => {
    const before = await usageCount();
    expect(fieldsOf(await searchName({ name: 'Donald Bailey', firstName: 'Donald', lastName: 'Bailey' }))).toEqual({ 'name': FULL_NAME_TEXTS.both });
    expect(fieldsOf(await searchName({ name: 'Donald Bailey', lastName: 'Bailey' }))).toEqual({ 'name': FULL_NAME_TEXTS.both });
    expect(fieldsOf(await searchName({ matchingAlgorithm: 'Exact' }))).toEqual({ 'name': FULL_NAME_TEXTS.noneOrCompany });
    expect(fieldsOf(await searchName({ name: '   ' }))).toEqual({ 'name': FULL_NAME_TEXTS.noneOrCompany });
    expect(fieldsOf(await searchName({ name: 'Donald Bailey', companyName: 'Acme' }))).toEqual({ 'companyName': 'Search a person or a business, not both.' });
    expect(fieldsOf(await searchName({ name: 'x'.repeat(201) }))).toEqual({ 'name': FULL_NAME_TEXTS.tooLong });
    expect(fieldsOf(await searchName({ firstName: 'Donald' }))).toEqual({ 'lastName': 'This field is required.' });
    expect(await usageCount()).toBe(before);
  });

  it('takes a bulk person subject by its whole name, answered as its split form', async () => {
    const subjects = [
      { type: 'person', name: 'Donald John Bailey' },
      { type: 'person', firstName: 'Donald John', lastName: 'Bailey' },
      { type: 'person', name: 'Bailey, Donald', dateOfBirth: '1960-08-19' },
    ];
    const res = await post('/api/v1/screenings', { subjects });
    expect(res.statusCode, res.body).toBe(200);
    const body = BulkScreenResultSchema.parse(res.json());
    expect(body).toMatchObject({ screened: 3, refused: 0 });
    const [whole, split, comma] = body.results.map((r) => (r.status === 'screened' && r.result.kind === 'name' ? r.result : null));
    expect(whole?.criteria).toEqual(split?.criteria);
    expect(whole?.hits).toEqual(split?.hits);
    expect(comma?.criteria).toMatchObject({ firstName: 'Donald', lastName: 'Bailey', dateOfBirth: '1960-08-19' });
    expect(comma?.hits[0]).toMatchObject({ npi: '1000994545' });
  });

  it('refuses a bulk request whose person subject has both forms or neither, naming the subject', async () => {
    const both = await post('/api/v1/screenings', { subjects: [{ type: 'person', name: 'Donald Bailey' }, { type: 'person', name: 'Donald Bailey', firstName: 'Donald', lastName: 'Bailey' }] });
    expect(fieldsOf(both)).toEqual({ 'subjects.1.name': FULL_NAME_TEXTS.both });
    const neither = await post('/api/v1/screenings', { subjects: [{ type: 'person', state: 'AZ' }] });
    expect(fieldsOf(neither)).toEqual({ 'subjects.0.name': FULL_NAME_TEXTS.none });
  });
});
