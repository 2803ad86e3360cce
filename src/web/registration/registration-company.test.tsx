// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import { bodiesOf, click, fillAccount, refusal, renderRegistration, waitForCall } from './registration-test-kit';

const stepBar = () => screen.getByRole('heading', { level: 1, name: 'Create an Account' }).closest('div')!.parentElement!;

async function passPlanStep() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Unlimited Teams' }));
  click('Continue');
  await screen.findByRole('heading', { name: 'Your account' });
}

async function pickCard(name: RegExp) {
  fireEvent.click(await screen.findByRole('radio', { name }));
}

describe('Company registration (paid, four steps)', () => {
  it('shows the four-step bar and needs a team option before leaving step 1', async () => {
    renderRegistration('/registration/company');
    expect(await screen.findByRole('heading', { name: 'Choose a Plan & Options' })).toBeTruthy();
    for (const label of ['Choose a Plan & Options', 'Account & Payment Info', 'Confirm', 'Thank you']) expect(within(stepBar()).getAllByText(label).length).toBeGreaterThan(0);
    click('Continue');
    expect((await screen.findAllByText(REGISTRATION_MESSAGES.chooseTeam)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Your account' })).toBeNull();
  });

  it('starts with NAME, prices each option and keeps a running monthly total', async () => {
    renderRegistration('/registration/company');
    const name = (await screen.findByRole('checkbox', { name: /Name Search/ })) as HTMLInputElement;
    expect(name.checked).toBe(true);
    expect(screen.getByText('$0.15 per search')).toBeTruthy();
    expect(screen.getByText('$0.20 per search')).toBeTruthy();
    expect(screen.getAllByText('$0.05 per search')).toHaveLength(2);
    const total = screen.getByTestId('monthly-total');
    // No team yet: no estimate, which would leave out the plan's price.
    expect(total.textContent).toBe('Choose a team option first');
    fireEvent.click(screen.getByRole('radio', { name: 'Single Team' }));
    expect(total.textContent).toBe('$45.00');
    fireEvent.click(screen.getByRole('checkbox', { name: /NPI Search/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Unlimited Teams' }));
    expect(total.textContent).toBe('$110.00');
    fireEvent.change(screen.getByRole('textbox', { name: 'People screened a month' }), { target: { value: '0' } });
    await waitFor(() => expect(total.textContent).toBe('$75.00'));
    // The steppers are named buttons: 50 more people, then back to 0.
    fireEvent.click(screen.getByRole('button', { name: '50 more people' }));
    expect(total.textContent).toBe('$92.50');
    expect((screen.getByRole('textbox', { name: 'People screened a month' }) as HTMLInputElement).value).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: '50 fewer people' }));
    expect(total.textContent).toBe('$75.00');
    expect((screen.getByRole('button', { name: '50 fewer people' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers OFAC only with the name search, as its add-on', async () => {
    renderRegistration('/registration/company');
    const ofac = (await screen.findByRole('checkbox', { name: /OFAC/ })) as HTMLInputElement;
    fireEvent.click(ofac);
    expect(ofac.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Name Search/ }));
    await waitFor(() => expect(ofac.checked).toBe(false));
    expect(ofac.disabled).toBe(true);
  });

  it('validates, takes a test card, confirms, creates the account with the nonce only, and thanks', async () => {
    const { server } = renderRegistration('/registration/company');
    await passPlanStep();
    await fillAccount();
    click('Continue');
    expect((await screen.findAllByText(REGISTRATION_MESSAGES.cardRequired)).length).toBeGreaterThan(0);
    await pickCard(/^Visa ending 1881/);
    click('Continue');
    expect(await screen.findByRole('heading', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByText('Ending in 1881')).toBeTruthy();
    expect(screen.getByText('Unlimited Teams plan')).toBeTruthy();
    expect(bodiesOf(server.requests, 'POST', '/services/account')).toHaveLength(0);

    click('Create account');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    const [body] = bodiesOf(server.requests, 'POST', '/services/account') as [{ userInfo: Record<string, unknown>; plan: unknown }];
    expect(body.plan).toEqual({ planType: 'COMPANY', teamType: 'MULTI_TEAM', searchOptions: ['NAME'] });
    expect(body.userInfo.nonce).toBe('fake-valid-nonce');
    expect(JSON.stringify(body)).not.toMatch(/4111|cardNumber|cvv/i);
    expect(screen.getByRole('link', { name: 'Start Searching' }).getAttribute('href')).toBe('/');
  });

  it('goes back from Confirm to step 2 and from step 2 to step 1, keeping what was entered', async () => {
    renderRegistration('/registration/company');
    await passPlanStep();
    await fillAccount();
    await pickCard(/^Visa ending 1881/);
    click('Continue');
    await screen.findByRole('heading', { name: 'Confirm' });
    click('Back');
    expect(((await screen.findByRole('textbox', { name: /^First name/ })) as HTMLInputElement).value).toBe('Ada');
    click('Back');
    expect((await screen.findByRole('radio', { name: 'Unlimited Teams' })).getAttribute('aria-checked')).toBe('true');
  });

  it('returns to step 2 with the payment message and the provider’s messages, scrolled up, when the card is refused', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    renderRegistration('/registration/company', {
      'POST /services/account': () => refusal(400, 'PAYMENT_AUTHENTICATION_REJECTION', ['Processor Declined']),
    });
    await passPlanStep();
    await fillAccount();
    await pickCard(/processor declined/);
    click('Continue');
    await screen.findByRole('heading', { name: 'Confirm' });
    click('Create account');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REGISTRATION_MESSAGES.paymentRejected);
    expect(alert.textContent).toContain('Processor Declined');
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(scroll).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('stays on Confirm and scrolls to the top on CLIENT_CREATION', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { server } = renderRegistration('/registration/company', { 'POST /services/account': () => refusal(500, 'CLIENT_CREATION') });
    await passPlanStep();
    await fillAccount();
    await pickCard(/^Visa ending 1881/);
    click('Continue');
    await screen.findByRole('heading', { name: 'Confirm' });
    scroll.mockClear();
    click('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe(REGISTRATION_MESSAGES.clientCreation);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeTruthy();
    await waitForCall(server.requests, 'POST', '/services/account');
  });
});
