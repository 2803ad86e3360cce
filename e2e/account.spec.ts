/** Account Overview journeys: upgrade a trial; add a search type; cancel and reactivate. Each on a fresh account. */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, cancelNotice } from '../src/shared/account';
import type { CreateAccountInput } from '../src/shared/registration';
import { logIn } from './helpers';

const PASSWORD = 'Harbor-77x';

/** Creates an account through POST /services/account (the registration page's call) and logs its owner in. */
async function signUpAndLogIn(page: Page, prefix: string, plan: CreateAccountInput['plan'], nonce?: string): Promise<string> {
  const username = `${prefix}-${Date.now()}`;
  await page.request.get('/services/health');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const input: CreateAccountInput = {
    userInfo: {
      firstName: 'Ada',
      lastName: 'Reyes',
      email: `${username}@harbor.example`,
      companyName: `Harbor ${username}`,
      companySize: '0 - 500',
      industry: 'Health Plan',
      username,
      password: PASSWORD,
      verifyPassword: PASSWORD,
      ...(nonce ? { nonce } : {}),
    },
    plan,
  };
  const created = await page.request.post('/services/account', { data: input, headers: { 'X-CSRF-Token': csrf } });
  expect(created.status(), await created.text()).toBe(201);
  await logIn(page, username, PASSWORD);
  return username;
}

async function openAccountDetails(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Account Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Overview' })).toBeVisible();
}

test('a trial owner upgrades to a company account in four steps', async ({ page }) => {
  await signUpAndLogIn(page, 'upgrade', { planType: 'FREE' });
  await openAccountDetails(page);
  await expect(page.getByTestId('trial-searches-left')).toHaveText('10');
  await page.getByRole('button', { name: 'Upgrade to a company account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to a company account' });
  await dialog.getByRole('radio', { name: 'Unlimited Teams' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Name Search/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /OFAC/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: /^Mastercard ending 4444/ }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Card ending in 4444');
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.upgradeThanks)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Unlimited Teams');
  await expect(page.getByRole('region', { name: 'Billing and payment' })).toContainText('ending in 4444');
});

test('a paid owner adds a search type; the ones it has stay checked and disabled', async ({ page }) => {
  await signUpAndLogIn(page, 'types', { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME'] }, 'fake-valid-nonce');
  await openAccountDetails(page);
  const types = page.getByRole('region', { name: 'Search types' });
  await expect(types.getByRole('checkbox', { name: /Name Search/ })).toBeDisabled();
  await types.getByRole('checkbox', { name: /SSN Death Master File/ }).check();
  await types.getByRole('button', { name: 'Add search types' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.searchTypesUpdated)).toBeVisible();
  await expect(types.getByRole('checkbox', { name: /SSN Death Master File/ })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Search types' }).getByRole('checkbox', { name: /SSN Death Master File/ })).toBeChecked();
});

test('a paid owner cancels, sees the date access ends, and reactivates', async ({ page }) => {
  await signUpAndLogIn(page, 'cancel', { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'] }, 'fake-valid-nonce');
  await openAccountDetails(page);
  const account = await (await page.request.get('/services/account')).json();
  await page.getByRole('region', { name: 'Your plan' }).getByRole('button', { name: 'Cancel account' }).click();
  await page.getByRole('dialog', { name: 'Cancel your account?' }).getByRole('button', { name: 'Cancel account' }).click();
  const notice = cancelNotice(account.nextBillingDate);
  await expect(page.getByRole('status').filter({ hasText: notice }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your plan' }).getByRole('button', { name: 'Cancel account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Active');
});
