/** Deterministic synthetic list records and clean queries with realistic name frequencies. */
import { luhnCheckDigit } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import type { IndividualQuery } from './query-types';
import { BUSINESS_FORMS, BUSINESS_GENERIC, BUSINESS_WORDS, SURNAME_SYLLABLES, SYNTHETIC_FIRST_NAMES, SYNTHETIC_SURNAMES, US_STATES } from './synthetic-names';

/** Small fast seeded PRNG (mulberry32): same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks items with Zipf-like frequencies: the first item is the most common. */
export class ZipfSampler<T> {
  private readonly cumulative: Float64Array;
  constructor(
    private readonly items: readonly T[],
    exponent = 1,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((_, i) => (this.cumulative[i] = sum += 1 / Math.pow(i + 1, exponent)));
    for (let i = 0; i < items.length; i++) this.cumulative[i] /= sum;
  }

  /** One item, drawn with the given random source. */
  sample(rnd: () => number): T {
    const x = rnd();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

// Exponents chosen so the top names have about their US shares (James ~3%, Smith ~1%).
const firstNames = new ZipfSampler(SYNTHETIC_FIRST_NAMES, 0.5);
const surnames = new ZipfSampler(SYNTHETIC_SURNAMES, 0.5);
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];

/** A surname: mostly common ones, with a long tail of rare generated ones as real lists have. */
export function syntheticSurname(rnd: () => number): string {
  if (rnd() < 0.6) return cap(surnames.sample(rnd));
  const parts = 2 + (rnd() < 0.3 ? 1 : 0);
  let s = '';
  for (let i = 0; i < parts; i++) s += pick(rnd, SURNAME_SYLLABLES);
  return cap(s);
}

/** A given name drawn by frequency. */
export function syntheticFirstName(rnd: () => number): string {
  return cap(firstNames.sample(rnd));
}

/** A valid NPI (Luhn with the 80840 prefix). */
export function syntheticNpi(rnd: () => number): string {
  const body = String(1 + Math.floor(rnd() * 2)) + String(Math.floor(rnd() * 1e8)).padStart(8, '0');
  return body + luhnCheckDigit('80840' + body);
}

/** An ISO date of birth between 1940 and 2000. */
export function syntheticDob(rnd: () => number): string {
  const y = 1940 + Math.floor(rnd() * 60);
  const m = 1 + Math.floor(rnd() * 12);
  const d = 1 + Math.floor(rnd() * 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const SOURCES: SourceId[] = ['leie', 'leie', 'sam', 'sam', 'sam', 'ofac-sdn', 'state-ny', 'state-ca', 'state-tx', 'state-oh', 'state-pa'];

/** Generates n list records (85% people, 15% businesses) deterministically from a seed. */
export function* syntheticRecords(n: number, seed = 1): Generator<ListRecord> {
  const rnd = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    const source = pick(rnd, SOURCES);
    const isPerson = rnd() < 0.85;
    const r = emptyListRecord(source, `${source}-${i}`, isPerson ? 'person' : 'business');
    if (isPerson) {
      r.firstName = syntheticFirstName(rnd);
      r.lastName = rnd() < 0.04 ? `${syntheticSurname(rnd)}-${syntheticSurname(rnd)}` : syntheticSurname(rnd);
      if (rnd() < 0.4) r.middleName = rnd() < 0.5 ? syntheticFirstName(rnd).charAt(0) : syntheticFirstName(rnd);
      if (source !== 'ofac-sdn' || rnd() < 0.5) r.dateOfBirth = syntheticDob(rnd);
      if (source === 'ofac-sdn' || rnd() < 0.05) r.akas = [`${syntheticSurname(rnd)}`];
    } else {
      r.businessName = `${cap(pick(rnd, BUSINESS_WORDS))} ${cap(pick(rnd, BUSINESS_GENERIC))}${rnd() < 0.5 ? ' ' + cap(pick(rnd, BUSINESS_GENERIC)) : ''} ${pick(rnd, BUSINESS_FORMS)}`.trim();
      if (rnd() < 0.1) r.dbas = [`${cap(pick(rnd, BUSINESS_WORDS))} ${cap(pick(rnd, BUSINESS_GENERIC))}`];
    }
    if (source !== 'ofac-sdn' && rnd() < 0.35) r.npi = syntheticNpi(rnd);
    r.state = pick(rnd, US_STATES);
    r.postalCode = String(10000 + Math.floor(rnd() * 89999));
    yield r;
  }
}

/** Generates n individual queries (people from a customer's file) from a seed. */
export function syntheticIndividuals(n: number, seed = 2): IndividualQuery[] {
  const rnd = seededRandom(seed);
  const out: IndividualQuery[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      type: 'individual',
      firstName: syntheticFirstName(rnd),
      middleName: rnd() < 0.3 ? syntheticFirstName(rnd).charAt(0) : null,
      lastName: syntheticSurname(rnd),
      dateOfBirth: syntheticDob(rnd),
      state: pick(rnd, US_STATES),
    });
  }
  return out;
}
