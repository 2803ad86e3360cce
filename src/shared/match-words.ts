/**
 * The engine's explanations in a reviewer's words (issue 14): "Last name: same", "First name:
 * Bill is a nickname of William", "Date of birth: different (1956-02-27 vs 1956-02-28, one day
 * apart)", "Matched through the list's other name (AKA) Jose Ignacio"; no field paths, no score
 * arithmetic. One module, so that the drawer, the reports and the interactive results say the same.
 */
import { maskSsn } from './identifiers';

/** The explanation as stored with a result (the engine's `Explanation`). */
export interface ExplanationInput {
  score: number;
  threshold: number;
  matchedName: { listField: string; value: string } | null;
  fields: { queryField: string; listField: string; queryValue: string; listValue: string; score: number; method: string }[];
  adjustments: { reason: string; effect: number }[];
}

export interface ExplanationWords {
  /** "Potential match: score 0.87 (review threshold 0.80)". */
  verdict: string;
  /** "Matched through the list's other name (AKA) Jose Ignacio", or null for the list's own name. */
  matchedThrough: string | null;
  /** One line per compared field: "Last name: same". */
  lines: string[];
  /** Other facts about the names that moved the score: "Middle name on one side only". */
  notes: string[];
}

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  name: 'Name',
  dateOfBirth: 'Date of birth',
  npi: 'NPI',
  ssn: 'SSN',
  ein: 'EIN',
  state: 'State',
  city: 'City',
  postalCode: 'ZIP code',
  licenseNumber: 'License number',
  nppesLicense: 'License NPPES lists for the NPI',
  nppesState: 'NPPES practice state',
  providerType: 'Provider type',
  nppesProfession: 'Provider type NPPES gives for the NPI',
};

