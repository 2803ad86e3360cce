/** A record's licence numbers as the index keeps them: their comparison keys and the numbers as published (ADR 120). */
import { licenseKeysOf } from './license-numbers';

export interface RecordLicenses {
  /** Comparison keys (`licenseKey`), distinct. */
  keys: string[];
  /** The numbers as the list published them, joined ("A12345; G67890"). */
  text: string;
}

const FS = '\u001f';
const clean = (s: string): string => s.slice(0, 60).replace(/[\u0000-\u001f]/g, ' ').trim();

/** "KEY1 KEY2␟published 1; published 2", or "" when no number gives a key. */
export function encodeLicenses(numbers: readonly string[]): string {
  const keys = licenseKeysOf(numbers);
  if (!keys.length) return '';
  const shown = numbers.map((n) => clean(String(n ?? ''))).filter(Boolean).slice(0, 8);
  return `${keys.join(' ')}${FS}${shown.join('; ')}`;
}

export function decodeLicenses(s: string): RecordLicenses {
  const cut = s.indexOf(FS);
  return { keys: s.slice(0, cut).split(' '), text: s.slice(cut + 1) };
}
