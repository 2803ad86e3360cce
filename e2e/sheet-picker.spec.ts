/**
 * The sheet picker (issue 18): a two-sheet workbook is uploaded in the wizard, the second sheet is
 * picked, its columns are mapped afresh, and it is screened; the results are that sheet's people.
 * The workbook is generated (test/workbooks.ts). Screenshots go to /work/shots/sheets.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BATCH_MESSAGES } from '../src/shared/messages';
import { messyRoster } from '../test/messy-rosters';
import { rosterRows, writeWorkbook } from '../test/workbooks';
import { logIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/sheets';
mkdirSync(SHOTS, { recursive: true });

test('a two-sheet workbook: the default sheet said, the second picked, mapped afresh and screened', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const fileName = `rosters-${Date.now()}.xlsx`;
  const book = writeWorkbook([
    { name: 'Staff', rows: rosterRows(messyRoster({ rows: 20, seed: 31, npiShare: 0.3 })) },
    {
      name: 'Nurses',
      rows: [
        ['Nurse ID', 'First', 'Last', 'DOB'],
        ['N-1', 'Kathleen', 'Brennan', { date: '1971-02-03' }],
        ['N-2', 'Zed', 'Nobody', { date: '1980-05-06' }],
        ['N-3', 'Ada', 'Reyes', null],
      ],
    },
  ]);
  await logIn(page, 'owner');
  await page.goto('/flex-search/file-upload');
  await page.getByRole('radio', { name: /^Exclusion Search by Individual Name/ }).check();
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: book });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  const staff = page.getByRole('radio', { name: 'Staff, 20 rows' });
  const nurses = page.getByRole('radio', { name: 'Nurses, 3 rows' });
  await expect(staff).toBeChecked();
  await expect(nurses).not.toBeChecked();
  await expect(page.getByText(/We chose “Staff”: its header looks like a roster/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search criteria for Given Name' })).toHaveValue('First Name (required)');
  await page.screenshot({ path: path.join(SHOTS, 'default-sheet-1280.png'), fullPage: true });

  await nurses.click();
  await expect(nurses).toBeChecked();
  await expect(page.getByTestId('file-format')).toContainText('Read from the sheet “Nurses” of the Excel workbook (one of its 2 sheets).');
  await expect(page.getByRole('combobox', { name: 'Search criteria for First' })).toHaveValue('First Name (required)');
  await expect(page.getByRole('combobox', { name: 'Search criteria for Last' })).toHaveValue('Last Name (required)');
  await expect(page.getByRole('combobox', { name: 'Search criteria for DOB' })).toHaveValue('Date of Birth');
  await expect(page.getByRole('combobox', { name: 'Search criteria for Given Name' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Column mapping' })).toContainText('02/03/1971');
  await page.screenshot({ path: path.join(SHOTS, 'second-sheet-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText(`File ${fileName}, sheet “Nurses”. Check the settings below`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows each search runs on' })).toContainText('Exclusion Search by Individual Name: 3 rows');
  await page.screenshot({ path: path.join(SHOTS, 'review-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Start Search' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/flex-search$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(fileName);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('3');
  const status = row.getByRole('link', { name: /^(All Results Reviewed|Results to Review)$/ });
  await expect(status).toBeVisible({ timeout: 45_000 });
  await status.click();
  await expect(page.getByText('Batch Search Results')).toBeVisible();
  await expect(page.getByText('Rows screened').locator('..')).toContainText('3');
  await page.screenshot({ path: path.join(SHOTS, 'results-1280.png'), fullPage: true });
  // The audit report's table lists the rows of the sheet picked (its PDF names the sheet: sheet-picker.test.ts).
  const batchId = /\/flex-search\/(\d+)\/details/.exec(page.url())![1];
  const audit = await page.request.get(`/services/flexsearchs/${batchId}/auditreport?format=csv`);
  expect(audit.status()).toBe(200);
  const csv = await audit.text();
  expect(csv).toContain('First Name: Kathleen; Last Name: Brennan; Date of Birth: 1971-02-03');
  expect(csv).toContain('First Name: Ada; Last Name: Reyes');
  expect(csv.trim().split('\n')).toHaveLength(4);
});

test('on a phone, the quick Batch Name Search page lists the sheets one above the other and reads the one picked', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const book = writeWorkbook([
    { name: 'Instructions', rows: [['Fill in the sheet “People”.'], ['One row per person.']] },
    { name: 'People', rows: [['Given Name', 'Surname'], ['Zed', 'Nobody'], ['Ada', 'Reyes']] },
    { name: 'Old export', rows: [['Given Name', 'Surname', 'DOB'], ['Ann', 'Lee', '1970-01-01']], hidden: true },
  ]);
  await logIn(page, 'analyst');
  await page.goto('/batch/name/batchUI');
  await page.locator('input[type=file]').setInputFiles({ name: `people-${Date.now()}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: book });
  await expect(page.getByRole('radio', { name: 'People, 2 rows' })).toBeChecked();
  await expect(page.getByText('Hidden in Excel')).toBeVisible();
  await page.getByRole('radio', { name: 'Old export, 1 row' }).click();
  await expect(page.getByRole('radio', { name: 'Old export, 1 row' })).toBeChecked();
  await expect(page.getByTestId('file-notes')).toContainText('The sheet “Old export” is hidden in Excel.');
  await expect(page.getByText('Column mapping').or(page.getByLabel('Column mapping'))).toContainText('Ann');
  await page.screenshot({ path: path.join(SHOTS, 'quick-hidden-sheet-390.png'), fullPage: true });
});
