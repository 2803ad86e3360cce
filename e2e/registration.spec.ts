/** Sign-up journeys: a free trial that runs a batch and an interactive search; a paid plan with the offline provider's approved and declined test cards. */
import { expect, test, type Page } from '@playwright/test';
import { INVITATION_MESSAGES } from '../src/shared/invitations';
import { REGISTRATION_MESSAGES } from '../src/shared/registration';
import { logIn } from './helpers';
import { mailsSince } from './outbox';

const PASSWORD = 'Harbor-77x';

/** Fills the account form; company size and industry too. */
async function fillAccount(page: Page, username: string) {
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field('First name').fill('Ada');
  await field('Last name').fill('Reyes');
  await field('E-mail').fill(`${username}@harbor.example`);
  await field('Company').fill(`Harbor ${username}`);
  await page.getByRole('combobox', { name: 'Company size' }).click();
  await page.getByRole('option', { name: '501 - 3,000' }).click();
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Health System' }).click();
  await field('Username').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
}

test('a free trial signs up, logs in, runs a batch and an interactive search and sees its searches left', async ({ page }) => {
  const username = `trial-${Date.now()}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/registration\/trial$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await fillAccount(page, username);
  // Enter submits.
  await page.getByLabel(/^Confirm password/).press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  // Start Searching signs the new user in, after the Intent of Use, and opens the home page.
  await page.getByRole('link', { name: 'Start Searching' }).click();
  await page.getByRole('button', { name: 'I Acknowledge' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/flex-search/file-upload');
  await page.getByRole('radio', { name: /^Exclusion Search by Individual Name/ }).check();
  const csv = Buffer.from('First Name,Last Name\r\nAda,Reyes\r\nJon,Smith\r\n', 'utf8');
  await page.locator('input[type=file]').setInputFiles({ name: `${username}.csv`, mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  // The mapping step starts pre-filled from the headers (ADR 037).
  for (const column of ['First Name', 'Last Name']) {
    await expect(page.getByRole('combobox', { name: `Search criteria for ${column}` })).toHaveValue(new RegExp(`^${column}`));
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Search' }).click();
  await expect(page).toHaveURL(/\/flex-search$/);
  const row = page.getByRole('row').filter({ hasText: `${username}.csv` });
  await expect(row.getByText(/^(All Results Reviewed|Results to Review)$/)).toBeVisible({ timeout: 45_000 });

  await page.goto('/account-details');
  await expect(page.getByTestId('trial-searches-left')).toHaveText('8');

  // An interactive search counts against the same monthly allowance.
  await page.goto('/interactive/search');
  const form = page.getByRole('form', { name: 'Interactive search' });
  await form.getByRole('textbox', { name: /^First Name/ }).fill('Donald');
  await form.getByRole('textbox', { name: /^Last Name/ }).fill('Bailey');
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Name search results' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/account-details');
  await expect(page.getByTestId('trial-searches-left')).toHaveText('7');
});

async function startPaidSignUp(page: Page, username: string, card: RegExp) {
  await page.goto('/registration/company');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.chooseTeam }).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Single Team' }).click();
  await page.getByRole('checkbox', { name: /NPI Search/ }).check();
  await expect(page.getByTestId('monthly-total')).toHaveText('$65.00');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAccount(page, username);
  await page.getByRole('radio', { name: card }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a company signs up with the offline provider’s approved test card and sees its plan', async ({ page }) => {
  const username = `paid-${Date.now()}`;
  await startPaidSignUp(page, username, /^Visa ending 1881/);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('card ending in 1881', { exact: false })).toBeVisible();
  await logIn(page, username, PASSWORD);
  await page.goto('/account-details');
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Single Team');
  await expect(page.getByRole('region', { name: 'Billing and payment' })).toContainText('ending in 1881');
});

test('a declined test card brings the payment message back on the account step and creates nothing', async ({ page }) => {
  const username = `declined-${Date.now()}`;
  await startPaidSignUp(page, username, /processor declined/);
  const alert = page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.paymentRejected });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const status = await page.request.get(`/services/user/status/${username}`);
  expect(await status.json()).toBe('AVAILABLE');
});

test('an owner invites a co-worker, who signs up from the mailed link into the owner’s company and team', async ({ page, browser }) => {
  const since = Date.now();
  const username = `invitee-${since}`;
  const email = `${username}@acme.example`;
  await logIn(page, 'owner');
  await page.goto('/admin/userManagement');
  await page.getByRole('button', { name: 'Invite co-worker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite co-worker' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await dialog.getByRole('option', { name: 'Credentialing' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toHaveCount(0);
  // The Users page lists it as pending, sent by the owner's full name.
  const pending = page.getByRole('table', { name: 'Pending invitations' }).locator(`tr[data-invitee="${email}"]`);
  await expect(pending).toContainText('Credentialing');
  await expect(pending).toContainText('Olivia Owens');

  let link: string | null = null;
  await expect(async () => {
    const mail = (await mailsSince(since)).reverse().find((m) => m.toLowerCase().includes(email));
    link = mail?.match(/https?:\/\/[^\s"'<>]+\/registration\/invitation\/[A-Za-z0-9._~%-]+/)?.[0] ?? null;
    expect(link).not.toBeNull();
  }).toPass({ timeout: 15_000 });

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByRole('heading', { name: 'Your account' })).toBeVisible();
  // The page names the sender as the e-mail does.
  await expect(invitee.getByText(/invited you to join/)).toContainText('Olivia Owens invited you to join Acme Health');
  await expect(invitee.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await expect(invitee.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('Acme Health');
  await expect(invitee.getByRole('combobox', { name: 'Company size' })).toHaveCount(0);
  await invitee.getByRole('textbox', { name: 'First name', exact: true }).fill('Nia');
  await invitee.getByRole('textbox', { name: 'Last name', exact: true }).fill('Hale');
  await invitee.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await invitee.getByLabel(/^Password/).fill(PASSWORD);
  await invitee.getByLabel(/^Confirm password/).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  await logIn(invitee, username, PASSWORD);
  const user = await (await invitee.request.get('/services/user/info')).json();
  expect(user.clientName).toBe('Acme Health');
  expect(user.teamName).toBe('Credentialing');
  expect(user.roles).not.toContain('account_owner_user');

  // The link works once, and the invitation is no longer pending.
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByRole('alert')).toHaveText(REGISTRATION_MESSAGES.invitationLoadFailed);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(username);
  await expect(page.locator(`tr[data-invitee="${email}"]`)).toHaveCount(0);
});

test('an owner revokes a pending invitation, whose link then fails; an address that has an account cannot be invited', async ({ page, browser }) => {
  const since = Date.now();
  const email = `revoked-${since}@acme.example`;
  await logIn(page, 'owner');
  await page.goto('/admin/userManagement');
  const invite = async (address: string) => {
    await page.getByRole('button', { name: 'Invite co-worker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite co-worker' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(address);
    await dialog.getByRole('combobox', { name: 'Team' }).click();
    await dialog.getByRole('option', { name: 'Credentialing' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    return dialog;
  };
  // The analyst's address belongs to a user of this account: refused on the field, nothing sent.
  const refused = await invite('analyst@acme-health.example');
  await expect(refused.getByText(INVITATION_MESSAGES.emailIsYourUser)).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await expect(await invite(email)).toHaveCount(0);
  let link: string | null = null;
  await expect(async () => {
    const mail = (await mailsSince(since)).reverse().find((m) => m.toLowerCase().includes(email));
    link = mail?.match(/https?:\/\/[^\s"'<>]+\/registration\/invitation\/[A-Za-z0-9._~%-]+/)?.[0] ?? null;
    expect(link).not.toBeNull();
  }).toPass({ timeout: 15_000 });
  const row = page.locator(`tr[data-invitee="${email}"]`);
  await row.getByRole('button', { name: `Revoke for ${email}` }).click();
  await page.getByRole('dialog', { name: 'Revoke the invitation?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(INVITATION_MESSAGES.revoked(email))).toBeVisible();
  await expect(row).toHaveCount(0);

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByRole('alert')).toHaveText(REGISTRATION_MESSAGES.invitationLoadFailed);
});
