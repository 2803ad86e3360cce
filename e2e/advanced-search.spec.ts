/**
 * Advance Search journeys (ADR 036): the demo owner searches one person with every detail on
 * the lists chosen, reads the result grouped by list, prints the proof and reopens it from
 * Search History; a user without the role, and a system admin on a client owner's page, land
 * on /login told why, with the way home.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { logIn } from './helpers';

const SHOTS = '/work/notes/shots/advsearch';
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('the owner searches a person with every detail on chosen lists, prints the proof, and reopens it from Search History', async ({ page }) => {
  await logIn(page, 'owner');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Advance Search' }).click();
  await expect(page).toHaveURL(/\/advancedSearch\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Advance Search' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Advance Search' });
  await form.getByRole('textbox', { name: /^First name/ }).fill('Carol');
  await form.getByRole('textbox', { name: /^Last name/ }).fill('Moore');
  await form.getByRole('textbox', { name: /^Date of birth/ }).fill('1965-05-26');
  await form.getByRole('textbox', { name: /^Address/ }).fill('8653 Main St');
  // Every list the account allows is ticked; leave out the sanctions lists.
  await expect(form.getByRole('checkbox', { name: /Death Master File/ })).toBeChecked();
  for (const ofac of await form.getByRole('group', { name: 'Sanctions' }).getByRole('checkbox').all()) await ofac.uncheck();
  await shot(page, '1-form');
  await form.getByRole('button', { name: 'Run search' }).click();

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('heading', { name: 'Advance Search result' })).toBeVisible();
  await expect(page).toHaveURL(/\?search=\d+$/);
  const leie = result.getByRole('region', { name: /LEIE/ });
  // A monthly LEIE supplement (the demo imports one, ADR 046) is dated by its month.
  // The demo's LEIE is its shipped sample and supplement: said so beside the date (ADR 114).
  await expect(leie.getByText(/version \d+, (as of|downloaded) \d{4}-\d{2}(-\d{2})?, synthetic sample · \d+ potential match/)).toBeVisible();
  await expect(leie.getByText(/^Score 0\.\d\d$/).first()).toBeVisible();
  await expect(leie.getByText('Street address: same')).toBeVisible();
  await expect(leie.getByText(/Why it matched: .*Date of birth: same/)).toBeVisible();
  await expect(result.getByRole('region', { name: /OFAC/ })).toHaveCount(0);
  const reference = (await result.getByText(/^CL-/).first().textContent())!;
  await shot(page, '2-result');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Save as PDF' })).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/searchhistory/main');
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row.getByRole('cell', { name: 'Advance', exact: true })).toBeVisible();
  await shot(page, '3-history');
  await row.getByRole('link', { name: /Open result/ }).click();
  await expect(page.getByRole('heading', { name: 'Advance Search result' })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
});

test('a user without the role is sent to /login, told why, and goes back home', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.goto('/advancedSearch/search');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await expect(page.getByText('Advance Search (/advancedSearch/search) needs a role your account does not hold.', { exact: false })).toBeVisible();
  await shot(page, '4-no-access');
  await page.getByRole('link', { name: 'Back to your home page' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await page.request.post('/services/advancedsearch', { data: { subject: 'person', person: { firstName: 'Carol', lastName: 'Moore' } } })).status()).toBe(403);
});

test('a system admin sees the items of the roles it holds, and not Account Details', async ({ page }) => {
  await logIn(page, 'sysadmin');
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Client Admin' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Account Details' })).toHaveCount(0);
  await shot(page, '5-sysadmin-menu');
  await page.keyboard.press('Escape');
  await page.goto('/account-details');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
});
