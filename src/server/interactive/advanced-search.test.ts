import { STATE_SOURCE_IDS } from '#shared/state-lists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvancedOptionsSchema, AdvancedSearchResultSchema, ADVANCED_TEXTS } from '#shared/advanced-search';
import { SearchHistorySchema } from '#shared/interactive-search';
import { priceOf } from '#shared/prices';
import { findListSource } from '#lists/sources';
import { interactiveSearches, usageRecords } from '#server/db/schema';
import { Agent, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp } from '#test/search-app';

let t: TestApp;
let owner: Agent;
let clientId: number;
let nameOnly: Agent;
beforeAll(async () => {
  t = await createSearchApp(1000);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI', 'OFAC'] });
  clientId = client.id;
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'advanced_search'], firstName: 'Ada', lastName: 'Owner' }));
  nameOnly = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'name_search_user'] }));
});
afterAll(async () => {
  await t.close();
});

const CAROL = { firstName: 'Carol', lastName: 'Moore', dateOfBirth: '1965-05-26', state: 'NY', address: '8653 Main St' };
const usageOf = () => t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId));
const searchesOf = () => t.ctx.db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, clientId));
async function search(body: Record<string, unknown>, agent = owner) {
  const res = await agent.post('/services/advancedsearch', body);
  expect(res.statusCode, res.body).toBe(200);
  return AdvancedSearchResultSchema.parse(res.json());
}

