/** Refused logins: declining the intent of use, wrong password, expired trial, disabled account, IP allow list. */
import { expect, test } from '@playwright/test';
import { INTENT_DECLINED, LOGIN_MESSAGES } from '../src/shared/messages';
import { DEMO_PASSWORD, submitLogin } from './helpers';

test('declining the intent of use shows the toast and logs nobody in', async ({ page }) => {
  await submitLogin(page, 'analyst', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'I Decline' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const toast = page.getByText(INTENT_DECLINED);
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/services/user/info')).status()).toBe(401);
});

const refusals = [
  { case: 'a wrong password', username: 'analyst', password: 'Not-the-password-1', message: LOGIN_MESSAGES.INVALID_CREDENTIALS },
  { case: 'an expired trial', username: 'expired', password: DEMO_PASSWORD, message: LOGIN_MESSAGES.TRIAL_EXPIRED },
  { case: 'a disabled account', username: 'disabled', password: DEMO_PASSWORD, message: LOGIN_MESSAGES.ACCOUNT_DISABLED },
  { case: 'an address outside the allow list', username: 'fenced', password: DEMO_PASSWORD, message: LOGIN_MESSAGES.WHITELIST_FAILURE },
];

for (const refusal of refusals) {
  test(`${refusal.case} shows its message`, async ({ page }) => {
    await submitLogin(page, refusal.username, refusal.password);
    await page.getByRole('button', { name: 'I Acknowledge' }).click();
    await expect(page.getByRole('alert')).toContainText(refusal.message);
    await expect(page).toHaveURL(/\/login$/);
  });
}
