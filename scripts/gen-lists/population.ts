import { luhnCheckDigit } from '#shared/identifiers';
import { BUSINESS_KINDS, BUSINESS_WORDS, FEMALE_FIRST, LEGAL_SUFFIXES, MALE_FIRST, NICKNAMES, PLACES, PROFESSIONS, STREETS, SUFFIXES, SURNAMES } from './names';
import { Random } from './random';

/**
 * One synthetic population shared by every list: person `i` is the same in LEIE, SAM,
 * NPPES, the state lists and the DMF, so cross-source matching can be tested. Everyone
 * is rebuilt from (seed, index) alone, which keeps a 1-million-row run in bounded memory.
 */
export interface Person {
  index: number;
  first: string;
  middle: string;
  last: string;
  suffix: string;
  sex: 'M' | 'F';
  dob: string;
  npi: string;
  /** A former or other surname (maiden name), for AKAs. */
  otherLast: string | null;
  nickname: string | null;
  street: string;
  city: string;
  state: string;
  zip: string;
  general: string;
  specialty: string;
  taxonomy: string;
  license: string;
}

export interface Business {
  index: number;
  name: string;
  dba: string | null;
  npi: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  kind: string;
}

// Multiplying by a prime coprime with 10^8 is a bijection: every index gets its own NPI.
const scramble = (i: number, modulus: number): number => Number((BigInt(i) * 7919n + 12345n) % BigInt(modulus));

/** A valid NPI (Luhn check over 80840 + nine digits), unique per index. */
export function npiFor(index: number): string {
  const body = `1${String(scramble(index, 100_000_000)).padStart(8, '0')}`;
  return `${body}${luhnCheckDigit(`80840${body}`)}`;
}

/** A unique 9-digit SSN in the issued ranges (area 100–599, group 10–98, serial 1000–9998). */
export function ssnFor(index: number): string {
  const x = scramble(index, 500 * 89 * 8999);
  const area = 100 + (x % 500);
  const group = 10 + (Math.floor(x / 500) % 89);
  const serial = 1000 + Math.floor(x / 44_500);
  return `${area}${group}${serial}`;
}

export function personAt(seed: number, index: number): Person {
  const r = new Random(seed, 'person', index);
  const sex = r.chance(0.62) ? 'F' : 'M'; // healthcare workforce is mostly women
  const first = r.weighted(sex === 'F' ? FEMALE_FIRST : MALE_FIRST);
  const [city, state, zip3] = r.weighted(PLACES);
  const [general, specialty, taxonomy, licensePrefix] = r.weighted(PROFESSIONS);
  return {
    index,
    first,
    middle: r.chance(0.7) ? r.weighted(r.chance(0.5) ? FEMALE_FIRST : MALE_FIRST) : '',
    last: r.weighted(SURNAMES),
    suffix: sex === 'M' ? r.weighted(SUFFIXES) : '',
    sex,
    dob: r.date(1940, 2000),
    npi: npiFor(index),
    otherLast: sex === 'F' && r.chance(0.15) ? r.weighted(SURNAMES) : null,
    nickname: r.chance(0.3) ? (NICKNAMES[first] ?? null) : null,
    street: `${r.int(1, 9999)} ${r.pick(STREETS)}`,
    city,
    state,
    zip: `${zip3}${r.digits(2)}`,
    general,
    specialty,
    taxonomy,
    license: `${licensePrefix}${r.digits(6)}`,
  };
}

export function businessAt(seed: number, index: number): Business {
  const r = new Random(seed, 'business', index);
  const [city, state, zip3] = r.weighted(PLACES);
  const word = r.pick(BUSINESS_WORDS);
  const kind = r.pick(BUSINESS_KINDS);
  // Businesses get NPIs from a separate index range so they never collide with people's.
  return {
    index,
    name: `${word} ${kind} ${r.weighted(LEGAL_SUFFIXES)}`,
    dba: r.chance(0.25) ? `${r.pick(BUSINESS_WORDS)} ${kind}` : null,
    npi: npiFor(50_000_000 + index),
    street: `${r.int(1, 9999)} ${r.pick(STREETS)}`,
    city,
    state,
    zip: `${zip3}${r.digits(2)}`,
    kind,
  };
}

/** YYYY-MM-DD → other layouts. */
export const ymd = (iso: string): string => iso.replaceAll('-', '');
export const mdy = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const mmddccyy = (iso: string): string => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
