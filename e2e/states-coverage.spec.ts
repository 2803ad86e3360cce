/**
 * "Lists we search" and the Lists page name every state (issue 54): the states whose list is
 * searched, and the seven that publish none, worded as the registry says; the Lists page also
 * says which lists' parsers have not yet seen a real file.
 */
import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

const SEVEN = ['New Mexico', 'Oklahoma', 'Rhode Island', 'South Dakota', 'Utah', 'Virginia', 'Wisconsin'];

test('Lists we search names the states searched and the seven without a list', async ({ page }) => {
  await page.goto('/lists');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Every state' }) });
  await expect(section).toBeVisible();
  const coverage = section.getByTestId('state-coverage');
  for (const [code, name] of [['NY', 'New York'], ['MO', 'Missouri'], ['NV', 'Nevada'], ['DC', 'District of Columbia']]) await expect(coverage.locator(`[data-state="${code}"]`)).toContainText(name);
  // Missouri's parser has seen no real file yet: marked, and the mark explained; New York's has.
  await expect(coverage.locator('[data-state="MO"]').getByTestId('documented-mark')).toBeVisible();
  await expect(coverage.locator('[data-state="NY"]').getByTestId('documented-mark')).toHaveCount(0);
  await expect(section.getByText(/^\* Read by the layout the research documents/)).toBeVisible();
  for (const state of SEVEN) await expect(section.getByText(`${state} publishes no list; OIG's LEIE covers it.`)).toBeVisible();
  await expect(section.getByText(/^Florida publishes a list/)).toBeVisible();
});

test('the Lists page names every state and says which parsers have not yet seen a real file', async ({ page }) => {
  await logIn(page, 'sysadmin');
  await page.goto('/admin/lists');
  await expect(page.locator('tr[data-source="state-mo"]').getByTestId('layout-note')).toHaveText('Read by the layout the research documents: its parser has not yet seen a real file from the publisher.');
  await expect(page.locator('tr[data-source="state-ny"]').getByTestId('layout-note')).toHaveCount(0);
  await expect(page.getByText("Virginia publishes no list; OIG's LEIE covers it.")).toBeVisible();
});
