// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '#shared/messages';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import { json } from '../test-utils';
import { bodiesOf, choose, click, field, fillAccount, findField, refusal, renderRegistration, type, waitForCall } from './registration-test-kit';

const errorOf = (label: string) => {
  const input = field(label);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.includes('error'));
  return id ? document.getElementById(id)?.textContent ?? null : null;
};

describe('Registration form rules (spec §5)', () => {
  it("requires every field, blank after trimming, with 'This field is required.'", async () => {
    const { server } = renderRegistration('/registration/trial');
    await findField('First name');
    type('First name', '   ');
    click('Create account');
    for (const label of ['First name', 'Last name', 'E-mail', 'Company', 'Company size', 'Industry', 'Username', 'Password', 'Confirm password']) {
      await waitFor(() => expect(errorOf(label)).toBe(MESSAGES.required));
    }
    expect(bodiesOf(server.requests, 'POST', '/services/user/validate')).toHaveLength(0);
  });

  it('offers the spec’s company sizes and industries', async () => {
    renderRegistration('/registration/trial');
    fireEvent.click(await findField('Company size'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['0 - 500', '501 - 3,000', '3,001+']);
    fireEvent.click(field('Industry'));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Health Plan', 'Health System', 'Pharmacy / Biotech', 'Other']));
  });

  it("checks the username when it loses focus: 'This username is already used.'", async () => {
    const { server } = renderRegistration('/registration/trial', { 'GET /services/user/status/taken.one': () => json(200, 'TAKEN'), 'GET /services/user/status/free.one': () => json(200, 'AVAILABLE') });
    await findField('Username');
    type('Username', 'taken.one');
    fireEvent.blur(field('Username'));
    await waitFor(() => expect(errorOf('Username')).toBe(REGISTRATION_MESSAGES.usernameTaken));
    type('Username', 'free.one');
    fireEvent.blur(field('Username'));
    await waitForCall(server.requests, 'GET', '/services/user/status/free.one');
    expect(errorOf('Username')).toBeNull();
  });

  it('shows the password hint and applies the password rules and the mismatch message', async () => {
    renderRegistration('/registration/trial');
    await screen.findByText(REGISTRATION_MESSAGES.passwordHint);
    await fillAccount({ Password: 'abc12', 'Confirm password': 'abc12' });
    click('Create account');
    await waitFor(() => expect(errorOf('Password')).toBe(MESSAGES.passwordTooShort));
    type('Password', 'abcdefgh');
    click('Create account');
    await waitFor(() => expect(errorOf('Password')).toBe(MESSAGES.passwordNeedsLetterAndNumber));
    type('Username', 'ada.reyes1');
    type('Password', 'ada.reyes1');
    click('Create account');
    await waitFor(() => expect(errorOf('Password')).toBe(MESSAGES.passwordIsUsername));
    type('Password', 'Harbor-77x');
    type('Confirm password', 'Harbor-77y');
    click('Create account');
    await waitFor(() => expect(errorOf('Confirm password')).toBe(MESSAGES.passwordsDoNotMatch));
  });

  it('sends trimmed text to the server validation, and submits on Enter', async () => {
    const { server } = renderRegistration('/registration/trial');
    await findField('First name');
    await fillAccount({ 'First name': '  Ada  ', Company: ' Harbor Health ' });
    fireEvent.submit(field('Confirm password').closest('form')!);
    await waitForCall(server.requests, 'POST', '/services/user/validate');
    const { userInfo } = bodiesOf(server.requests, 'POST', '/services/user/validate')[0] as { userInfo: Record<string, unknown> };
    expect(userInfo).toMatchObject({ firstName: 'Ada', companyName: 'Harbor Health', companySize: '501 - 3,000', industry: 'Health System', password: 'Harbor-77x', accountOwner: true, acknowledgeTerms: true });
  });

  it('keeps the text trimmed in the fields after a refused submit, by the form or by the server', async () => {
    const { server } = renderRegistration('/registration/trial', { 'POST /services/user/validate': () => refusal(400, 'INVALID_EMAIL', ['This e-mail address cannot receive mail.']) });
    await findField('First name');
    await fillAccount({ 'First name': '  Ada  ', Company: ' Harbor Health ', 'Confirm password': 'Harbor-77y' });
    click('Create account');
    await waitFor(() => expect(errorOf('Confirm password')).toBe(MESSAGES.passwordsDoNotMatch));
    expect((field('First name') as HTMLInputElement).value).toBe('Ada');
    expect((field('Company') as HTMLInputElement).value).toBe('Harbor Health');
    expect(server.requests.some((r) => r.path === '/services/user/validate')).toBe(false);

    type('Confirm password', 'Harbor-77x');
    type('First name', ' Ada');
    click('Create account');
    await waitFor(() => expect(errorOf('E-mail')).toBe('This e-mail address cannot receive mail.'));
    expect((field('First name') as HTMLInputElement).value).toBe('Ada');
  });

  it('maps server codes to fields: INVALID_EMAIL to e-mail, INVALID_PASSWORD to both passwords, others to the named field', async () => {
    let answer = refusal(400, 'INVALID_EMAIL', ['This e-mail address cannot receive mail.']);
    const { server } = renderRegistration('/registration/trial', { 'POST /services/user/validate': () => answer });
    await findField('First name');
    await fillAccount();
    click('Create account');
    await waitFor(() => expect(errorOf('E-mail')).toBe('This e-mail address cannot receive mail.'));

    answer = refusal(400, 'INVALID_PASSWORD', ['Password must not be based on a dictionary word.']);
    click('Create account');
    await waitFor(() => expect(errorOf('Password')).toBe('Password must not be based on a dictionary word.'));
    expect(errorOf('Confirm password')).toBe('Password must not be based on a dictionary word.');

    answer = refusal(400, 'INVALID_FIELD', [], { companyName: '' });
    click('Create account');
    await waitFor(() => expect(errorOf('Company')).toBe(REGISTRATION_MESSAGES.fieldInvalid));
    expect(bodiesOf(server.requests, 'POST', '/services/account')).toHaveLength(0);
  });

  it('shows a refusal that names no field above the form', async () => {
    renderRegistration('/registration/trial', { 'POST /services/user/validate': () => refusal(400, 'REQUIRED_FIELD_MISSING', ['Something is missing.']) });
    await findField('First name');
    await fillAccount();
    click('Create account');
    expect(within(await screen.findByRole('alert')).getByText('Something is missing.')).toBeTruthy();
  });

  it('keeps company size and industry choices through the Select', async () => {
    renderRegistration('/registration/trial');
    await findField('Company size');
    await choose('Company size', '3,001+');
    expect(field('Company size').value).toBe('3,001+');
  });
});
