/** Forgot password end to end: request for analyst, follow the e-mailed link, set a password, log in with it. */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { DEMO_PASSWORD, fetchSessionUser, logIn } from './helpers';
import { findResetPath } from './outbox';

/**
 * Resets through the mailed link; answers the link's path. `usedBefore`: a link of an earlier
 * reset, never taken for this one (the outbox is read with a second of slack for file times, and
 * with jobs run as soon as they are sent the earlier mail can fall inside it, ADR 088).
 */
async function resetPasswordByMail(page: Page, username: string, email: string, newPassword: string, usedBefore: string | null = null): Promise<string> {
  const since = Date.now();
  await page.goto('/reset-password');
  await page.getByRole('textbox', { name: 'Username or e-mail', exact: true }).fill(username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MESSAGES.resetRequested)).toBeVisible();

  let resetPath: string | null = null;
  await expect
    .poll(async () => {
      const found = await findResetPath(since, email);
      return (resetPath = found === usedBefore ? null : found);
    }, { timeout: 15_000 })
    .not.toBeNull();

  await page.goto(resetPath!);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  return resetPath!;
}

test('a forgotten password is reset through the e-mailed link', async ({ page, context }) => {
  // The analyst's e-mail address, to pick the right mail from the outbox.
  await logIn(page, 'analyst');
  const { email } = (await fetchSessionUser(page)) as unknown as { email: string };
  await context.clearCookies();

  const newPassword = 'Harbor-reset-2026';
  const usedPath = await resetPasswordByMail(page, 'analyst', email, newPassword);
  // The used link is refused as soon as it is opened, before any password is typed.
  await page.goto(usedPath);
  await expect(page.getByRole('alert')).toContainText(MESSAGES.resetLinkInvalid);
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request a new link' }).or(page.getByRole('link', { name: 'Request a new link' }))).toBeVisible();
  await logIn(page, 'analyst', newPassword);
  await context.clearCookies();

  // Put the demo password back, so every journey can run in any order.
  await resetPasswordByMail(page, 'analyst', email, DEMO_PASSWORD, usedPath);
  await logIn(page, 'analyst', DEMO_PASSWORD);
});
