/** Batch search: upload a CSV, map it, meet a validation error, fix it by re-uploading, start, watch it complete, download the file. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BATCH_MESSAGES } from '../src/shared/messages';
import { logIn } from './helpers';

const HEADER = 'First Name,Last Name,NPI,Employee Id';
const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n', 'utf8');
// The second row has no last name (an NPI failing its check digit no longer stops a row, issue 50); the corrected file fixes it.
const BAD = csv(['Ada,Reyes,1234567893,E1', 'Jon,,1234567893,E2', 'Mary,Jones,1234567893,E3']);
const FIXED = csv(['Ada,Reyes,1234567893,E1', 'Jon,Smith,1234567893,E2', 'Mary,Jones,1234567893,E3']);

test('the owner uploads a batch, fixes its row without a last name by re-uploading, sees it complete and downloads the file', async ({ page }) => {
  const fileName = `journey-${Date.now()}.csv`;
  await logIn(page, 'owner');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Batch Search (New)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Batch Search Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Start new search' }).click();

  await page.getByRole('radio', { name: /^Exclusion Search by Individual Name/ }).check();
  await page.getByRole('checkbox', { name: /^NPI Validation/ }).check();
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: BAD });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // The mapping starts from the headers (ADR 037): the three columns are mapped already.
  for (const [column, target] of [['First Name', 'First Name'], ['Last Name', 'Last Name'], ['NPI', 'NPI']]) {
    await expect(page.getByRole('combobox', { name: `Search criteria for ${column}` })).toHaveValue(new RegExp(`^${target}`));
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Additional Data Assignments' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Employee Id' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Search' }).click();

  await expect(page.getByText(BATCH_MESSAGES.createFailed)).toBeVisible();
  const errors = page.getByRole('table', { name: 'File errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('2');
  await expect(errors.getByRole('row').nth(1)).toContainText('Jon,,1234567893,E2');

  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: FIXED });
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Column mappings' })).toContainText('NPI → NPI');
  await page.getByRole('button', { name: 'Start Search' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/flex-search$/);

  await page.getByRole('textbox', { name: 'Search' }).fill(fileName);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  // The dashboard refreshes itself every 5 s until the batch is done.
  await expect(row.getByText(/^(All Results Reviewed|Results to Review)$/)).toBeVisible({ timeout: 45_000 });
  await expect(row).toContainText('3');

  await row.getByRole('button', { name: `Actions for ${fileName}` }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download File' }).click()]);
  const bytes = await readFile((await download.path())!);
  expect(Buffer.compare(bytes, FIXED)).toBe(0);
});
