/**
 * A name typed in katakana (ADR 043): a signed-in Fuzzy search finds the LEIE person whose Latin name it renders
 * and says why in words (the katakana reading, transliterated from Japanese).
 */
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('a name in katakana finds the list name it renders, and the result says why', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.goto('/interactive/search');
  const form = page.getByRole('form', { name: 'Interactive search' });
  await form.getByRole('textbox', { name: /^First Name/ }).fill('ドナルド');
  await form.getByRole('textbox', { name: /^Last Name/ }).fill('ベイリー');
  await form.getByRole('combobox', { name: 'Matching' }).click();
  await page.getByRole('option', { name: /Fuzzy/ }).click();
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/interactive\/results\?search=\d+$/, { timeout: 30_000 });
  const hit = page.getByRole('article').filter({ hasText: 'OIG List of Excluded Individuals/Entities (LEIE)' }).first();
  await expect(hit.getByRole('heading', { name: /DONALD .*BAILEY/ })).toBeVisible();
  await expect(hit.getByText(/the katakana reading of the same name \(Donarudo vs Donald/)).toBeVisible();
  await expect(hit.getByText(/Query name transliterated from Japanese/)).toBeVisible();
});
