/** The public API names the lists it did not search (ADR 114), single searches and bulk screening alike. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { NameSearchResultSchema } from '#shared/interactive-search';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, leieRecords, refreshIndex } from '#test/results-setup';

let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-12-02T10:00:00Z'));
  // A real LEIE copy only: SAM, OFAC and the state lists are not loaded.
  await activateVersion(t, 'leie', await leieRecords(), '2026-11-01');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI', 'OFAC'] });
  const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] }));
  const res = await agent.post('/services/apikeys', { name: 'HR system' });
  expect(res.statusCode, res.body).toBe(201);
  secret = CreatedApiKeySchema.parse(res.json()).secret;
});
afterAll(async () => {
  await t.close();
});

const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${secret}` } });

describe('the public API and the lists it did not search', () => {
  it('a name search answers the lists searched and, beside them, those not loaded with the reason', async () => {
    const res = await call('/api/v1/searches/name', { firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expect(res.statusCode, res.body).toBe(200);
    const result = NameSearchResultSchema.parse(res.json());
    expect(result.lists.map((l) => l.source)).toEqual(['leie']);
    expect(result.lists[0]).toMatchObject({ synthetic: false, warning: null });
    expect(result.notSearched).toContainEqual({ source: 'sam', title: 'SAM.gov Exclusions', reason: 'not loaded yet' });
    expect(result.notSearched.map((l) => l.source)).toEqual(expect.arrayContaining(['ofac-sdn', 'ofac-consolidated', 'state-ny']));
  });

  it('bulk screening says the same of every subject', async () => {
    const res = await call('/api/v1/screenings', { subjects: [{ type: 'person', firstName: 'Donald', lastName: 'Bailey' }, { type: 'npi', npi: '1000994545' }] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = BulkScreenResultSchema.parse(res.json());
    const [name, npi] = answer.results.map((r) => (r.status === 'screened' ? r.result : null));
    expect(name!.notSearched.map((l) => l.source)).toContain('sam');
    // The NPI search asked for NPPES, none loaded: named too.
    expect(npi!.notSearched).toContainEqual({ source: 'nppes', title: expect.any(String), reason: 'not loaded yet' });
    expect(npi!.lists.map((l) => l.source)).toContain('leie');
  });
});
