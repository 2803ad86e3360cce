/** Batch Name Search and Batch NPI Search: template, drop a file, confirm the guessed columns, one click, the batch completes on the dashboard and opens in the results page. */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BATCH_MESSAGES } from '../src/shared/messages';
import { QUICK_BATCHES } from '../src/shared/quick-batches';
import { logIn } from './helpers';

async function openFromMenu(page: Page, label: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** Waits on the dashboard until the batch is done, then opens its results page. */
async function expectCompletedAndOpen(page: Page, fileName: string) {
  await expect(page).toHaveURL(/\/flex-search$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(fileName);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  const status = row.getByRole('link', { name: /^(All Results Reviewed|Results to Review)$/ });
  await expect(status).toBeVisible({ timeout: 45_000 });
  await status.click();
  await expect(page).toHaveURL(/\/flex-search\/\d+\/details$/);
  await expect(page.getByText('Batch Search Results')).toBeVisible();
}

test('the analyst screens a roster by name from its own headers, in one click', async ({ page }) => {
  await logIn(page, 'analyst');
  await openFromMenu(page, 'Batch Name Search');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV template' }).click()]);
  expect(download.suggestedFilename()).toBe(`${QUICK_BATCHES.name.templateName}.csv`);
  expect((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim()).toBe(QUICK_BATCHES.name.templateHeaders.join(','));

  const fileName = `quick-names-${Date.now()}.csv`;
  const csv = 'Badge #,Given Name,Surname,DOB,Dept\r\nB1,Kathleen,Brennan,02/03/1971,Nursing\r\nB2,Zed,Nobody,1980-05-06,Front desk\r\n';
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Check the columns' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search criteria for Given Name' })).toHaveValue('First Name (required)');
  await expect(page.getByRole('combobox', { name: 'Search criteria for Surname' })).toHaveValue('Last Name (required)');
  await expect(page.getByRole('combobox', { name: 'Search criteria for DOB' })).toHaveValue('Date of Birth');
  await expect(page.getByRole('combobox', { name: 'Search criteria for Dept' })).toHaveValue('');
  await expect(page.getByText('Exclusion Search by Individual Name, OFAC')).toBeVisible();
  await page.getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await expectCompletedAndOpen(page, fileName);
});

test('the analyst screens NPIs after mapping a column the headers did not name', async ({ page }) => {
  await logIn(page, 'analyst');
  await openFromMenu(page, 'Batch NPI Search');
  const fileName = `quick-npis-${Date.now()}.csv`;
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from('Provider,Ident\r\nAda Reyes,1234567893\r\n') });
  await expect(page.getByRole('alert').filter({ hasText: 'looks like an NPI' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start screening' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Search criteria for Ident' }).click();
  await page.getByRole('option', { name: 'NPI (required)' }).click();
  await expect(page.getByText('NPI Validation, Exclusion Search by NPI')).toBeVisible();
  await page.getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await expectCompletedAndOpen(page, fileName);
});
