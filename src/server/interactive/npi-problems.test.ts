/**
 * Issue 50 in the interactive NPI search and the public API: an NPI failing the check digit given
 * with a name is searched (the name on the exclusion lists, the NPI compared as entered), and an NPI
 * on an exclusion list but not in NPPES answers the exclusion beside npi-match false (§3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { InteractiveResultSchema, NpiSearchResultSchema } from '#shared/interactive-search';
import { emptyListRecord } from '#shared/list-record';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import type { Agent, TestApp } from '#test/app';
import { createTestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, leieRecords, NPI_ACTIVE, NPI_UNKNOWN, nppes, refreshIndex } from '#test/results-setup';

const FAILING = '1730405613';
let t: TestApp;
let agent: Agent;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ anonymousSearchesPerDay: 1000 });
  t.setNow(new Date('2026-04-15T10:00:00Z'));
  const cata = { ...emptyListRecord('leie', 'leie-cata', 'person'), firstName: 'SYLVIE', lastName: 'CATARINA', npi: FAILING, dateOfBirth: '1960-06-14', state: 'CA' };
  await activateVersion(t, 'leie', [...(await leieRecords()), cata], '2026-03-01');
  await activateVersion(t, 'nppes', [nppes(NPI_ACTIVE, 'Kathleen', 'Brennan')], '2026-03-02');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] }));
  secret = CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'HR' })).json()).secret;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function npiSearch(npi: string, name?: string) {
  const res = await agent.get(`/services/interactivesearch/npi/${npi}${name ? `?name=${encodeURIComponent(name)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return NpiSearchResultSchema.parse(res.json());
}
const api = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${secret}` } });

describe('an NPI failing the check digit, given with a name (issue 50 §2)', () => {
  it('finds the person by name, the NPI compared as entered, and says the NPI’s problem', async () => {
    const result = await npiSearch(FAILING, 'Sylvie Catarina');
    expect(result).toMatchObject({ 'npi-match': false, nppes: null, npiProblem: 'NPI fails the check digit; screened by name', searchedByName: true, exclusionStatus: 'Exclusion Found', criteria: { npi: FAILING, name: 'Sylvie Catarina' } });
    const hit = result.exclusions.find((h) => h.recordId === 'leie-cata')!;
    expect(hit).toMatchObject({ source: 'leie', npi: FAILING });
    expect(hit.score).toBeGreaterThanOrEqual(0.99);
    // Someone else's name with it: the NPI's record, and the name's own match on the lists.
    const other = await npiSearch(FAILING, 'Kathleen Brennan');
    expect(other.exclusions.map((h) => h.name)).toEqual(expect.arrayContaining([expect.stringContaining('BRENNAN'), expect.stringContaining('CATARINA')]));
  });

  it('without a name, looks the NPI up on the exclusion lists as entered', async () => {
    const result = await npiSearch(FAILING);
    expect(result).toMatchObject({ 'npi-match': false, npiProblem: 'NPI fails the check digit; compared as entered with the NPIs on the lists', searchedByName: false });
    expect(result.exclusions.map((h) => h.recordId)).toEqual(['leie-cata']);
  });

  it('the public API answers it too, single and in bulk; an NPI that is not 10 digits is still refused', async () => {
    const single = await api('/api/v1/searches/npi', { npi: FAILING });
    expect(single.statusCode, single.body).toBe(200);
    expect(NpiSearchResultSchema.parse(single.json()).exclusions.map((h) => h.recordId)).toEqual(['leie-cata']);
    const bulk = await api('/api/v1/screenings', { subjects: [{ type: 'npi', npi: FAILING, name: 'Sylvie Catarina' }, { type: 'npi', npi: '12345' }] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const body = BulkScreenResultSchema.parse(bulk.json());
    expect(body.results.map((r) => r.status)).toEqual(['screened', 'refused']);
    const first = body.results[0];
    if (first.status !== 'screened' || first.result.kind !== 'npi') throw new Error('not screened');
    expect(first.result).toMatchObject({ searchedByName: true, npiProblem: 'NPI fails the check digit; screened by name' });
    expect(first.result.exclusions.some((h) => h.recordId === 'leie-cata' && h.score >= 0.99)).toBe(true);
  });
});

describe('an NPI on an exclusion list but not in NPPES (issue 50 §3)', () => {
  it('answers npi-match false with the exclusion records carrying it, kept so with the search', async () => {
    const result = await npiSearch(NPI_UNKNOWN);
    expect(result).toMatchObject({ 'npi-match': false, nppes: null, npiProblem: null, exclusionStatus: 'Exclusion Found' });
    expect(result.exclusions.map((h) => [h.source, h.npi])).toEqual([['leie', NPI_UNKNOWN]]);
    expect(result.exclusions[0].name).toMatch(/OKAFOR/);
    // Reopened from Search History exactly as answered, the exclusion with it.
    const reopened = await agent.get(`/services/interactivesearch/searches/${result.searchId}`);
    expect(InteractiveResultSchema.parse(reopened.json())).toMatchObject({ kind: 'npi', 'npi-match': false, exclusions: [{ npi: NPI_UNKNOWN }] });
    const history = await agent.get('/services/interactivesearch/history?kind=npi');
    expect(history.json().items[0]).toMatchObject({ criteria: `NPI ${NPI_UNKNOWN}`, outcome: 'NPI not found in NPPES · 1 exclusion record', hits: 1 });
  });
});
