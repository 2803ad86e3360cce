import { describe, expect, it } from 'vitest';
import { checkEin, checkNpi, checkSsn, isValidNpi, isValidSsn, luhnCheckDigit, maskSsn } from './identifiers';

describe('checkNpi', () => {
  it('accepts the CMS example NPI and real-looking valid ones', () => {
    // 1234567893 is the worked example in the CMS check-digit document.
    expect(checkNpi('1234567893')).toEqual({ ok: true, value: '1234567893' });
    expect(isValidNpi('1770626038')).toBe(true);
    expect(isValidNpi(' 1234-567-893 ')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(checkNpi('1234567890')).toMatchObject({ ok: false, code: 'npi-check-digit' });
  });

  it('rejects wrong lengths, letters, empty and huge input', () => {
    for (const bad of ['', '123456789', '12345678901', '12345A7893', 'abcdefghij', null, undefined, '1'.repeat(10_000)]) {
      expect(checkNpi(bad)).toMatchObject({ ok: false, code: 'npi-format' });
    }
  });

  it('computes the Luhn digit with the 80840 prefix', () => {
    expect(luhnCheckDigit('80840123456789')).toBe(3);
  });
});

describe('checkSsn', () => {
  it('accepts a plausible SSN with or without dashes', () => {
    expect(checkSsn('123-45-6780')).toEqual({ ok: true, value: '123456780' });
    expect(isValidSsn('401 22 3333')).toBe(true);
  });

  it('rejects areas 000, 666 and 9xx, group 00, serial 0000 and known examples', () => {
    for (const bad of ['000123456', '666123456', '912345678', '123001234', '123450000', '078-05-1120']) {
      expect(checkSsn(bad)).toMatchObject({ ok: false, code: 'ssn-invalid' });
    }
  });

  it('rejects wrong formats', () => {
    for (const bad of ['', '12345678', '1234567890', '12345678x', null]) {
      expect(checkSsn(bad)).toMatchObject({ ok: false, code: 'ssn-format' });
    }
  });

  it('masks to the last four digits', () => {
    expect(maskSsn('123456780')).toBe('***-**-6780');
  });
});

describe('checkEin', () => {
  it('accepts a valid EIN and rejects unassigned prefixes and bad formats', () => {
    expect(checkEin('12-3456789')).toEqual({ ok: true, value: '123456789' });
    expect(checkEin('07-3456789')).toMatchObject({ ok: false, code: 'ein-prefix' });
    expect(checkEin('12-345678')).toMatchObject({ ok: false, code: 'ein-format' });
  });
});

describe('the NPI message', () => {
  it('is the spec’s words wherever an NPI’s format is checked: searches, batch rows, registration rule', async () => {
    const spec = 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces';
    const { npiFieldError } = await import('./interactive-search');
    const { npiError } = await import('./registration');
    expect([checkNpi('12345').ok ? '' : (checkNpi('12345') as { message: string }).message, npiFieldError('12a4567890'), npiError('123 456 7890')]).toEqual([spec, spec, spec]);
  });
});