describe('Advance Search', () => {
  it('finds a person with every criterion, on every list the options allow, with score, words, version and date', async () => {
    const result = await search({ subject: 'person', person: CAROL });
    const hit = result.hits.find((h) => h.source === 'leie' && /CAROL/.test(h.name));
    expect(hit).toBeDefined();
    expect(hit!.score).toBeGreaterThan(0.9);
    expect(hit!.matchedOn).toMatch(/Last name: same; First name: same/);
    expect(hit!.matchedOn).toMatch(/Date of birth: same/);
    // The street address is not indexed: it is compared with the record and said in words.
    expect(hit!.checks).toEqual(['Street address: same']);
    // Default lists: all that NAME, NPI and OFAC allow, not the DMF (SSNDMF).
    expect(result.lists.map((l) => l.source)).toEqual(['leie', 'sam', ...STATE_SOURCE_IDS, 'ofac-sdn', 'ofac-consolidated', 'nppes', 'optout']);
    expect(result.lists.find((l) => l.source === 'leie')!.acquiredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.criteria.fields).toContainEqual({ label: 'Date of birth', value: '1965-05-26' });
    expect(result.criteria).toMatchObject({ subject: 'person', matchingAlgorithm: 'Fuzzy', includeReinstated: false });
    expect(result.searchedBy).toBe('Ada Owner, Acme Health');
    expect(result.reference).toMatch(/^CL-/);
  });

  it('searches only the lists chosen and bills like the interactive searches of the same options', async () => {
    const before = await usageOf();
    const leieOnly = await search({ subject: 'person', person: CAROL, sources: ['leie'] });
    expect(leieOnly.lists.map((l) => l.source)).toEqual(['leie']);
    expect(leieOnly.hits.every((h) => h.source === 'leie')).toBe(true);
    const withNppes = await search({ subject: 'person', person: { ...CAROL, npi: undefined }, sources: ['leie', 'nppes'] });
    expect(withNppes.lists.map((l) => l.source)).toEqual(['leie', 'nppes']);
    const added = (await usageOf()).slice(before.length).map((u) => [u.searchType, u.searchOption, u.unitPriceCents]);
    expect(added).toEqual([
      ['Advance Search', 'NAME', priceOf('NAME')],
      ['Advance Search', 'NAME', priceOf('NAME')],
      ['Advance Search', 'NPI', priceOf('NPI')],
    ]);
  });

  it('refuses a list the client’s options do not allow (403), bills and stores nothing', async () => {
    const [usage, searches] = [(await usageOf()).length, (await searchesOf()).length];
    const res = await owner.post('/services/advancedsearch', { subject: 'person', person: CAROL, sources: ['leie', 'dmf'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: ADVANCED_TEXTS.listNotAllowed(findListSource('dmf')!.title) });
    expect((await usageOf()).length).toBe(usage);
    expect((await searchesOf()).length).toBe(searches);
  });

  it('refuses users without the role (403) and visitors (401), and bad criteria with the field named (400)', async () => {
    expect((await nameOnly.post('/services/advancedsearch', { subject: 'person', person: CAROL })).statusCode).toBe(403);
    expect((await nameOnly.get('/services/advancedsearch/options')).statusCode).toBe(403);
    expect((await new Agent(t.app).post('/services/advancedsearch', { subject: 'person', person: CAROL })).statusCode).toBe(401);
    const missing = await owner.post('/services/advancedsearch', { subject: 'person', person: { firstName: 'Carol' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('person.lastName');
    const loose = await owner.post('/services/advancedsearch', { subject: 'person', person: CAROL, sensitivity: 0.2 });
    expect(loose.statusCode).toBe(400);
    expect(loose.json().error.fields).toHaveProperty('sensitivity');
    const badNpi = await owner.post('/services/advancedsearch', { subject: 'person', person: { ...CAROL, npi: '12345' } });
    expect(badNpi.statusCode).toBe(400);
    expect(badNpi.json().error.fields).toHaveProperty('person.npi');
  });

  it('screens the name with an NPI failing the check digit, the proof saying so (issue 50)', async () => {
    const result = await search({ subject: 'person', person: { ...CAROL, npi: '1234567890' }, sources: ['leie'] });
    expect(result.hits.some((h) => h.source === 'leie' && /CAROL/.test(h.name))).toBe(true);
    expect(result.criteria.fields).toContainEqual({ label: 'NPI', value: '1234567890 (NPI fails the check digit; screened by name)' });
  });

  it('finds a person under an other (maiden) name, and a business by its DBA', async () => {
    const maiden = await search({ subject: 'person', person: { firstName: 'Carol', lastName: 'Zyxwvut', otherNames: ['Moore'] }, sources: ['leie'], matchingAlgorithm: 'Exact' });
    expect(maiden.hits.some((h) => /CAROL/.test(h.name) && /MOORE/.test(h.name))).toBe(true);
    const business = await search({ subject: 'business', business: { name: 'Nothing Like It Corp', dba: 'United Ambulance Service LLC' }, sources: ['leie'], matchingAlgorithm: 'Exact' });
    expect(business.hits.some((h) => h.name === 'UNITED AMBULANCE SERVICE LLC')).toBe(true);
    expect(business.criteria.fields.map((f) => f.label)).toEqual(['Business name', 'DBA']);
  });

  it('Exact leaves out a misspelt name that Fuzzy finds; sensitivity is the lowest score shown', async () => {
    const typo = { firstName: 'Carol', lastName: 'Mooore' };
    expect((await search({ subject: 'person', person: typo, sources: ['leie'], matchingAlgorithm: 'Exact' })).hits).toEqual([]);
    const fuzzy = await search({ subject: 'person', person: typo, sources: ['leie'], matchingAlgorithm: 'Fuzzy', sensitivity: 0.6 });
    expect(fuzzy.hits.some((h) => /MOORE/.test(h.name))).toBe(true);
    expect(fuzzy.hits.every((h) => h.score >= 0.6)).toBe(true);
    expect(fuzzy.criteria.sensitivity).toBe(0.6);
  });

  it('leaves out reinstated records unless asked, says how many it left out, and keeps a reinstatement still to come', async () => {
    // The Texas sample: William Rodriguez reinstated 2021-06-01; one Ana Gonzalez to be reinstated 2026-06-01 (after NOW), another not reinstated.
    const rodriguez = { firstName: 'William', lastName: 'Rodriguez' };
    const hidden = await search({ subject: 'person', person: rodriguez, sources: ['state-tx'], matchingAlgorithm: 'Exact' });
    expect(hidden.hits).toEqual([]);
    expect(hidden.reinstatedHidden).toBe(1);
    const shown = await search({ subject: 'person', person: rodriguez, sources: ['state-tx'], matchingAlgorithm: 'Exact', includeReinstated: true });
    expect(shown.hits.map((h) => [h.isReinstated, h.reinstatementDate])).toEqual([[true, '2021-06-01']]);
    const gonzalez = await search({ subject: 'person', person: { firstName: 'Ana', lastName: 'Gonzalez' }, sources: ['state-tx'], matchingAlgorithm: 'Exact' });
    expect(gonzalez.reinstatedHidden).toBe(0);
    expect(gonzalez.hits.map((h) => [h.isReinstated, h.reinstatementDate]).sort()).toEqual([[false, '2026-06-01'], [false, null]].sort());
  });

  it('offers the list groups with what the options allow, and the client’s threshold as the default sensitivity', async () => {
    const options = AdvancedOptionsSchema.parse((await owner.get('/services/advancedsearch/options')).json());
    expect(options.groups.map((g) => g.id)).toEqual(['federal', 'state', 'sanctions', 'registries']);
    const registries = options.groups.find((g) => g.id === 'registries')!.lists;
    expect(registries.map((l) => [l.source, l.allowed])).toEqual([['nppes', true], ['optout', true], ['dmf', false]]);
    expect(options.sensitivity).toEqual({ min: 0.6, max: 0.95, step: 0.05, default: 0.8 });
    // The Texas sample carries 25 reinstatement dates, one of them after NOW; the Louisiana
    // sample 28 "Reinstate" dates, 27 of them by NOW; the PDF samples of Hawaii 22, Idaho 17
    // and West Virginia 14 (one after NOW); the samples of the states issue 54 added (Delaware's and
    // Massachusetts' reinstated people among them) 51 more.
    expect(options.reinstatedRecords).toBe(24 + 27 + 22 + 17 + 13 + 51);
  });

  it('is kept in Search History and reopens as it was shown', async () => {
    const result = await search({ subject: 'person', person: CAROL, sources: ['leie'] });
    const history = SearchHistorySchema.parse((await owner.get('/services/interactivesearch/history?kind=advanced')).json());
    const item = history.items.find((i) => i.searchId === result.searchId);
    expect(item).toMatchObject({ kind: 'advanced', reference: result.reference, outcome: expect.stringMatching(/potential match/) });
    expect(item!.criteria).toMatch(/^Advance: Carol Moore, Date of birth 1965-05-26/);
    const reopened = await owner.get(`/services/advancedsearch/searches/${result.searchId}`);
    expect(AdvancedSearchResultSchema.parse(reopened.json())).toEqual(result);
    // The interactive reopen answers its own kinds only.
    expect((await owner.get(`/services/interactivesearch/searches/${result.searchId}`)).statusCode).toBe(404);
  });
});

describe('Advance Search: the licence number (ADR 120)', () => {
  it("raises a state-list hit carrying the person's licence number, and lowers one carrying another, in words", async () => {
    const mary = { firstName: 'Mary', lastName: 'White' };
    const hitOf = async (person: Record<string, string>) => (await search({ subject: 'person', person, sources: ['state-ca'], sensitivity: 0.7 })).hits.find((h) => h.source === 'state-ca' && /WHITE/i.test(h.name))!;
    const plain = await hitOf(mary);
    const same = await hitOf({ ...mary, licenseNumber: 'rn 093496', licenseState: 'CA' });
    const other = await hitOf({ ...mary, licenseNumber: 'RN111222', licenseState: 'CA' });
    expect(same.score).toBeCloseTo(plain.score + 0.05, 4);
    expect(same.matchedOn).toContain('License number: same');
    expect(same.checks).toContain('Licence number: same (rn 093496)');
    expect(other.score).toBeCloseTo(plain.score - 0.03, 4);
    expect(other.matchedOn).toContain('License number: different (RN111222 vs RN093496)');
  });
});
