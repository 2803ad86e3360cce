/** Account Overview journeys: upgrade a trial; add a search type; cancel and reactivate. Each on a fresh account. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, cancelNotice } from '../src/shared/account';
import { LOGIN_MESSAGES } from '../src/shared/messages';
import { TRIAL_UPGRADE_MESSAGES } from '../src/shared/trial-upgrade';
import type { CreateAccountInput } from '../src/shared/registration';
import { DEMO_PASSWORD, logIn, submitLogin } from './helpers';

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

test("the demo trial's account page shows the day its trial ends", async ({ page }) => {
  await logIn(page, 'trialuser');
  await openAccountDetails(page);
  await expect(page.getByTestId('trial-ends-on')).toHaveText(/^Your trial ends on [A-Z][a-z]+ \d{1,2}, \d{4}\. Upgrade before then/);
});

/** Whether the boxes of two locators overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return true;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

test("an expired trial's co-worker is told at login to ask the account owner, named", async ({ page }) => {
  await submitLogin(page, 'lapsedstaff', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'I Acknowledge' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: LOGIN_MESSAGES.TRIAL_EXPIRED });
  await expect(refusal.getByText(TRIAL_UPGRADE_MESSAGES.ownersOnly(['Lena Park']))).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'Upgrade to a paid plan' })).toHaveCount(0);
});

test('an expired trial is upgraded from the login page with a card and the owner is signed in at once', async ({ page }) => {
  await submitLogin(page, 'lapsed', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'I Acknowledge' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: LOGIN_MESSAGES.TRIAL_EXPIRED });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('link', { name: 'Upgrade to a paid plan' }).click();
  await expect(page.getByText(/Lena Park, the free trial of Lapsed Pharmacy ended on/)).toBeVisible();
  await page.getByRole('button', { name: 'Choose a plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to a company account' });
  await dialog.getByRole('radio', { name: 'Single Team' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // A declined card first: the reason in plain words, in a toast clear of the steps and the buttons.
  await dialog.getByRole('radio', { name: /processor declined/ }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Your bank declined the card without giving a reason.' });
  await expect(toast).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^Visa ending 1881/ })).toBeVisible();
  // The toast's place follows the dialog's new step (on the next frame).
  for (const kept of [dialog.getByRole('button', { name: 'Back' }), dialog.getByRole('button', { name: 'Continue' }), dialog.getByLabel('Upgrade steps')]) {
    await expect.poll(() => overlap(toast, kept)).toBe(false);
  }
  // A card that works: access is back at once, and the earlier failure's toast has gone.
  await dialog.getByRole('radio', { name: /^Visa ending 1881/ }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(TRIAL_UPGRADE_MESSAGES.upgraded)).toBeVisible();
  await expect(toast).toHaveCount(0);
  const account = await (await page.request.get('/services/account')).json();
  expect(account).toMatchObject({ state: 'paid', trial: false, cardLastFour: '1881' });
});

