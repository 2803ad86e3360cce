/** Format checks for the exact keys we screen on: NPI, SSN, EIN. Shared by engine, server and web. */
import { MESSAGES } from './messages';

export type IdentifierCheck =
  | { ok: true; value: string }
  | { ok: false; code: IdentifierErrorCode; message: string };

export type IdentifierErrorCode =
  | 'npi-format'
  | 'npi-check-digit'
  | 'ssn-format'
  | 'ssn-invalid'
  | 'ein-format'
  | 'ein-prefix';

/** User-facing texts for identifier errors (kept here until they move to messages.ts). */
export const IDENTIFIER_MESSAGES: Record<IdentifierErrorCode, string> = {
  'npi-format': MESSAGES.npiInvalid,
  'npi-check-digit': 'NPI check digit is not valid.',
  'ssn-format': 'SSN must be 9 digits.',
  'ssn-invalid': 'SSN is not a number the SSA issues.',
  'ein-format': 'EIN must be 9 digits.',
  'ein-prefix': 'EIN prefix is not one the IRS issues.',
};

// People paste identifiers with spaces, dashes and dots; anything else (letters) is an error.
const SEPARATORS = /[\s\-.\u00a0]/g;

function fail(code: IdentifierErrorCode): IdentifierCheck {
  return { ok: false, code, message: IDENTIFIER_MESSAGES[code] };
}

/** Luhn check digit for a string of digits (the digit that would be appended). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walk from the right; the rightmost payload digit is doubled because the check digit follows it.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Validates an NPI: 10 digits whose last digit is the Luhn check over "80840" + the first 9. */
export function checkNpi(input: string | null | undefined): IdentifierCheck {
  const value = String(input ?? '').slice(0, 64).replace(SEPARATORS, '');
  if (!/^\d{10}$/.test(value)) return fail('npi-format');
  // The 80840 prefix is the ISO health-industry issuer code CMS prepends for the check.
  const expected = luhnCheckDigit('80840' + value.slice(0, 9));
  if (expected !== value.charCodeAt(9) - 48) return fail('npi-check-digit');
  return { ok: true, value };
}

/** True when the input is a well-formed NPI. */
export function isValidNpi(input: string | null | undefined): boolean {
  return checkNpi(input).ok;
}

// Numbers the SSA has published as never valid (advertising/wallet-card examples).
const KNOWN_INVALID_SSNS = new Set(['078051120', '219099999', '123456789']);

/** Validates an SSN: 9 digits, area not 000/666/9xx, group not 00, serial not 0000. */
export function checkSsn(input: string | null | undefined): IdentifierCheck {
  const value = String(input ?? '').slice(0, 64).replace(SEPARATORS, '');
  if (!/^\d{9}$/.test(value)) return fail('ssn-format');
  const area = value.slice(0, 3);
  if (area === '000' || area === '666' || area[0] === '9') return fail('ssn-invalid');
  if (value.slice(3, 5) === '00' || value.slice(5) === '0000') return fail('ssn-invalid');
  if (KNOWN_INVALID_SSNS.has(value)) return fail('ssn-invalid');
  return { ok: true, value };
}

/** True when the input is a plausible SSN. */
export function isValidSsn(input: string | null | undefined): boolean {
  return checkSsn(input).ok;
}

// IRS campus prefixes never assigned (IRS "How EINs are assigned"); all others are valid.
const INVALID_EIN_PREFIXES = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

/** Validates an EIN: 9 digits (NN-NNNNNNN) with a prefix the IRS assigns. */
export function checkEin(input: string | null | undefined): IdentifierCheck {
  const value = String(input ?? '').slice(0, 64).replace(SEPARATORS, '');
  if (!/^\d{9}$/.test(value)) return fail('ein-format');
  if (INVALID_EIN_PREFIXES.has(value.slice(0, 2))) return fail('ein-prefix');
  return { ok: true, value };
}

/** True when the input is a plausible EIN. */
export function isValidEin(input: string | null | undefined): boolean {
  return checkEin(input).ok;
}

/** Masks an SSN for display: last four digits only. */
export function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : '***-**-****';
}
