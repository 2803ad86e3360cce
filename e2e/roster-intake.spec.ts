/**
 * Roster intake (ADR 053): an analyst creates a monitored roster from a file through the
 * batches' column mapping, sees its first alert, uploads a new version, reads the differences
 * (added, removed, changed field by field) and applies them.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROSTER_INTAKE_MESSAGES } from '../src/shared/roster-intake';
import { logIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shoot = (page: Page, name: string) => page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });

const FIRST = 'Employee Id,Given Name,Surname,Department\r\nC-1,Theodore,Quillfeather,Pharmacy\r\nC-2,Ada,Quietwater,Front desk\r\nC-3,Zed,Nobody,Billing\r\n';
const SECOND = 'Employee Id,Given Name,Surname,Department\r\nC-1,Theodore,Quillfeather,Nursing\r\nC-2,Ada,Quietwater,Front desk\r\nC-4,Mina,Newcomer,Billing\r\n';

test('a roster from a file, then a new version: the differences are shown, then applied', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'analyst');
  await page.goto('/monitoring');
  await page.getByRole('link', { name: 'Monitor a roster from a file' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitor a roster from a file' })).toBeVisible();
  const name = `Clinic staff ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Roster name' }).fill(name);
  await page.locator('input[type=file]').setInputFiles({ name: 'clinic-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(FIRST) });
  // The batches' column guessing: headers recognised, the id column proposed.
  await expect(page.getByRole('combobox', { name: 'Search criteria for Given Name' })).toHaveValue(/^First Name/);
  await expect(page.getByRole('combobox', { name: 'Search criteria for Surname' })).toHaveValue(/^Last Name/);
  await expect(page.getByRole('combobox', { name: 'Unique id column' })).toHaveValue('Employee Id');
  await shoot(page, 'new-roster-mapping');
  await page.getByRole('button', { name: 'Create the roster and screen it' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const alert = page.getByRole('row').filter({ hasText: 'Theodore Quillfeather' });
  await expect(alert).toContainText('New potential match', { timeout: 45_000 });
  await shoot(page, 'roster-first-alert');

  await page.getByRole('link', { name: 'Upload a new version' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Upload a new version of ${name}` })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'clinic-staff-december.csv', mimeType: 'text/csv', buffer: Buffer.from(SECOND) });
  await expect(page.getByRole('combobox', { name: 'Unique id column' })).toHaveValue('Employee Id');
  await page.getByRole('button', { name: 'Compare with the roster' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'New version: clinic-staff-december.csv' })).toBeVisible();
  await expect(page.getByText('Not applied yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Added (1)' })).toContainText('Mina Newcomer');
  await expect(page.getByRole('region', { name: 'Removed (1)' })).toContainText('Zed Nobody');
  const changed = page.getByRole('region', { name: 'Changed (1)' }).getByRole('row').filter({ hasText: 'Department' });
  await expect(changed).toContainText('Theodore Quillfeather');
  await expect(changed).toContainText('Pharmacy');
  await expect(changed).toContainText('Nursing');
  await shoot(page, 'roster-version-diff');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Apply this version' })).toBeVisible();
  await shoot(page, 'roster-version-diff-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Apply this version' }).click();
  await page.getByRole('dialog', { name: 'Apply this version?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(ROSTER_INTAKE_MESSAGES.applied)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Applied', { exact: true })).toBeVisible();
  await shoot(page, 'roster-version-applied');

  await page.getByRole('link', { name: 'Back to the roster' }).click();
  await expect(page.getByRole('region', { name: 'Versions of the roster' })).toContainText('1 added, 1 removed, 1 changed');
  await expect(page.getByText('People', { exact: true }).locator('..')).toContainText('3');
  // The first screening of everyone, then the added and changed people of the new version.
  await expect(page.getByRole('region', { name: 'Screenings' }).getByRole('row')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: 'E-mail me about this roster’s alerts' })).toBeVisible();
  await shoot(page, 'roster-after-version');
  await page.getByRole('link', { name: '← Monitoring' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('3');
  await shoot(page, 'monitoring-rosters');
});