const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** Names come from the engine in lower case: shown capitalised ("o'brien" → "O'Brien"). */
export function displayName(text: string): string {
  return text.replace(/(^|[\s'\-.])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

const NAME_FIELDS = new Set(['firstName', 'middleName', 'lastName', 'name']);

function shown(field: string, value: string): string {
  if (field === 'ssn') return value ? maskSsn(value) : value;
  return NAME_FIELDS.has(field) ? displayName(value) : value;
}

const ONE_DAY = 86_400_000;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number, unit: string): string => `${NUMBER_WORDS[n] ?? String(n)} ${unit}${n === 1 ? '' : 's'}`;

/** How far apart two dates of birth are, in words ("one day apart", "3 years apart"); null when not full dates. */
export function dateDistance(a: string, b: string): string | null {
  const da = /^\d{4}-\d{2}-\d{2}$/.test(a) ? Date.parse(`${a}T00:00:00Z`) : NaN;
  const db = /^\d{4}-\d{2}-\d{2}$/.test(b) ? Date.parse(`${b}T00:00:00Z`) : NaN;
  if (Number.isNaN(da) || Number.isNaN(db)) return null;
  const days = Math.round(Math.abs(da - db) / ONE_DAY);
  if (days === 0) return null;
  if (days < 60) return `${count(days, 'day')} apart`;
  const years = Math.abs(Number(a.slice(0, 4)) - Number(b.slice(0, 4)));
  return years === 0 ? 'same year' : `${count(years, 'year')} apart`;
}

/** The shorter of two names first: "Bill is a nickname of William" whichever side has which. */
const byLength = (a: string, b: string): [string, string] => (a.length <= b.length ? [a, b] : [b, a]);

// Letter groups only Wade-Giles writes (pinyin never does): which side of a pair is the Wade-Giles one.
const WADE_GILES_MARK = /hs|ts|tz|ung|ieh|ueh|ien|ih|erh|eh\b/i;

/** "Tse Tung is the Wade-Giles spelling of Zedong" (ADR 043). */
function wadeGilesWords(q: string, l: string): string {
  const [wg, pinyin] = WADE_GILES_MARK.test(q) ? [q, l] : WADE_GILES_MARK.test(l) ? [l, q] : [null, null];
  return wg ? `${wg} is the Wade-Giles spelling of ${pinyin}` : `Wade-Giles and pinyin spellings of the same Chinese name (${q} vs ${l})`;
}

/** One compared field in words (without its label). */
export function comparisonWords(f: ExplanationInput['fields'][number]): string {
  const q = shown(f.queryField, f.queryValue);
  const l = shown(f.queryField, f.listValue);
  const both = `${q} vs ${l}`;
  if (f.queryField === 'dateOfBirth') {
    if (f.method === 'exact') return 'same';
    if (f.method === 'transposed') return `same day and month, swapped (${both})`;
    if (f.method === 'partial') return `the same as far as both give it (${both})`;
    if (f.method === 'missing' && !l) return `the list has no date of birth for this record (${q} given), so the name alone decided`;
    const distance = dateDistance(f.queryValue, f.listValue);
    // One typo away (a day, a digit, two digits swapped): the engine counts it as the same date mistyped.
    if (f.method === 'near') return `close, probably a typo (${both}${distance ? `, ${distance}` : ''})`;
    return `different (${both}${distance ? `, ${distance}` : ''})`;
  }
  // What the list lacks is said as for a date of birth (issue 52, ADR 120).
  if (f.queryField === 'licenseNumber' && f.method === 'missing' && !l) return `the list has no license number for this record (${q} given)`;
  if (f.queryField === 'nppesState' && f.method === 'exact') return f.listField === 'listState' ? `the list's own state (${l}); the record has no address` : `the list record's state (${l})`;
  if (f.queryField === 'nppesLicense' && f.method === 'exact') return `the list record carries it (${l})`;
  // Provider types are compared by kind (ADR 121): "RN" and "REGISTERED NURSE" are the same kind.
  if (f.listField === 'providerType') return f.method === 'same-kind' ? `the same kind of provider (${both})` : f.method === 'related' ? `related kinds of provider, not compared (${both})` : `different (${both}); not counted against`;
  // A state list's record without an address stands in its list's state (ADR 118).
  if (f.listField === 'listState') return `${f.method === 'exact' ? 'same' : 'different'} (${q} given; the record has no address, the list is ${l}'s own)`;
  switch (f.method) {
    case 'exact':
      return 'same';
    case 'nickname': {
      const [short, long] = byLength(q, l);
      return `${short} is a nickname of ${long}`;
    }
    case 'initial': {
      const [short, long] = byLength(q, l);
      return `${short} is the initial of ${long}`;
    }
    case 'prefix': {
      const [short, long] = byLength(q, l);
      return `${short} is the start of ${long}`;
    }
    case 'phonetic':
      return `sounds the same, spelled differently (${both})`;
    case 'typo':
      return `spelled a little differently, likely a typo (${both})`;
    case 'consonants':
      return `written without vowels, the same consonants (${both})`;
    case 'kana':
      return `the katakana reading of the same name (${both}: the vowels katakana adds, l/r and v/b left aside)`;
    case 'romanised':
      return `the same name romanised another way (${both}: aspiration, v/w, r and the vowels left aside)`;
    case 'kanji':
      return `a Japanese reading of the name written in kanji (${both}: the readings of each kanji, long vowels left aside)`;
    case 'wade-giles':
      return wadeGilesWords(q, l);
    case 'glued':
      return `the same words, joined or split differently (${both})`;
    case 'partial':
      return `partly the same (${both})`;
    case 'cut': {
      const [short, long] = byLength(q, l);
      return `${short} is ${long} cut short, as a field of limited length keeps it`;
    }
    case 'missing':
      return `given on one side only (${q || l})`;
    case 'other-name':
      return `another name, not a misspelling: both are names many people in the US bear (${both})`;
    case 'different':
      return q && l ? `different (${both})` : `given on one side only (${q || l})`;
    default:
      return `similar (${both})`;
  }
}

/** "Last name: same" for every compared field. */
export function fieldLines(fields: ExplanationInput['fields']): string[] {
  return fields.map((f) => `${fieldLabel(f.queryField)}: ${comparisonWords(f)}`);
}

/** Which of the list's names matched, when it is not the record's own name. */
export function matchedThroughWords(matched: ExplanationInput['matchedName']): string | null {
  if (!matched) return null;
  const value = /^[\p{Ll}\s'\-.]+$/u.test(matched.value) ? displayName(matched.value) : matched.value;
  if (/^akas?\b/.test(matched.listField)) return `Matched through the list's other name (AKA) ${value}`;
  if (/^dbas?\b/.test(matched.listField)) return `Matched through the list's trade name (DBA) ${value}`;
  return null;
}

// Name notes the engine adds as "name: …"; the similarity product and per-field effects are
// already said by the lines, so only these remain.
function noteWords(adjustments: ExplanationInput['adjustments']): string[] {
  return adjustments
    .filter((a) => a.reason.startsWith('name: '))
    .map((a) => a.reason.slice('name: '.length).trim())
    .filter(Boolean)
    .map((n) => n.replace(/^query words not on the list name/, 'Words of your name not in the list name').replace(/^list words not in the query/, 'Words of the list name not in your name'))
    .map((n) => n.charAt(0).toUpperCase() + n.slice(1));
}

export function explanationWords(e: ExplanationInput): ExplanationWords {
  const isMatch = e.score >= e.threshold;
  return {
    verdict: `${isMatch ? 'Potential match' : 'Below the review threshold'}: score ${e.score.toFixed(2)} (review threshold ${e.threshold.toFixed(2)})`,
    matchedThrough: matchedThroughWords(e.matchedName),
    lines: fieldLines(e.fields),
    notes: noteWords(e.adjustments),
  };
}

/** The explanation on one line, for tables and CSV cells: "Last name: same; First name: …". */
export function explanationLine(e: ExplanationInput): string {
  const w = explanationWords(e);
  return [w.matchedThrough, ...w.lines, ...w.notes].filter(Boolean).join('; ');
}

/** What a search hit shows of why it matched: the line above, else the engine's own summary. */
export function matchedOnLine(e: ExplanationInput & { summary: string }): string {
  return explanationLine(e) || e.summary;
}
