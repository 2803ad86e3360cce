/**
 * Interactive search journeys: from the landing page, a name on the sample LEIE (intent of
 * use, the hit with its source link, the page printed to PDF), an NPI NPPES does not have (alone,
 * and on an exclusion list), the NPI rule on blur; a signed-in search kept in Search History and reopened.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { INTERACTIVE_ERROR_TEXTS, NPI_CHECK_DIGIT_HINT } from '../src/shared/interactive-search';
import { INTENT_DECLINED } from '../src/shared/messages';
import { logIn } from './helpers';

// axe is injected as a test tool: the Content-Security-Policy would refuse it.
test.use({ bypassCSP: true });

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.join(process.cwd(), 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const searchCard = (page: Page) => page.getByRole('region', { name: 'Check a name or NPI now' });

async function chooseNpi(page: Page) {
  await searchCard(page).locator('label', { hasText: /^NPI$/ }).click();
}

test('a name on the sample LEIE: intent of use, the hit with its source link, a dated proof printed to PDF', async ({ page }) => {
  await page.goto('/');
  const card = searchCard(page);
  const search = card.getByRole('button', { name: 'Search', exact: true });
  await expect(search).toBeDisabled();
  await card.getByRole('textbox', { name: /^First Name/ }).fill('  Donald ');
  await card.getByRole('textbox', { name: /^Last Name/ }).fill('Bailey');
  await expect(search).toBeEnabled();
  await search.click();

  const dialog = page.getByRole('dialog', { name: 'Intent of Use' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I Acknowledge' }).click();

  await expect(page).toHaveURL(/\/interactive\/results\?search=\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Name search results' })).toBeVisible();
  await expect(page.getByText(/potential match(es)? for “Donald Bailey”/)).toBeVisible();
  const hit = page.getByRole('article').filter({ hasText: 'OIG List of Excluded Individuals/Entities (LEIE)' }).first();
  await expect(hit.getByRole('heading', { name: /DONALD .*BAILEY/ })).toBeVisible();
  await expect(hit.getByText('Exclusion Found')).toBeVisible();
  const source = hit.getByRole('link', { name: /OIG List of Excluded Individuals\/Entities \(LEIE\)/ });
  await expect(source).toHaveAttribute('href', /^https:\/\/oig\.hhs\.gov\//);
  await expect(page.getByText(/^CL-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{2}$/)).toBeVisible();
  await expect(page.getByRole('table').getByRole('link', { name: 'SAM.gov Exclusions' })).toBeVisible();
  // The demo searches its shipped samples, and the proof says so beside each list's date (ADR 114); every list was loaded.
  await expect(page.getByRole('table').getByText('synthetic sample').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not searched' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Printed: buttons and the top bar hidden, a real PDF out.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Save as PDF' })).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
});

test('an NPI that is not in NPPES shows NPINotFound; the NPI rule is checked on blur', async ({ page }) => {
  await page.goto('/');
  await chooseNpi(page);
  const card = searchCard(page);
  const npi = card.getByRole('textbox', { name: /^NPI/ });
  await npi.fill('12345678');
  await npi.blur();
  await expect(card.getByText('NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  // Ten digits failing the check digit are searched as entered (issue 50): the hint says so.
  await npi.fill('1234567890');
  await expect(card.getByText(NPI_CHECK_DIGIT_HINT)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
  await npi.fill('1234567893');
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Intent of Use' }).getByRole('button', { name: 'I Acknowledge' }).click();
  await expect(card.getByRole('alert')).toHaveText(INTERACTIVE_ERROR_TEXTS.NPINotFound, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/);
});

test('an NPI on an exclusion list but not in NPPES: NPINotFound and the exclusion record, on the printed proof too', async ({ page }) => {
  // The sample Louisiana list carries NPI 1578634648, which the sample NPPES does not have.
  await page.goto('/');
  await chooseNpi(page);
  const card = searchCard(page);
  await card.getByRole('textbox', { name: /^NPI/ }).fill('1578634648');
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Intent of Use' }).getByRole('button', { name: 'I Acknowledge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NPI search results' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${INTERACTIVE_ERROR_TEXTS.NPINotFound} NPI 1578634648: an exclusion record carries this NPI. Review before any decision.`)).toBeVisible();
  const exclusions = page.getByRole('region', { name: 'Exclusion records with this NPI' });
  await expect(exclusions.getByRole('heading', { name: /SUSAN KENNETH SMITH/ })).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Invalid')).toBeVisible();
  await expect(status.getByText('Exclusion Found')).toBeVisible();
  // Printed, the proof keeps the outcome and the record.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(INTERACTIVE_ERROR_TEXTS.NPINotFound, { exact: false })).toBeVisible();
  await expect(exclusions.getByRole('heading', { name: /SUSAN KENNETH SMITH/ })).toBeVisible();
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('declining the intent of use searches nothing', async ({ page }) => {
  await page.goto('/');
  await chooseNpi(page);
  const card = searchCard(page);
  await card.getByRole('textbox', { name: /^NPI/ }).fill('1000994545');
  await card.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('dialog', { name: 'Intent of Use' }).getByRole('button', { name: 'I Decline' }).click();
  await expect(card.getByRole('alert')).toHaveText(INTENT_DECLINED);
});

test('a signed-in search by NPI is kept in Search History and reopens', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Interactive Search' }).click();
  await expect(page).toHaveURL(/\/interactive\/search$/);
  const form = page.getByRole('form', { name: 'Interactive search' });
  await expect(form.getByRole('textbox', { name: /^First Name/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator('label', { hasText: /^NPI$/ }).click();
  await form.getByRole('textbox', { name: /^NPI/ }).fill('1000994545');
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/npi\/results\?search=\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'NPPES record' })).toBeVisible();
  await expect(page.getByText('Found on Opt Out List')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const reference = (await page.getByText(/^CL-[A-Z0-9]{4}-/).textContent())!.trim();

  await page.goto('/searchhistory/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Search History' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('NPI 1000994545');
  expect(await seriousViolations(page)).toEqual([]);
  // Filters: the search is found by its reference among NPI searches, and not among name searches.
  const filters = page.getByRole('search', { name: 'Filter the search history' });
  await filters.getByRole('textbox', { name: 'Criteria or reference' }).fill(reference.toLowerCase());
  await filters.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Name', exact: true }).click();
  await expect(page.getByText('No searches match these filters.')).toBeVisible();
  await filters.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'NPI', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and this search
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link', { name: /Open result/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NPI search results' })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
});
