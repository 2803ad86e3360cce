/** Sign-up journeys: a free trial that runs a batch search; a paid plan with the offline provider's approved and declined test cards. */
import { expect, test, type Page } from '@playwright/test';
import { REGISTRATION_MESSAGES } from '../src/shared/registration';
import { logIn } from './helpers';

const PASSWORD = 'Harbor-77x';

/** Fills the account form; company size and industry too. */
async function fillAccount(page: Page, username: string) {
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field('First name').fill('Ada');
  await field('Last name').fill('Reyes');
  await field('E-mail').fill(`${username}@harbor.example`);
  await field('Company').fill(`Harbor ${username}`);
  await page.getByRole('combobox', { name: 'Company size' }).click();
  await page.getByRole('option', { name: '501 - 3,000' }).click();
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Health System' }).click();
  await field('Username').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
}

test('a free trial signs up, logs in, runs a batch search and sees its searches left', async ({ page }) => {
  const username = `trial-${Date.now()}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/registration\/trial$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await fillAccount(page, username);
  // Enter submits.
  await page.getByLabel(/^Confirm password/).press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await page.getByRole('link', { name: 'Start Searching' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, username, PASSWORD);
  await page.goto('/flex-search/file-upload');
  await page.getByRole('radio', { name: /^Exclusion Search by Individual Name/ }).check();
  const csv = Buffer.from('First Name,Last Name\r\nAda,Reyes\r\nJon,Smith\r\n', 'utf8');
  await page.locator('input[type=file]').setInputFiles({ name: `${username}.csv`, mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  for (const column of ['First Name', 'Last Name']) {
    await page.getByRole('combobox', { name: `Search criteria for ${column}` }).click();
    await page.getByRole('option', { name: new RegExp(`^${column}`) }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Search' }).click();
  await expect(page).toHaveURL(/\/flex-search$/);
  const row = page.getByRole('row').filter({ hasText: `${username}.csv` });
  await expect(row.getByText(/^(All Results Reviewed|Results to Review)$/)).toBeVisible({ timeout: 45_000 });

  await page.goto('/account-details');
  await expect(page.getByTestId('trial-searches-left')).toHaveText('8');
});

async function startPaidSignUp(page: Page, username: string, card: RegExp) {
  await page.goto('/registration/company');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.chooseTeam }).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Single Team' }).click();
  await page.getByRole('checkbox', { name: /NPI Search/ }).check();
  await expect(page.getByTestId('monthly-total')).toHaveText('$65.00');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAccount(page, username);
  await page.getByRole('radio', { name: card }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a company signs up with the offline provider’s approved test card and sees its plan', async ({ page }) => {
  const username = `paid-${Date.now()}`;
  await startPaidSignUp(page, username, /^Visa ending 1881/);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('card ending in 1881', { exact: false })).toBeVisible();
  await logIn(page, username, PASSWORD);
  await page.goto('/account-details');
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Single Team');
  await expect(page.getByRole('region', { name: 'Billing and payment' })).toContainText('ending in 1881');
});

test('a declined test card brings the payment message back on the account step and creates nothing', async ({ page }) => {
  const username = `declined-${Date.now()}`;
  await startPaidSignUp(page, username, /processor declined/);
  const alert = page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.paymentRejected });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const status = await page.request.get(`/services/user/status/${username}`);
  expect(await status.json()).toBe('AVAILABLE');
});
