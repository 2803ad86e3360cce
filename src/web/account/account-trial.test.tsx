// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { TEST_CARD_NOTES } from '../registration/test-card-picker';
import { PAID, renderAccount, TRIAL } from './account-test-kit';

const inDialog = () => screen.getByRole('dialog', { name: 'Upgrade to a company account' });
const press = (name: string) => fireEvent.click(within(inDialog()).getByRole('button', { name }));

async function walkToConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to a company account' }));
  await screen.findByRole('dialog', { name: 'Upgrade to a company account' });
  press('Continue');
  expect((await screen.findAllByText(REGISTRATION_MESSAGES.chooseTeam)).length).toBeGreaterThan(0);
  fireEvent.click(within(inDialog()).getByRole('radio', { name: 'Single Team' }));
  press('Continue');
  const name = (await within(inDialog()).findByRole('checkbox', { name: /Name Search/ })) as HTMLInputElement;
  expect(name.checked && name.disabled).toBe(true);
  expect((within(inDialog()).getByRole('checkbox', { name: /NPI Search/ }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(within(inDialog()).getByRole('checkbox', { name: /OFAC/ }));
  press('Continue');
  fireEvent.click(await within(inDialog()).findByRole('radio', { name: /^Visa ending 1881/ }));
  // The test provider's note speaks of the upgrade, not of creating an account.
  expect(within(inDialog()).getByText(TEST_CARD_NOTES.upgrade)).toBeTruthy();
  press('Continue');
  await within(inDialog()).findByText(/Card ending in 1881/);
}

describe('Account Overview, trial view', () => {
  it('shows the searches left this month of 10, when they reset, what the trial includes, and help', async () => {
    renderAccount(TRIAL);
    const searches = await screen.findByRole('region', { name: 'Searches left this month' });
    expect(within(searches).getByTestId('trial-searches-left').textContent).toBe('7');
    expect(searches.textContent).toContain('of 10');
    expect(searches.textContent).toContain('December 1, 2026');
    expect(screen.getByRole('region', { name: 'Your free trial' }).textContent).toContain('Name Search and NPI Search');
    expect(screen.getByRole('region', { name: 'Need help?' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Billing and payment' })).toBeNull();
  });

  it('upgrades in four steps (plan, search options, payment, confirm) and thanks the user', async () => {
    const { server } = renderAccount(TRIAL, { 'PUT /services/account': () => json(200, PAID) });
    await walkToConfirm();
    press('Upgrade');
    expect(await screen.findByText(ACCOUNT_MESSAGES.upgradeThanks)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT' && r.path === '/services/account')!.body).toEqual({
      nonce: 'fake-valid-nonce',
      teamType: 'SINGLE',
      searchOptions: ['NAME', 'NPI', 'OFAC'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Billing and payment' })).toBeTruthy();
  });

  it("says 'company account upgrade failed. Error: ' with the server's text and goes back to payment", async () => {
    renderAccount(TRIAL, { 'PUT /services/account': () => apiError(400, 'BAD_REQUEST', 'Processor Declined') });
    await walkToConfirm();
    press('Upgrade');
    expect(await screen.findByText('company account upgrade failed. Error: Processor Declined')).toBeTruthy();
    expect(await within(inDialog()).findByRole('radio', { name: /^Visa ending 1881/ })).toBeTruthy();
  });
});

describe('Account Overview access', () => {
  it('is for account owners: others go to /login', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user'] })) });
    const { router } = renderApp('/account-details');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
