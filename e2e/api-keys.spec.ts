/**
 * Public API journey: the demo owner creates an API key (shown once), screens a name with it
 * over HTTP, sees it used, revokes it and is refused; the documentation page shows the API.
 */
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('create a key, screen with it, revoke it, and read the API documentation', async ({ page, request }) => {
  await logIn(page, 'owner');
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('menuitem', { name: 'API Key Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Key Management' })).toBeVisible();

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

  // The API: a bearer key, no cookie (the request fixture has none).
  const body = { firstName: 'Donald', lastName: 'Bailey' };
  const screened = await request.post('/api/v1/searches/name', { data: body, headers: { Authorization: `Bearer ${secret}` } });
  expect(screened.status()).toBe(200);
  expect((await screened.json()).hits.length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /E2E payroll/ }).getByText(/UTC$/)).toBeVisible();

  await page.getByRole('button', { name: 'Revoke E2E payroll' }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /E2E payroll/ }).getByText('Revoked')).toBeVisible();
  const refused = await request.post('/api/v1/searches/name', { data: body, headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);

  await page.getByRole('link', { name: 'How to use the API' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Screen a person or a business by name' })).toBeVisible();
  await expect(page.getByLabel('Example request: Screen a person or a business by name')).toContainText('Authorization: Bearer $CLEARLIST_API_KEY');
});
