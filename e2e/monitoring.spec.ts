/**
 * Monitoring (ADR 046): the demo owner's home shows the alert the shipped LEIE supplement
 * brought to the monitored "Acme staff" roster, reviewed in the results' drawer; an analyst
 * makes a roster of a batch just screened with "Monitor these people".
 */
import { expect, test, type Page } from '@playwright/test';
import { BATCH_MESSAGES } from '../src/shared/messages';
import { MONITORING_MESSAGES } from '../src/shared/monitoring';
import { logIn } from './helpers';

/** Monitoring is reached from the home page (the menus are the spec's, ADR 046). */
async function openMonitoring(page: Page) {
  await page.goto('/home');
  await page.getByRole('main').getByRole('link', { name: 'Monitoring', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
}

test('the owner sees the alert of a list update on the home page and reviews it in the drawer', async ({ page }) => {
  await logIn(page, 'owner');
  const attention = page.getByRole('region', { name: 'What needs attention' });
  await expect(attention.getByText('Alerts to review')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monitored rosters' }).getByRole('link', { name: 'Acme staff' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'List freshness' })).toContainText('OIG List of Excluded Individuals/Entities (LEIE)');

  await openMonitoring(page);
  await page.getByRole('link', { name: 'Acme staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme staff' })).toBeVisible();
  const alert = page.getByRole('row').filter({ hasText: 'Theodore Quillfeather' });
  await expect(alert).toContainText('New potential match');
  await alert.getByRole('button', { name: /Theodore Quillfeather/ }).click();

  const drawer = page.getByRole('dialog', { name: 'Record details' });
  await expect(drawer).toContainText('QUILLFEATHER');
  await drawer.getByRole('button', { name: 'Status of this record: Needs Review' }).click();
  await page.getByRole('menuitem', { name: 'Under Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change review status' });
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Asked HR for his date of birth');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(drawer.getByRole('region', { name: 'Change history' })).toContainText('Asked HR for his date of birth');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toContainText('Under Review');
});

test('an analyst monitors the people of a batch just screened', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Batch Name Search' }).click();
  const fileName = `monitor-me-${Date.now()}.csv`;
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from('Given Name,Surname\r\nZed,Nobody\r\nAda,Quietwater\r\n') });
  await page.getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(fileName);
  const status = page.getByRole('row').filter({ hasText: fileName }).getByRole('link', { name: /^(All Results Reviewed|Results to Review)$/ });
  await expect(status).toBeVisible({ timeout: 45_000 });
  await status.click();

  await page.getByRole('button', { name: 'Monitor these people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monitor these people' });
  await dialog.getByRole('textbox', { name: 'Roster name' }).fill('Front desk');
  await dialog.getByRole('button', { name: 'Start monitoring' }).click();
  await expect(page.getByText(MONITORING_MESSAGES.created)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Front desk' })).toBeVisible();
  await expect(page.getByText('No alert yet')).toBeVisible();

  await openMonitoring(page);
  await expect(page.getByRole('row').filter({ hasText: 'Front desk' })).toContainText('2');
});
