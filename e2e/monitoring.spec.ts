/**
 * Monitoring (ADR 046): the demo owner's home shows the alert the shipped LEIE supplement
 * brought to the monitored "Acme staff" roster, reviewed in the results' drawer; an analyst
 * makes a roster of a batch just screened with "Monitor these people"; the owner chooses the
 * analyst's alert e-mails, and reads (then discards) the demo roster's pending new version.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BATCH_MESSAGES } from '../src/shared/messages';
import { MONITORING_MESSAGES } from '../src/shared/monitoring';
import { ROSTER_INTAKE_MESSAGES } from '../src/shared/roster-intake';
import { freePort, root, startServe } from '../test/server-process';
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
  const freshness = page.getByRole('region', { name: 'List freshness' });
  await expect(freshness).toContainText(/\d+ of \d+ lists up to date/);
  await freshness.getByRole('button', { name: /Show the dates of each list/ }).click();
  await expect(freshness.getByRole('table', { name: 'Dates of each list' })).toContainText('OIG List of Excluded Individuals/Entities (LEIE)');

  await openMonitoring(page);
  await page.getByRole('link', { name: 'Acme staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme staff' })).toBeVisible();
  const alert = page.getByRole('row').filter({ hasText: 'Theodore Quillfeather' });
  // He was flagged before (the NPI on his row is someone else's, who is on a state sample), so the supplement's record is a new record for him.
  await expect(alert).toContainText('New record for this person');
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

const SHOTS = process.env.E2E_SHOTS_DIR;
const shoot = (page: Page, name: string) => page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });

test('the owner chooses the analyst’s alert e-mails; the analyst sees the choice as theirs', async ({ browser }) => {
  const owner = await browser.newPage();
  await logIn(owner, 'owner');
  await openMonitoring(owner);
  const table = owner.getByRole('table', { name: 'Alert e-mails of your users' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const choice = table.getByRole('combobox', { name: 'Alert e-mails for Andre Nguyen' });
  await expect(choice).toHaveValue('No e-mail');
  await choice.click();
  const saved = owner.waitForResponse((r) => r.url().includes('/services/monitoring/digest/users/') && r.request().method() === 'PUT');
  await owner.getByRole('option', { name: 'Once a day' }).click();
  expect((await saved).status()).toBe(200);
  await expect(choice).toHaveValue('Once a day');
  await shoot(owner, 'monitoring-digest-users');
  await owner.close();

  const analyst = await browser.newPage();
  await logIn(analyst, 'analyst');
  await openMonitoring(analyst);
  await expect(analyst.getByRole('combobox', { name: 'E-mail me about new alerts' })).toHaveValue('Once a day');
  // A plain user has no table of others.
  await expect(analyst.getByRole('table', { name: 'Alert e-mails of your users' })).toHaveCount(0);
  await analyst.close();
});

test('the demo roster has a pending new version: the owner reads the differences and discards it', async ({ page }) => {
  await logIn(page, 'owner');
  await openMonitoring(page);
  await page.getByRole('link', { name: 'Acme staff' }).click();
  const versions = page.getByRole('region', { name: 'Versions of the roster' });
  await expect(versions).toContainText('3 added, 2 removed, 2 changed');
  await expect(versions).toContainText('Not applied yet');
  await versions.getByRole('link', { name: 'acme-staff-roster-next-month.csv' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New version: acme-staff-roster-next-month.csv' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Added (3)' })).toContainText('Marisol Abernathy');
  await expect(page.getByRole('region', { name: 'Removed (2)' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Changed (2)' })).toContainText('Home care');
  await shoot(page, 'demo-roster-version');
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog', { name: 'Discard this version?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(ROSTER_INTAKE_MESSAGES.discarded)).toBeVisible();
  await expect(page.getByText('Discarded', { exact: true })).toBeVisible();
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

/**
 * The README's journey on a server of its own: the demo is stopped, the shipped supplement
 * 2612EXCL.csv is imported with the CLI, and the demo started again; the start-up sweep screens
 * the roster, the alert arrives, the owner reviews it and downloads the month's certificate.
 */
test('an alert arrives after a list import, is reviewed, and the month’s certificate downloads', async ({ browser }) => {
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-e2e-monitoring-'));
  const port = await freePort();
  const env = { DEMO_QUEUE_PAUSED: 'false', SMTP_URL: '' };
  let server = await startServe(dataDir, port, env, 'demo');
  try {
    await stop(server.proc);
    const imported = spawnSync(process.execPath, ['bin/clearlist.mjs', 'lists', 'import', 'leie', 'data/supplements/leie/2612EXCL.csv'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
    expect(imported.status, imported.stderr).toBe(0);
    server = await startServe(dataDir, port, env, 'demo');

    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const page = await context.newPage();
    await logIn(page, 'owner');
    await page.getByRole('region', { name: 'Monitored rosters' }).getByRole('link', { name: 'Acme staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme staff' })).toBeVisible();
    // The start-up sweep screens the roster against the supplement's records; the page polls.
    const alert = page.getByRole('row').filter({ hasText: 'Priyanka Venkataraman' });
    await expect(alert).toContainText('New record for this person', { timeout: 60_000 });
    await alert.getByRole('button', { name: /Priyanka Venkataraman/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Record details' });
    await expect(drawer).toContainText('VENKATARAMAN');
    await drawer.getByRole('button', { name: 'Status of this record: Needs Review' }).click();
    await page.getByRole('menuitem', { name: 'Reviewed: Match' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change review status' });
    await confirm.getByRole('textbox', { name: /Note/ }).fill('Same DOB and address as the OIG record; removed from the schedule');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(confirm).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toContainText('Reviewed: Match');

    // The month's full re-screen ran when the demo was seeded: its certificate is listed and downloads.
    const certificates = page.getByRole('region', { name: 'Monitoring certificates' });
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(certificates.getByRole('row').filter({ hasText: month })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), certificates.getByRole('link', { name: `Download PDF of the certificate of ${month}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^monitoring-certificate-Acme-staff-\d{4}-\d{2}\.pdf$/);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // The client chooses another day of the month for the full re-screen (the demo's roster has
    // the day it was seeded: on the 28th, 28 is already the day and there is nothing to save).
    const schedule = page.getByRole('region', { name: 'Monthly full re-screen' });
    const dayField = schedule.getByRole('combobox', { name: 'Day of the month' });
    const day = (await dayField.inputValue()) === '28' ? '27' : '28';
    await dayField.click();
    await page.getByRole('option', { name: day, exact: true }).click();
    await schedule.getByRole('button', { name: 'Save day' }).click();
    await expect(page.getByText(MONITORING_MESSAGES.scheduleSaved)).toBeVisible();
    await expect(schedule).toContainText(`-${day} 08:00 UTC`);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, 'roster-page.png'), fullPage: true });
    await context.close();
  } finally {
    await stop(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}
