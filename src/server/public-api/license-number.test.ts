import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { NameSearchResultSchema } from '#shared/interactive-search';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import type { TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp } from '#test/search-app';

// A licence number on the public API's name search and bulk subjects (ADR 120): compared with the
// licence numbers of the state lists (the sample California record of Mary White carries RN093496).
let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await createSearchApp(0);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] });
  secret = CreatedApiKeySchema.parse((await (await signedIn(t, user)).post('/services/apikeys', { name: 'HR' })).json()).secret;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${secret}` } });
function answerOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return NameSearchResultSchema.parse(res.json());
}
const caScore = (hits: { source: string; score: number }[]) => hits.find((h) => h.source === 'state-ca')?.score;

describe('a licence number on the public API', () => {
  it('raises the name search hit of a state-list record carrying it, and keeps it in the criteria', async () => {
    const plain = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White' }));
    expect(plain.criteria).not.toHaveProperty('licenseNumber');
    const same = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White', licenseNumber: 'RN-093496' }));
    expect(same.criteria).toMatchObject({ licenseNumber: 'RN-093496' });
    expect(caScore(same.hits)).toBeCloseTo(caScore(plain.hits)! + 0.05, 4);
  });

  it('takes it on a bulk person subject too', async () => {
    const res = await post('/api/v1/screenings', { subjects: [{ type: 'person', firstName: 'Mary', lastName: 'White' }, { type: 'person', firstName: 'Mary', lastName: 'White', licenseNumber: 'RN111222' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [plain, other] = BulkScreenResultSchema.parse(res.json()).results.map((r) => (r.status === 'screened' ? r.result : null));
    expect(caScore((other as { hits: { source: string; score: number }[] }).hits)).toBeCloseTo(caScore((plain as { hits: { source: string; score: number }[] }).hits)! - 0.03, 4);
  });

  it("takes the licence's state: another state's number is no evidence against a California record", async () => {
    const plain = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White' }));
    const nevada = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White', licenseNumber: 'RN111222', licenseState: 'NV' }));
    expect(nevada.criteria).toMatchObject({ licenseNumber: 'RN111222', licenseState: 'NV' });
    expect(caScore(nevada.hits)).toBe(caScore(plain.hits));
    expect((await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White', licenseNumber: 'RN1', licenseState: 'Nevada' })).statusCode).toBe(400);
  });

  it('compares a provider type by kind with the record (ADR 121), on the name search and on a bulk subject', async () => {
    const plain = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White' }));
    const nurse = answerOf(await post('/api/v1/searches/name', { firstName: 'Mary', lastName: 'White', providerType: 'RN' }));
    expect(nurse.criteria).toMatchObject({ providerType: 'RN' });
    expect(caScore(nurse.hits)).toBeCloseTo(caScore(plain.hits)! + 0.02, 4);
    const res = await post('/api/v1/screenings', { subjects: [{ type: 'person', firstName: 'Mary', lastName: 'White', providerType: 'Pharmacist' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [pharmacist] = BulkScreenResultSchema.parse(res.json()).results.map((r) => (r.status === 'screened' ? r.result : null));
    expect(caScore((pharmacist as { hits: { source: string; score: number }[] }).hits)).toBe(caScore(plain.hits));
  });
});
