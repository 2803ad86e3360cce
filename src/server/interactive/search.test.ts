import { STATE_SOURCE_IDS } from '#shared/state-lists';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTIVE_ERROR_TEXTS, InteractiveResultSchema, NameSearchResultSchema, NpiSearchResultSchema, SearchHistorySchema } from '#shared/interactive-search';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { priceOf } from '#shared/prices';
import { buildIndex } from '#engine/index-builder';
import { interactiveSearches, searchListSets, usageRecords } from '#server/db/schema';
import type { IndexStore } from '#server/screening/index-store';
import { Agent, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createTeam, createUser } from '#test/factories';
import { readActiveRecords, findActiveVersions } from '../screening/index-store';
import { createSearchApp, nameUrl } from '#test/search-app';

let t: TestApp;
let paid: Agent;
let paidClientId: number;
beforeAll(async () => {
  t = await createSearchApp(1000);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI', 'OFAC'] });
  paidClientId = client.id;
  paid = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user'], firstName: 'Ana', lastName: 'Lyst' }));
});
afterAll(async () => {
  await t.close();
});

const anonymous = () => new Agent(t.app, '203.0.113.50');
const name = async (agent: Agent, params: Record<string, string>) => {
  const res = await agent.get(nameUrl(params));
  expect(res.statusCode, res.body).toBe(200);
  return NameSearchResultSchema.parse(res.json());
};
const npi = async (agent: Agent, value: string) => {
  const res = await agent.get(`/services/interactivesearch/npi/${value}`);
  expect(res.statusCode, res.body).toBe(200);
  return NpiSearchResultSchema.parse(res.json());
};
const usageOf = (clientId: number) => t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId));

