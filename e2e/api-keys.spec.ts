/**
 * Public API journey (ADR 029, 039, 041): the demo owner creates an API key in the page (shown
 * once); the test calls the API with it over HTTP (no cookie): one search, a bulk screening, a
 * batch from JSON polled to its end, its results and a status change; the documentation page
 * tries a search with the typed key; the key list shows it used; revoked, it answers 401.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn } from './helpers';

const NAME_SEARCH = 'Screen a person or a business by name';

async function openSettingsPage(page: Page, item: string) {
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
}

async function tryNameSearch(page: Page, secret: string) {
  await openSettingsPage(page, 'API Documentation');
  await page.getByLabel('Your API key').fill(secret);
  const op = page.getByRole('region', { name: NAME_SEARCH });
  await op.getByRole('button', { name: `Try it: ${NAME_SEARCH}` }).click();
  await op.getByRole('button', { name: 'Send request' }).click();
  return op.getByRole('status', { name: `Answer: ${NAME_SEARCH}` });
}

async function pollBatch(request: APIRequestContext, auth: Record<string, string>, batchId: number) {
  await expect
    .poll(async () => (await (await request.get(`/api/v1/batches/${batchId}`, { headers: auth })).json()).status, { timeout: 60_000, intervals: [500, 1000] })
    .toBe('Completed');
}

test('create a key, call the API with it, try it in the documentation, see it used, revoke it', async ({ page, request }) => {
  test.setTimeout(180_000);
  await logIn(page, 'owner');
  await openSettingsPage(page, 'API Key Management');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByRole('textbox', { name: /^Name/ }).fill('E2E payroll');
  await create.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await shown.getByLabel('The new API key').textContent())!.trim();
  expect(secret).toMatch(/^cl_live_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: /E2E payroll/ });
  await expect(row.getByText('Active')).toBeVisible();
  const lastUsed = (r: typeof row) => r.getByRole('cell').nth(4);
  await expect(lastUsed(row)).toHaveText('Never');

  // The API over HTTP: a bearer key, no cookie (the request fixture has none).
  const auth = { Authorization: `Bearer ${secret}` };
  const body = { firstName: 'Donald', lastName: 'Bailey' };
  const screened = await request.post('/api/v1/searches/name', { data: body, headers: auth });
  expect(screened.status()).toBe(200);
  expect(screened.headers()['cache-control']).toBe('no-store');
  expect((await screened.json()).hits.length).toBeGreaterThan(0);

  const bulk = await request.post('/api/v1/screenings', {
    headers: auth,
    data: { subjects: [{ type: 'person', ...body }, { type: 'npi', npi: '12345' }, { type: 'business', companyName: 'Nobody Such Clinic LLC' }] },
  });
  expect(bulk.status()).toBe(200);
  const answered = await bulk.json();
  expect(answered.results.map((r: { index: number; status: string }) => [r.index, r.status])).toEqual([
    [0, 'screened'],
    [1, 'refused'],
    [2, 'screened'],
  ]);

  const batchBody = {
    fileName: 'e2e-api-roster.csv',
    records: [{ 'First Name': 'Donald', 'Last Name': 'Bailey' }, { 'First Name': 'Nobody', 'Last Name': 'Suchperson' }],
    mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'] },
  };
  const retryable = { ...auth, 'Idempotency-Key': `e2e-${Date.now()}` };
  const created = await request.post('/api/v1/batches', { headers: retryable, data: batchBody });
  expect(created.status(), await created.text()).toBe(200);
  const { batchId } = await created.json();
  const retried = await request.post('/api/v1/batches', { headers: retryable, data: batchBody });
  expect(retried.headers()['idempotent-replayed']).toBe('true');
  expect((await retried.json()).batchId).toBe(batchId);
  await pollBatch(request, auth, batchId);
  const results = await (await request.get(`/api/v1/batches/${batchId}/results?page=1&limits=10`, { headers: auth })).json();
  expect(results.records.length).toBeGreaterThan(0);
  const changed = await request.put(`/api/v1/batches/${batchId}/results/status`, { headers: auth, data: { resultIds: [results.records[0].id], newStatus: 'CLEARED', note: 'Other person (E2E).' } });
  expect(changed.status(), await changed.text()).toBe(200);

  // The documentation page calls the API with the key typed in it.
  const ok = await tryNameSearch(page, secret);
  await expect(ok.getByText('200', { exact: true })).toBeVisible();
  await expect(ok.getByLabel(`Answer body: ${NAME_SEARCH}`)).toContainText('"reference": "CL-');

  // The key list shows it used (last used, in UTC), then it is revoked and refused.
  await openSettingsPage(page, 'API Key Management');
  await expect(lastUsed(page.getByRole('row', { name: /E2E payroll/ }))).toHaveText(/UTC$/);
  await page.getByRole('button', { name: 'Revoke E2E payroll' }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /E2E payroll/ }).getByText('Revoked')).toBeVisible();
  const refused = await request.post('/api/v1/searches/name', { data: body, headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('This API key has been revoked.');

  const denied = await tryNameSearch(page, secret);
  await expect(denied.getByText('401', { exact: true })).toBeVisible();
  await expect(denied.getByLabel(`Answer body: ${NAME_SEARCH}`)).toContainText('This API key has been revoked.');
});

test('the documentation page renders every operation and links its getting started to the key page', async ({ page }) => {
  await logIn(page, 'owner');
  await openSettingsPage(page, 'API Documentation');
  await expect(page.getByRole('heading', { level: 3, name: NAME_SEARCH })).toBeVisible();
  await expect(page.getByLabel(`Example request: ${NAME_SEARCH}`)).toContainText('Authorization: Bearer $CLEARLIST_API_KEY');
  await expect(page.getByRole('heading', { level: 2, name: 'Try it out' })).toBeVisible();
  await page.getByRole('link', { name: 'API Key Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Key Management' })).toBeVisible();
});
