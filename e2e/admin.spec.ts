/** Settings pages: the owner changes a user's roles and sees it in the history; the system admin opens Client Admin. */
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

async function openSettingsItem(page: Page, label: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** Opens the user's Actions menu on its row and chooses an item. */
async function chooseAction(page: Page, username: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: action }).click();
}

async function setApiUser(page: Page, checked: boolean) {
  await chooseAction(page, 'analyst', 'Roles');
  const dialog = page.getByRole('dialog', { name: 'Roles of analyst' });
  const box = dialog.getByRole('checkbox', { name: 'API user' });
  await box.setChecked(checked);
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  // The first save's toast may still be up when the second one shows.
  await expect(page.getByText('Roles of analyst updated.').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('the owner gives analyst the API role, sees it in the history, and takes it back', async ({ page }) => {
  await logIn(page, 'owner');
  await openSettingsItem(page, 'Users');
  await expect(page).toHaveURL(/\/admin\/userManagement$/);
  const row = page.getByRole('row').filter({ hasText: 'analyst@acme-health.example' });
  await expect(row).toBeVisible();

  await setApiUser(page, true);
  // Four roles: two chips on the line, the other two counted.
  await expect(row.getByRole('button', { name: '+2 more roles of analyst' })).toBeVisible();

  await chooseAction(page, 'analyst', 'History');
  const history = page.getByRole('dialog', { name: 'History of analyst' });
  const entry = history.getByRole('row').filter({ hasText: 'Roles changed' }).first();
  await expect(entry).toContainText('owner');
  await expect(entry).toContainText('API user');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  await setApiUser(page, false);
  await expect(row.getByText('Paying user (search history)')).toBeVisible();
  await expect(row.getByText(/API user|more/)).toHaveCount(0);
});

test('the system admin opens Client Admin and sees Acme Health', async ({ page }) => {
  await logIn(page, 'sysadmin');
  await openSettingsItem(page, 'Client Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Admin' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'acme-health' });
  await expect(row).toContainText('Acme Health');
  await expect(row).toContainText('Unlimited');
  await row.getByRole('button', { name: 'Open Acme Health' }).click();
  await expect(page.getByRole('dialog', { name: 'Acme Health' }).getByLabel('IP allowlist')).toBeVisible();
});

test('the owner raising the review threshold is warned of the findings often the same person it would drop, and saves only once confirmed', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/admin/domainHierarchy');
  const card = page.getByRole('region', { name: 'Screening sensitivity' });
  await card.getByRole('textbox', { name: 'Review threshold' }).fill('0.88');
  // The demo's last batch was screened for real: its dropped findings' explanations show nicknames and sound-alikes.
  const warning = card.getByRole('alert');
  await expect(warning).toContainText('Findings of kinds often the same person would be dropped');
  await expect(warning).toContainText(/Raising the threshold to 0\.88 would drop \d+ findings? of the last batch that the engine knows (is|are) often the same person: /);
  await expect(warning.getByRole('listitem').first()).toContainText(' → ');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await card.getByRole('checkbox', { name: 'Save anyway: I know these findings would no longer be shown to reviewers' }).check();
  await save.click();
  await expect(page.getByText('Review threshold set to 0.88. New batches run with it.')).toBeVisible();
  // Back to the default for the other journeys.
  await card.getByRole('button', { name: 'Use the default' }).click();
  await expect(page.getByText('Review threshold set to 0.80. New batches run with it.')).toBeVisible();
});