describe('name search', () => {
  it('finds a person on the sample LEIE with the record’s fields, source link and the lists searched with their dates', async () => {
    const result = await name(anonymous(), { firstName: ' Donald ', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    const hit = result.hits.find((h) => h.source === 'leie');
    expect(hit).toMatchObject({ name: expect.stringMatching(/DONALD.*BAILEY/), sourceTitle: 'OIG List of Excluded Individuals/Entities (LEIE)', npi: '1000994545' });
    expect(hit!.link).toMatch(/^https:\/\//);
    // The exclusion type carries its meaning, and why it matched is in words, not field names.
    expect(hit!.exclusionType).toMatch(/^1128\w+: \w+/);
    expect(hit!.matchedOn).toBe('Name: same');
    expect(hit!.matchedOn).not.toMatch(/lastName|firstName|exact|akas\[/);
    expect(hit!.exclusionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.criteria).toMatchObject({ entity: 'individual', firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expect(result.searchedBy).toBeNull();
    expect(result.reference).toMatch(/^CL-/);
    // Anonymous visitors: the federal and state exclusion lists, each with the date of its copy.
    expect(result.lists.map((l) => l.source)).toEqual(['leie', 'sam', ...STATE_SOURCE_IDS]);
    expect(result.lists.every((l) => l.records > 0)).toBe(true);
    // The demo's samples, said to be samples (ADR 114); every list asked for was searched.
    expect(result.lists.every((l) => l.synthetic && l.warning === null)).toBe(true);
    expect(result.notSearched).toEqual([]);
  });

  it('a business by its name', async () => {
    const result = await name(anonymous(), { companyName: 'United Ambulance Service LLC', matchingAlgorithm: 'Exact' });
    expect(result.criteria.entity).toBe('business');
    expect(result.hits.some((h) => h.source === 'leie' && h.name === 'UNITED AMBULANCE SERVICE LLC')).toBe(true);
  });

  it('says so plainly when nothing matches (no hits, every list named)', async () => {
    const result = await name(anonymous(), { firstName: 'Zebulon', lastName: 'Quackenbushwicz' });
    expect(result.hits).toEqual([]);
    expect(result.lists.length).toBeGreaterThan(2);
  });

  it('adds OFAC for an account that has it, and signs the search with the user and client', async () => {
    const result = await name(paid, { firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expect(result.lists.map((l) => l.source)).toContain('ofac-sdn');
    expect(result.searchedBy).toBe('Ana Lyst, Acme Health');
  });

  it('fuzzy matching, date of birth and state are for signed-in users with the role', async () => {
    const refused = await anonymous().get(nameUrl({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Fuzzy' }));
    expect(refused.statusCode).toBe(403);
    const fuzzy = await name(paid, { firstName: 'Don', lastName: 'Baily', matchingAlgorithm: 'Fuzzy' });
    expect(fuzzy.hits.some((h) => h.npi === '1000994545')).toBe(true);
    const wrongBirth = await name(paid, { firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact', dateOfBirth: '1901-01-01' });
    // A record carrying another date of birth is dropped (a state list's record without one may stay, said so).
    expect(wrongBirth.hits.some((h) => h.npi === '1000994545' && h.dateOfBirth)).toBe(false);
  });

  it('validates the input: names required and trimmed, one kind of name, known parameters only', async () => {
    const missing = await anonymous().get(nameUrl({ firstName: '  ', lastName: 'Bailey' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ firstName: 'This field is required.' });
    expect((await anonymous().get(nameUrl({ firstName: 'A', lastName: 'B', companyName: 'C' }))).statusCode).toBe(400);
    expect((await anonymous().get(nameUrl({ firstName: 'A', lastName: 'B', matchingAlgorithm: 'Sounds' }))).statusCode).toBe(400);
    expect((await anonymous().get(nameUrl({ firstName: 'A', lastName: 'B', ssn: '1' }))).statusCode).toBe(400);
  });

  it('more than 100 results answers MaxMatchesExceeded with the spec’s text, and is not billed', async () => {
    const store = t.ctx.screening!;
    const records: ListRecord[] = [];
    for await (const page of readActiveRecords(t.ctx.db, await findActiveVersions(t.ctx.db))) records.push(...page);
    for (let i = 0; i < 101; i++) records.push({ ...emptyListRecord('leie', `smith-${i}`, 'person'), firstName: 'John', lastName: 'Smith' });
    const index = buildIndex(records, { version: store.version });
    t.ctx.screening = { getIndex: () => index } as unknown as IndexStore;
    try {
      const before = (await usageOf(paidClientId)).length;
      const res = await paid.get(nameUrl({ firstName: 'John', lastName: 'Smith' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'MaxMatchesExceeded', message: INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded });
      expect((await usageOf(paidClientId)).length).toBe(before);
    } finally {
      t.ctx.screening = store;
    }
  });
});

describe('NPI search', () => {
  it('answers the NPPES record, the exclusions carrying the NPI and the opt-out status', async () => {
    const result = await npi(anonymous(), '1000994545');
    expect(result['npi-match']).toBe(true);
    expect(result.nppes).toMatchObject({ npi: '1000994545', entityType: 'Individual', status: 'Active', deactivationDate: null });
    expect(result.exclusionStatus).toBe('Exclusion Found');
    expect(result.exclusions.map((h) => h.source)).toContain('leie');
    expect(result.optOutStatus).toBe('Found on Opt Out List');
    expect(result.lists.map((l) => l.source).slice(0, 2)).toEqual(['nppes', 'optout']);
    const business = await npi(anonymous(), '1500123454');
    expect(business.nppes).toMatchObject({ entityType: 'Organization', name: 'UNITED AMBULANCE SERVICE LLC' });
    expect(business.exclusionStatus).toBe('Exclusion Found');
    expect(business.optOutStatus).toBe('Not Found on Opt Out List');
    expect(business.optOut).toBeNull();
  });

  it('shows a Medicare opt-out and a deactivated NPI', async () => {
    // An opt-out NPI that no exclusion sample carries.
    const optedOut = await npi(anonymous(), '1031086741');
    expect(optedOut.optOutStatus).toBe('Found on Opt Out List');
    expect(optedOut.optOut?.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(optedOut.exclusionStatus).toBe('No Exclusions Found');
    const deactivated = await npi(anonymous(), '1020712851');
    expect(deactivated.nppes?.status).toBe('Deactivated');
    expect(deactivated.nppes?.deactivationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('with a name, says whether NPPES holds that name for the NPI: someone else’s NPI is not a clean result', async () => {
    const withName = async (value: string, given: string) => {
      const res = await anonymous().get(`/services/interactivesearch/npi/${value}?name=${encodeURIComponent(given)}`);
      expect(res.statusCode, res.body).toBe(200);
      return NpiSearchResultSchema.parse(res.json());
    };
    const other = await withName('1000994545', 'Jennifer Garcia');
    expect(other.criteria).toEqual({ npi: '1000994545', name: 'Jennifer Garcia' });
    expect(other.nameCheck).toMatchObject({ agrees: false, givenName: 'Jennifer Garcia', lines: ['Last name: different (Garcia vs Bailey)', 'First name: different (Jennifer vs Donald)'] });
    expect(other.nameCheck!.verdict).toContain('may belong to someone else');
    expect(other.nameCheck!.nppesName).toMatch(/BAILEY/i);
    expect((await withName('1000994545', 'Don Bailey')).nameCheck).toMatchObject({ agrees: true, lines: ['Last name: same', 'First name: Don is a nickname of Donald'] });
    expect((await withName('1000994545', 'Bailey, Donald')).nameCheck?.agrees).toBe(true);
    expect((await withName('1500123454', 'United Ambulance Service, LLC')).nameCheck?.agrees).toBe(true);
    expect((await npi(anonymous(), '1000994545')).nameCheck).toBeNull();
  });

  it('answers npi-match false for a valid NPI that NPPES does not have', async () => {
    const result = await npi(anonymous(), '1234567893');
    expect(result['npi-match']).toBe(false);
    expect(result.nppes).toBeNull();
  });

  it('refuses an NPI that is not 10 digits; one failing the check digit is searched as entered (issue 50)', async () => {
    expect(await npi(anonymous(), '1234567890')).toMatchObject({ 'npi-match': false, npiProblem: 'NPI fails the check digit; compared as entered with the NPIs on the lists' });
    for (const bad of ['123', '12345678901', '12345678AB']) {
      const res = await anonymous().get(`/services/interactivesearch/npi/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });
});

describe('billing and Search History', () => {
  it('bills each signed-in search as a search of its type; anonymous searches bill nobody', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user'] }));
    await name(agent, { firstName: 'Donald', lastName: 'Bailey' });
    await npi(agent, '1000994545');
    await npi(agent, '1234567893');
    const usage = await usageOf(client.id);
    expect(usage.map((u) => [u.searchType, u.searchOption, u.unitPriceCents, u.quantity, u.batchId])).toEqual([
      ['Interactive Name Search', 'NAME', priceOf('NAME'), 1, null],
      ['Interactive NPI Search', 'NPI', priceOf('NPI'), 1, null],
      ['Interactive NPI Search', 'NPI', priceOf('NPI'), 1, null],
    ]);
  });

  it('parallel searches, stored together (ADR 055), are each answered with their own stored search and billed once', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const agents = await Promise.all([0, 1, 2].map(async () => signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user'] }))));
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => name(agents[i % 3], { firstName: i % 2 ? 'Donald' : 'Zed', lastName: i % 2 ? 'Bailey' : `Nobody${i}` })));
    const ids = answers.map((a) => a.searchId);
    expect(new Set(ids).size).toBe(24);
    const stored = await t.ctx.db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, client.id));
    expect(stored.map((s) => s.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const a of answers) expect(stored.find((s) => s.id === a.searchId)?.reference).toBe(a.reference);
    expect((await usageOf(client.id)).reduce((n, u) => n + u.quantity, 0)).toBe(24);
  });

  it('records date, who, criteria and outcome; the result reopens as it was; other clients get 404', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'], teamType: 'MULTI_TEAM' });
    const teamA = await createTeam(t.ctx.db, { clientId: client.id });
    const teamB = await createTeam(t.ctx.db, { clientId: client.id });
    const roles = ['paying_user', 'name_search_user', 'npi_search_user'] as const;
    const alice = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, teamId: teamA.id, roles: [...roles], firstName: 'Alice', lastName: 'Able' }));
    const bob = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, teamId: teamB.id, roles: [...roles] }));
    const admin = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, teamId: teamA.id, roles: ['paying_user', 'domain_admin_user'] }));
    const searched = await name(alice, { firstName: 'Donald', lastName: 'Bailey' });
    await npi(bob, '1234567893');

    const history = SearchHistorySchema.parse((await alice.get('/services/interactivesearch/history')).json());
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ searchId: searched.searchId, searchedBy: 'Alice Able', kind: 'name', criteria: 'Donald Bailey · Exact', searchedAt: searched.searchedAt });
    expect(history.items[0].outcome).toMatch(/potential match/);
    const adminView = SearchHistorySchema.parse((await admin.get('/services/interactivesearch/history')).json());
    expect(adminView.total).toBe(2);
    expect(adminView.items[0]).toMatchObject({ kind: 'npi', criteria: 'NPI 1234567893', outcome: expect.stringContaining('NPI not found in NPPES') });

    const reopened = await alice.get(`/services/interactivesearch/searches/${searched.searchId}`);
    expect(reopened.statusCode).toBe(200);
    expect(InteractiveResultSchema.parse(reopened.json())).toEqual(searched);
    // The version of the matching rules is kept with the search, so a later version is told apart.
    expect(searched.algorithmVersion).toBe(ALGORITHM_VERSION);
    expect((await bob.get(`/services/interactivesearch/searches/${searched.searchId}`)).statusCode).toBe(404);
    expect((await paid.get(`/services/interactivesearch/searches/${searched.searchId}`)).statusCode).toBe(404);
  });

  it('keeps a search’s lists once per set of lists; a search stored with its lists inline still reopens as it was', async () => {
    const first = await name(paid, { firstName: 'Donald', lastName: 'Bailey' });
    const second = await name(paid, { firstName: 'Jane', lastName: 'Roe' });
    const rows = await t.ctx.db.select().from(interactiveSearches).where(inArray(interactiveSearches.id, [first.searchId, second.searchId]));
    expect(rows.map((r) => r.listSetId)).toEqual([rows[0].listSetId, rows[0].listSetId]);
    expect(rows.every((r) => !('lists' in (r.result as object)))).toBe(true);
    const [set] = await t.ctx.db.select().from(searchListSets).where(eq(searchListSets.id, rows[0].listSetId!));
    expect(set.lists).toEqual(first.lists);
    // A search stored before ADR 047: its lists in its result, no set.
    const { searchId, reference, ...unsaved } = first;
    const [legacy] = await t.ctx.db
      .insert(interactiveSearches)
      .values({ ...rows[0], id: undefined, reference: `${reference}-OLD`, result: unsaved, listSetId: null })
      .returning({ id: interactiveSearches.id });
    const reopened = await paid.get(`/services/interactivesearch/searches/${legacy.id}`);
    expect(InteractiveResultSchema.parse(reopened.json())).toEqual({ ...first, searchId: legacy.id, reference: `${reference}-OLD` });
    expect(searchId).not.toBe(legacy.id);
  });

  it('filters the history by type, by whether records were found, and by text in the criteria or reference', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
    const roles = ['paying_user', 'name_search_user', 'npi_search_user'] as const;
    const carol = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: [...roles] }));
    const found = await name(carol, { firstName: 'Donald', lastName: 'Bailey' });
    const clear = await name(carol, { firstName: 'Zebulon', lastName: 'Quillfeather' });
    const byNpi = await npi(carol, '1234567893');
    const ids = async (query: string) => {
      const response = await carol.get(`/services/interactivesearch/history?${query}`);
      expect(response.statusCode).toBe(200);
      const page = SearchHistorySchema.parse(response.json());
      return { total: page.total, ids: page.items.map((i) => i.searchId) };
    };
    expect(await ids('')).toEqual({ total: 3, ids: [byNpi.searchId, clear.searchId, found.searchId] });
    expect(await ids('kind=npi')).toEqual({ total: 1, ids: [byNpi.searchId] });
    expect(await ids('kind=name&result=matches')).toEqual({ total: 1, ids: [found.searchId] });
    expect(await ids('kind=name&result=clear')).toEqual({ total: 1, ids: [clear.searchId] });
    expect(await ids('q=quillFEATHER')).toEqual({ total: 1, ids: [clear.searchId] });
    expect(await ids(`q=${found.reference.toLowerCase()}`)).toEqual({ total: 1, ids: [found.searchId] });
    expect(await ids('q=%25')).toEqual({ total: 0, ids: [] }); // a percent sign is text, not a wildcard
    expect((await carol.get('/services/interactivesearch/history?kind=ssn')).statusCode).toBe(400);
    expect((await carol.get(`/services/interactivesearch/history?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('Search History needs paying_user; reopening needs a session', async () => {
    const trial = await signedIn(t, await createUser(t.ctx.db, { roles: ['name_search_user'] }));
    expect((await trial.get('/services/interactivesearch/history')).statusCode).toBe(403);
    expect((await anonymous().get('/services/interactivesearch/history')).statusCode).toBe(401);
    expect((await anonymous().get('/services/interactivesearch/searches/1')).statusCode).toBe(401);
  });
});
