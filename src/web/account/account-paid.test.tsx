// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, cancelNotice } from '#shared/account';
import { apiError, json } from '../test-utils';
import { TEST_CARD_NOTES } from '../registration/test-card-picker';
import { INVOICES, PAID, renderAccount } from './account-test-kit';

const card = (name: string) => screen.getByRole('region', { name });
const click = (name: string, within_: HTMLElement = document.body) => fireEvent.click(within(within_).getByRole('button', { name }));

describe('Account Overview, paid view', () => {
  it('shows the plan, this month’s charges with unit price, quantity and total, the next billing date and the card', async () => {
    renderAccount(PAID);
    await screen.findByRole('heading', { name: 'Your plan' });
    expect(within(card('Your plan')).getByText('Single Team')).toBeTruthy();
    const charges = screen.getByRole('table', { name: "This month's charges" });
    const rows = within(charges).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Single Team plan, November 2026$30.001$30.00');
    expect(rows).toContain('Name Search$0.15120$18.00');
    expect(rows).toContain('NPI Search$0.203$0.60');
    expect(rows).toContain('Month to date$48.60');
    expect(card('Billing and payment').textContent).toContain('December 1, 2026');
    expect(card('Billing and payment').textContent).toContain('ending in 1881');
    expect(screen.getByRole('region', { name: 'Need help?' })).toBeTruthy();
  });

  it('lists invoices with a PDF link each', async () => {
    renderAccount(PAID);
    const link = await screen.findByRole('link', { name: `Download invoice ${INVOICES[0].number} (PDF)` });
    expect(link.getAttribute('href')).toBe('/services/account/invoices/9/pdf');
    expect(within(screen.getByRole('table', { name: 'Invoices' })).getByText('October 2026')).toBeTruthy();
  });

  it('adds search types, with existing ones disabled, and sends the full list', async () => {
    const { server } = renderAccount(PAID, { 'PUT /services/account/searchoptions': () => json(200, { ...PAID, searchOptions: ['NAME', 'NPI', 'SSNDMF'] }) });
    const types = await screen.findByRole('region', { name: 'Search types' });
    const name = within(types).getByRole('checkbox', { name: /Name Search/ }) as HTMLInputElement;
    expect(name.checked && name.disabled).toBe(true);
    expect((within(types).getByRole('checkbox', { name: /NPI Search/ }) as HTMLInputElement).disabled).toBe(true);
    const add = within(types).getByRole('button', { name: 'Add search types' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(within(types).getByRole('checkbox', { name: /SSN Death Master File/ }));
    click('Add search types', types);
    expect(await screen.findByText(ACCOUNT_MESSAGES.searchTypesUpdated)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/services/account/searchoptions')!.body).toEqual(['NAME', 'NPI', 'SSNDMF']);
  });

  it("says 'Search Types uodate failed. Error: ' with the server's text", async () => {
    renderAccount(PAID, { 'PUT /services/account/searchoptions': () => apiError(400, 'BAD_REQUEST', 'Search types cannot be removed.') });
    const types = await screen.findByRole('region', { name: 'Search types' });
    fireEvent.click(within(types).getByRole('checkbox', { name: /OFAC/ }));
    click('Add search types', types);
    expect(await screen.findByText('Search Types uodate failed. Error: Search types cannot be removed.')).toBeTruthy();
  });

  it('upgrades the team plan to unlimited teams', async () => {
    const { server } = renderAccount(PAID, { 'PUT /services/account/teamoptions': () => json(200, { ...PAID, teamType: 'MULTI_TEAM' }) });
    click('Upgrade to Unlimited Teams', await screen.findByRole('region', { name: 'Your plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Unlimited Teams?' });
    // The price text is the server's calculation of this month's plan charge, the one the invoice uses.
    expect(dialog.textContent).toContain("This month's plan charge becomes $52.50");
    click('Upgrade', dialog);
    expect(await screen.findByText(ACCOUNT_MESSAGES.teamPlanUpdated)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/services/account/teamoptions')!.body).toBe('MULTI_TEAM');
    await waitFor(() => expect(within(card('Your plan')).getByText('Unlimited Teams')).toBeTruthy());
  });

  it("says 'Team Plan uodate failed. Error: ' with the server's text", async () => {
    renderAccount(PAID, { 'PUT /services/account/teamoptions': () => apiError(409, 'CONFLICT', 'Your account already has this team plan.') });
    click('Upgrade to Unlimited Teams', await screen.findByRole('region', { name: 'Your plan' }));
    click('Upgrade', await screen.findByRole('dialog'));
    expect(await screen.findByText('Team Plan uodate failed. Error: Your account already has this team plan.')).toBeTruthy();
  });

  it('blocks the downgrade to a single team with the info toast', async () => {
    const { server } = renderAccount({ ...PAID, teamType: 'MULTI_TEAM' });
    click('Change to Single Team', await screen.findByRole('region', { name: 'Your plan' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.downgradeInfo)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('cancels with a notice giving the date access ends, then reactivates', async () => {
    const cancelled = { ...PAID, state: 'disabling' as const, disabling: true, accessEndsOn: '2026-12-01' };
    renderAccount(PAID, {
      'PUT /services/account/cancel': () => json(200, cancelled),
      'PUT /services/account/reactivate': () => json(200, PAID),
    });
    click('Cancel account', await screen.findByRole('region', { name: 'Your plan' }));
    click('Cancel account', await screen.findByRole('dialog', { name: 'Cancel your account?' }));
    // The toast and the notice that stays on the page.
    await waitFor(() => expect(screen.getAllByText(cancelNotice('2026-12-01'))).toHaveLength(2));
    expect(cancelNotice('2026-12-01')).toContain('December 1, 2026');
    click('Reactivate');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull());
    expect(within(card('Your plan')).getByRole('button', { name: 'Cancel account' })).toBeTruthy();
  });

  it('updates the card with a new nonce', async () => {
    const { server } = renderAccount(PAID, { 'PUT /services/braintree/customer/cust-42': () => json(200, { ok: true }) });
    click('Update card', await screen.findByRole('region', { name: 'Billing and payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update card' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Mastercard ending 4444/ }));
    // The test provider's note says what the card does here, not how an account is created.
    expect(within(dialog).getByText(TEST_CARD_NOTES['card-update'])).toBeTruthy();
    expect(within(dialog).queryByText(/account is created/)).toBeNull();
    click('Save card', dialog);
    expect(await screen.findByText(ACCOUNT_MESSAGES.cardUpdated)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT' && r.path === '/services/braintree/customer/cust-42')!.body).toEqual({ nonce: 'fake-valid-mastercard-nonce' });
  });

  it("says why a card update failed, in the server's plain words, and keeps the dialog open", async () => {
    const reason = 'Your bank declined the card without giving a reason. Please call the bank or use another card.';
    renderAccount(PAID, { 'PUT /services/braintree/customer/cust-42': () => apiError(400, 'BAD_REQUEST', reason) });
    click('Update card', await screen.findByRole('region', { name: 'Billing and payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update card' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /processor declined/ }));
    click('Save card', dialog);
    expect((await within(dialog).findByText(new RegExp(reason.slice(0, 40)))).textContent).toContain(reason);
    expect(screen.getByRole('dialog', { name: 'Update card' })).toBeTruthy();
  });

  it('shows a cancelled account’s notice with Reactivate, and the last bill still to come', async () => {
    renderAccount({ ...PAID, state: 'disabling', disabling: true, accessEndsOn: '2026-12-01', monthToDate: 30.3 });
    expect(await screen.findByText(cancelNotice('2026-12-01'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(within(card('Your plan')).queryByRole('button', { name: 'Cancel account' })).toBeNull();
    // The last bill is still to come (issue 53 §7): never "No further bills" above a month to date.
    const billing = card('Billing and payment').textContent;
    expect(billing).toContain('Your last bill, for November 2026, will be charged on December 1, 2026: $30.30 so far this month.');
    expect(billing).not.toContain('No further bills');
  });

  it('shows a failed charge that is being retried', async () => {
    renderAccount({ ...PAID, failedCharge: { invoiceId: 9, period: '2026-10', total: 44.85, attempts: 2, lastError: 'Processor Declined', nextAttemptOn: '2026-11-05' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('$44.85 for October 2026');
    expect(alert.textContent).toContain('Processor Declined');
    expect(alert.textContent).toContain('November 5, 2026');
  });
});

