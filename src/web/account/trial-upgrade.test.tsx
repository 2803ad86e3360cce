// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOGIN_MESSAGES, MESSAGES } from '#shared/messages';
import { TRIAL_UPGRADE_MESSAGES, type TrialUpgradeOffer } from '#shared/trial-upgrade';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';
import { PAID, renderAccount, TRIAL } from './account-test-kit';

const OFFER: TrialUpgradeOffer = {
  fullName: 'Evan Price',
  clientName: 'Old Trial Co',
  trialEndedOn: '2026-10-25',
  canUpgrade: true,
  ownerNames: [],
  searchOptions: ['NAME', 'NPI'],
  planPreviews: TRIAL.planPreviews,
};

const inDialog = () => screen.getByRole('dialog', { name: 'Upgrade to a company account' });
const press = (name: string) => fireEvent.click(within(inDialog()).getByRole('button', { name }));

/** Login refused with TRIAL_EXPIRED, then the upgrade page with the given offer and upgrade answer. */
function stubExpiredTrial(offer: () => Response, upgrade: (r: RecordedRequest) => Response = () => json(200, PAID)) {
  let upgraded = false;
  return stubServer({
    'GET /services/user/info': () => userInfoHandler(upgraded ? makeUser({ userName: 'expired', roles: ['account_owner_user'] }) : null)({} as RecordedRequest),
    'POST /services/user/login': () => json(200, 'TRIAL_EXPIRED'),
    'GET /services/trial-upgrade': offer,
    'PUT /services/trial-upgrade': (request) => {
      const answer = upgrade(request);
      upgraded = answer.status === 200;
      return answer;
    },
    'GET /services/braintree/clienttoken': () => json(200, { provider: 'offline', clientToken: 'offline' }),
  });
}

describe('an expired trial at login', () => {
  it('offers the upgrade: plan, card, confirm, and lands on the home page signed in', async () => {
    const server = stubExpiredTrial(() => json(200, OFFER));
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'expired' } });
    fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), { target: { value: 'Demo-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOGIN_MESSAGES.TRIAL_EXPIRED);
    const upgrade = await within(alert).findByRole('link', { name: 'Upgrade to a paid plan' });
    expect(alert.textContent).toContain(MESSAGES.trialExpiredUpgrade);
    fireEvent.click(upgrade);

    expect(await screen.findByText(/the free trial of Old Trial Co ended on October 25, 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    await screen.findByRole('dialog', { name: 'Upgrade to a company account' });
    fireEvent.click(within(inDialog()).getByRole('radio', { name: 'Single Team' }));
    press('Continue');
    await within(inDialog()).findByRole('checkbox', { name: /Name Search/ });
    press('Continue');
    fireEvent.click(await within(inDialog()).findByRole('radio', { name: /^Visa ending 1881/ }));
    press('Continue');
    await within(inDialog()).findByText(/Card ending in 1881/);
    press('Upgrade');
    expect(await screen.findByText(TRIAL_UPGRADE_MESSAGES.upgraded)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(server.requests.find((r) => r.method === 'PUT' && r.path === '/services/trial-upgrade')!.body).toEqual({
      nonce: 'fake-valid-nonce',
      teamType: 'SINGLE',
      searchOptions: ['NAME', 'NPI'],
    });
  });

  it('tells a co-worker who is not an account owner at login which owner to ask, with no upgrade to start', async () => {
    stubExpiredTrial(() => json(200, { ...OFFER, fullName: 'Lee Staff', canUpgrade: false, ownerNames: ['Evan Price'] }));
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'lapsedstaff' } });
    fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), { target: { value: 'Demo-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOGIN_MESSAGES.TRIAL_EXPIRED);
    expect(await within(alert).findByText(TRIAL_UPGRADE_MESSAGES.ownersOnly(['Evan Price']))).toBeTruthy();
    expect(alert.textContent).not.toContain(MESSAGES.trialExpiredUpgrade);
    expect(within(alert).queryByRole('link', { name: 'Upgrade to a paid plan' })).toBeNull();
  });

  it('tells a user who is not an account owner whom to ask, with no plan to choose', async () => {
    stubExpiredTrial(() => json(200, { ...OFFER, canUpgrade: false, ownerNames: ['Evan Price'] }));
    renderApp('/trial-upgrade');
    expect(await screen.findByText(TRIAL_UPGRADE_MESSAGES.ownersOnly(['Evan Price']))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose a plan' })).toBeNull();
  });

  it('sends a visitor without a refused login back to log in', async () => {
    stubExpiredTrial(() => apiError(404, 'NOT_FOUND', TRIAL_UPGRADE_MESSAGES.linkExpired));
    renderApp('/trial-upgrade');
    expect((await screen.findByRole('alert')).textContent).toContain(TRIAL_UPGRADE_MESSAGES.linkExpired);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});

describe('the trial account page', () => {
  it("shows the trial's end date", async () => {
    renderAccount(TRIAL);
    const trial = await screen.findByRole('region', { name: 'Your free trial' });
    expect(within(trial).getByTestId('trial-ends-on').textContent).toContain('Your trial ends on February 21, 2027');
  });
});
