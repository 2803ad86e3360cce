/**
 * A business searched with its owners (issue 52, ADR 119): a signed-in user lists each owner's
 * whole name in one field, is told what the search counts as, and gets the business's findings
 * and each owner's, on the page, the printed proof and in Search History.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OWNER_TEXTS } from '../src/shared/business-owners';
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

const OWNERS = ['MORALES, George John', 'Maria Elena Garcia Lopez', 'Dr. Zebulon A. Quillfeather Jr.'];

test('a business with three owners: each owner screened as a person, findings per owner, kept in Search History', async ({ page }) => {
  await logIn(page, 'analyst');
  await page.goto('/interactive/search');
  const form = page.getByRole('form', { name: 'Interactive search' });
  await form.locator('label', { hasText: /^Business$/ }).click();
  await form.getByRole('textbox', { name: /^Business Name/ }).fill('United Ambulance Service LLC');
  await expect(form.getByText(OWNER_TEXTS.billing(0))).toBeVisible();
  for (const [i, owner] of OWNERS.entries()) {
    await form.getByRole('button', { name: 'Add owner' }).click();
    await form.getByRole('textbox', { name: `Owner ${i + 1}` }).fill(owner);
  }
  // The bill is said before searching: the business and one name search per owner.
  await expect(form.getByText(OWNER_TEXTS.billing(3))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/\/interactive\/results\?search=\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Name search results' })).toBeVisible();
  await expect(page.getByText(/potential match(es)? for “United Ambulance Service LLC”.*1 of 3 owners has potential matches: “MORALES, George John”\./)).toBeVisible();
  await expect(page.getByText('United Ambulance Service LLC · Exact · owners: MORALES, George John; Maria Elena Garcia Lopez; Dr. Zebulon A. Quillfeather Jr.')).toBeVisible();
  const morales = page.getByRole('region', { name: 'Owner 1: MORALES, George John' });
  await expect(morales.getByText('Searched as a person: first name George John, last name MORALES · Exact')).toBeVisible();
  await expect(morales.getByRole('article').first().getByRole('heading', { name: /GEORGE .*MORALES/ })).toBeVisible();
  const garcia = page.getByRole('region', { name: 'Owner 2: Maria Elena Garcia Lopez' });
  await expect(garcia.getByText('Searched as a person: first name Maria Elena, last name Garcia Lopez · Exact')).toBeVisible();
  await expect(garcia.getByText('No match: “Maria Elena Garcia Lopez” was not found on any list searched.')).toBeVisible();
  // The title is left out and the suffix kept, as the public API reads a whole name.
  await expect(page.getByRole('region', { name: 'Owner 3: Dr. Zebulon A. Quillfeather Jr.' }).getByText(/first name Zebulon A\., last name Quillfeather Jr\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Kept with the run's results, to look at the page as a user sees it.
  await page.screenshot({ path: test.info().outputPath('owners-result.png'), fullPage: true });
  const reference = (await page.getByText(/^CL-[A-Z0-9]{4}-/).textContent())!.trim();

  // Printed, the proof keeps every owner's findings.
  await page.emulateMedia({ media: 'print' });
  await expect(morales.getByRole('article').first()).toBeVisible();
  await expect(garcia.getByText(/^No match/)).toBeVisible();
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/searchhistory/main');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('owners: MORALES, George John; Maria Elena Garcia Lopez; Dr. Zebulon A. Quillfeather Jr.');
  await expect(row).toContainText(/owners: \d+ potential match(es)? \(MORALES, George John\)/);
  await row.getByRole('link', { name: /Open result/ }).click();
  await expect(page.getByRole('region', { name: 'Owner 2: Maria Elena Garcia Lopez' })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
});
