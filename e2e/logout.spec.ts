/** Logout ends the session: back on /login, and protected pages send you there again. */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { logIn } from './helpers';

test('logging out returns to the login page and ends the session', async ({ page }) => {
  await logIn(page, 'owner');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/services/user/info')).status()).toBe(401);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
