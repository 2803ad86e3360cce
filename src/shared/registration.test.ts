import { describe, expect, it } from 'vitest';
import { cancelNotice, formatCents, formatLongDate, PLAN_CHOICES, SEARCH_OPTION_CHOICES } from './account';
import { fieldsOfCreationError, npiError, planTypeOfRoute, validateRegistration, type UserInfo } from './registration';

const valid: UserInfo = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.test',
  companyName: 'Ruiz Care',
  companySize: '3,001+',
  industry: 'Pharmacy / Biotech',
  username: 'aruiz',
  password: 'Pw9-xk-Lq',
  verifyPassword: 'Pw9-xk-Lq',
};

describe('registration rules (spec §5)', () => {
  it('passes a complete form', () => {
    expect(validateRegistration(valid, { isInvitation: false })).toEqual({});
  });

  it('requires every field after trimming, but not company size and industry for invitations', () => {
    const blank = { ...valid, lastName: '  ', companySize: '', industry: '' };
    expect(validateRegistration(blank, { isInvitation: false })).toEqual({ lastName: 'This field is required.', companySize: 'This field is required.', industry: 'This field is required.' });
    expect(validateRegistration(blank, { isInvitation: true })).toEqual({ lastName: 'This field is required.' });
  });

  it('checks the password rules in order, then the confirmation', () => {
    expect(validateRegistration({ ...valid, password: 'a1', verifyPassword: 'a1' }, { isInvitation: false }).password).toBe('Password must be at least 7 characters long.');
    expect(validateRegistration({ ...valid, verifyPassword: 'other' }, { isInvitation: false })).toEqual({ verifyPassword: 'Passwords do not match.' });
    const dictionary = (w: string) => w === 'sunshine';
    expect(validateRegistration({ ...valid, password: 'Sunshine7', verifyPassword: 'Sunshine7' }, { isInvitation: false, isDictionaryWord: dictionary }).password).toBe(
      'Password must not be based on a dictionary word.',
    );
  });

  it('NPI is exactly 10 digits', () => {
    expect(npiError('1234567893')).toBeNull();
    for (const bad of ['123456789', '12345678901', '12345 67893', '123456789a']) {
      expect(npiError(bad)).toBe('NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces');
    }
  });

  it('maps server codes to fields as the spec says', () => {
    expect(fieldsOfCreationError('INVALID_EMAIL')).toEqual({ email: 'This field is invalid' });
    expect(fieldsOfCreationError('PASSWORDS_DO_NOT_MATCH', 'Passwords do not match.')).toEqual({ password: 'Passwords do not match.', verifyPassword: 'Passwords do not match.' });
    expect(fieldsOfCreationError('USERNAME_TAKEN')).toEqual({ username: 'This username is already used.' });
    expect(fieldsOfCreationError('CLIENT_CREATION')).toEqual({});
  });

  it('reads the plan from the route word', () => {
    expect([planTypeOfRoute('company'), planTypeOfRoute('invitation'), planTypeOfRoute('trial'), planTypeOfRoute(undefined)]).toEqual(['COMPANY', 'INVITATION', 'FREE', 'FREE']);
  });
});

describe('prices and texts of the account page', () => {
  it('offers the spec’s plans and search prices in cents', () => {
    expect(PLAN_CHOICES.map((p) => [p.name, p.priceCents])).toEqual([
      ['Single Team', 3000],
      ['Unlimited Teams', 7500],
    ]);
    expect(SEARCH_OPTION_CHOICES.map((o) => [o.option, o.priceCents])).toEqual([
      ['NAME', 15],
      ['NPI', 20],
      ['OFAC', 5],
      ['SSNDMF', 5],
    ]);
  });

  it('formats cents and dates', () => {
    expect([formatCents(5), formatCents(3000), formatCents(123_456_7), formatCents(-250)]).toEqual(['$0.05', '$30.00', '$12,345.67', '-$2.50']);
    expect(formatLongDate('2028-02-29')).toBe('February 29, 2028');
    expect(cancelNotice('2026-05-01')).toContain('until May 1, 2026');
  });
});
