/**
 * Issue 52 (ADR 120, 121): a signed-in user adds a licence number, the state that issued it and a
 * provider type to a name search; the state-list hit says the licence is the same and the provider
 * type is the same kind, and the criteria line keeps them.
 */
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('a name search with a licence number, its state and a provider type', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.goto('/interactive/search');
  const form = page.getByRole('form', { name: 'Interactive search' });
  await form.getByRole('textbox', { name: /^First Name/ }).fill('Mary');
  await form.getByRole('textbox', { name: /^Last Name/ }).fill('White');
  const licenceState = form.getByRole('combobox', { name: /^Licence state/ });
  await expect(licenceState).toBeDisabled();
  await form.getByRole('textbox', { name: /^Licence number/ }).fill('RN 093496');
  await expect(licenceState).toBeEnabled();
  await licenceState.click();
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await form.getByRole('textbox', { name: /^Provider type/ }).fill('RN');
  await page.screenshot({ path: test.info().outputPath('licence-form-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath('licence-form-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/\/interactive\/results\?search=\d+$/, { timeout: 15_000 });
  await expect(page.getByText('Mary White, license RN 093496 (CA), provider type RN · Exact')).toBeVisible();
  const california = page.getByRole('article').filter({ hasText: 'License number: same' }).first();
  await expect(california).toContainText('License number: same');
  await expect(california).toContainText('Provider type: the same kind of provider (RN vs Registered Nurse)');
  await page.screenshot({ path: test.info().outputPath('licence-result.png'), fullPage: true });
});
