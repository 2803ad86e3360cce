/** How alike two name tokens are, and why: the building block every name score is made of. */
import { areNicknames, isKnownGivenName } from './nicknames';
import { phoneticKey } from './phonetic';
import { boundedEditDistance, jaroWinkler } from './string-distance';
import { looseMatch, type LooseSpelling } from './loose-spelling';
import { isLatinToken } from './text-normalize';
import { isOwnGivenName, isOwnSurname } from './name-frequencies';
import { isMisspelling, sameSound } from './spelling-variant';

export type MatchMethod =
  | 'exact'
  | 'nickname'
  | 'initial'
  | 'prefix'
  | 'phonetic'
  | 'typo'
  | 'similar'
  | 'glued'
  | 'consonants'
  | 'kana'
  | 'kanji'
  | 'romanised'
  | 'wade-giles'
  | 'partial'
  | 'cut'
  | 'other-name'
  | 'different'
  | 'missing';

export interface TokenMatch {
  score: number;
  method: MatchMethod;
}

/** Given names and surnames follow different rules (nicknames and initials only apply to given names). */
export type TokenRole = 'given' | 'surname' | 'business';

/** Similarity granted to each kind of evidence; the quality tests calibrate these. */
export const TOKEN_SCORES = {
  nickname: 0.93,
  initial: 0.8,
  prefix: 0.86,
  phoneticClose: 0.93,
  phonetic: 0.88,
  typo1: 0.92,
  typo1Short: 0.84,
  typo2: 0.84,
  typo2Short: 0.74,
  typoFirstLetter: 0.05,
  // Two different real given names one letter apart (Mark/Mary, Joan/John) are usually two people.
  otherKnownName: 0.5,
  // Two surnames, each a family name many US people bear (Hill/Haley, Johnson/Jensen): usually two families.
  // A name alone then stays under the default threshold; a date of birth or an identifier can still lift it.
  otherOwnSurname: 0.75,
  // A given name far (not one letter) from a given name many people bear: Kerrin/Karen, Tori/Dairo.
  farFromOwnGivenName: 0.7,
  extendedSurname: 0.6,
  // A name written without vowels (Arabic, Hebrew) whose consonants are those of the other side.
  consonants: 0.9,
  // A katakana reading of a foreign name, or a Wade-Giles spelling of a pinyin name (ADR 043).
  kana: 0.9,
  wadeGiles: 0.92,
} as const;

const VOWEL_RE = /[aeiou]/;
// Letters that are vowels or vowel carriers in abjad spellings; digraphs of one consonant; then doubles.
const SKELETON_RULES: [RegExp, string][] = [
  [/ph/g, 'f'], [/p/g, 'f'], [/(?:tz|ts|z)/g, 's'], [/(?:kh|ch|gh|ck|q|c|g)/g, 'k'], [/(?:dh|th)/g, 'd'], [/sh/g, 's'], [/v/g, 'b'], [/[aeiouwyh]/g, ''], [/(.)\1+/g, '$1'],
];

/** The consonants of a token as an abjad spelling would write them ("hussein" → "hsn"). */
export function skeleton(t: string): string {
  let out = t;
  for (const [re, to] of SKELETON_RULES) out = out.replace(re, to);
  return out;
}

/** Two tokens of which one is written without vowels (as Arabic and Hebrew write names) and both have the same consonants. */
export function sameConsonants(a: string, b: string): boolean {
  if (VOWEL_RE.test(a) === VOWEL_RE.test(b)) return false;
  const sa = skeleton(a);
  return sa.length >= 2 && sa === skeleton(b);
}

function isExtension(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.length - short.length >= 2 && short.length <= 8 && long.startsWith(short);
}

const DIFFERENT: TokenMatch = Object.freeze({ score: 0, method: 'different' });

/** Largest number of edits still treated as a typo, by token length. */
export function maxTypoEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 6 ? 1 : 2;
}

/**
 * Compares two normalised tokens in a role; symmetric. `loose`: the rule a name from another script asks for
 * (loose-spelling.ts): 'abjad', a name written in Arabic or Hebrew letters, so a token without vowels may meet
 * one with vowels by its consonants (never otherwise: "Lynn" and "Allen" share theirs); 'kana', a katakana
 * reading; 'wade-giles'/'pinyin', a Chinese name in either romanisation.
 */
export function compareTokens(a: string, b: string, role: TokenRole, loose: LooseSpelling = null): TokenMatch {
  if (a === b) return a ? { score: 1, method: 'exact' } : DIFFERENT;
  if (!a || !b) return DIFFERENT;
  if (a.length === 1 || b.length === 1) {
    if (role === 'business' || a[0] !== b[0]) return DIFFERENT;
    return { score: role === 'given' ? TOKEN_SCORES.initial : TOKEN_SCORES.initial * 0.75, method: 'initial' };
  }
  if (role === 'given' && areNicknames(a, b)) return { score: TOKEN_SCORES.nickname, method: 'nickname' };
  if (!isLatinToken(a) || !isLatinToken(b)) return DIFFERENT;
  // One letter written once or twice (Ana/Anna, Philip/Phillip, Gadafi/Gadaffi) is one name spelt two ways.
  if (Math.min(a.length, b.length) >= 3 && sameUndoubled(a, b)) return { score: TOKEN_SCORES.phoneticClose, method: 'phonetic' };

  const minLen = Math.min(a.length, b.length);
  const edits = boundedEditDistance(a, b, 2);
  let score = 0;
  let method: MatchMethod = 'different';
  if (minLen >= 3 && Math.abs(a.length - b.length) <= 4 && cachedPhoneticKey(a) === cachedPhoneticKey(b)) {
    score = edits <= 1 ? TOKEN_SCORES.phoneticClose : TOKEN_SCORES.phonetic;
    method = 'phonetic';
  }
  // Typos rarely hit the first letter, so a different initial costs a little more.
  const initialPenalty = a.charCodeAt(0) === b.charCodeAt(0) ? 0 : TOKEN_SCORES.typoFirstLetter;
  let typo = 0;
  if (edits === 1) typo = (minLen >= 4 ? TOKEN_SCORES.typo1 : TOKEN_SCORES.typo1Short) - initialPenalty;
  else if (edits === 2 && minLen >= 4) typo = (minLen >= 6 ? TOKEN_SCORES.typo2 : TOKEN_SCORES.typo2Short) - initialPenalty;
  if (typo > score) {
    score = typo;
    method = 'typo';
  }
  // Shortened given names (Chris/Christopher, Alex/Alexander) are diminutives too.
  if (role === 'given' && minLen >= 3 && TOKEN_SCORES.prefix > score && (a.startsWith(b) || b.startsWith(a))) {
    score = TOKEN_SCORES.prefix;
    method = 'prefix';
  }
  if (loose === 'abjad' && score < TOKEN_SCORES.consonants && sameConsonants(a, b)) {
    score = TOKEN_SCORES.consonants;
    method = 'consonants';
  } else if (loose && loose !== 'abjad' && score < TOKEN_SCORES.wadeGiles) {
    const how = looseMatch(loose, a, b);
    if ((how === 'kana' || how === 'romanised') && score < TOKEN_SCORES.kana) {
      score = TOKEN_SCORES.kana;
      method = how;
    } else if (how === 'wade-giles') {
      score = TOKEN_SCORES.wadeGiles;
      method = 'wade-giles';
    }
  }
  // Jaro-Winkler only grades near misses; far-apart lengths cannot be near.
  if (score === 0 && Math.abs(a.length - b.length) <= 3) {
    const jw = jaroWinkler(a, b);
    if (jw > 0.75) {
      score = Math.round((jw - 0.75) * 2.4 * 1000) / 1000;
      method = 'similar';
    }
  }
  // A surname plus a suffix (Harris/Harrison, Martin/Martinez) is usually another family name.
  if (role === 'surname' && score > TOKEN_SCORES.extendedSurname && isExtension(a, b)) {
    return { score: TOKEN_SCORES.extendedSurname, method: 'different' };
  }
  if (role === 'given' && score > TOKEN_SCORES.otherKnownName && isKnownGivenName(a) && isKnownGivenName(b)) {
    return { score: TOKEN_SCORES.otherKnownName, method: 'different' };
  }
  // Spelling alone cannot tell a typo from another name: a name many people bear is seldom a misspelling of
  // another such name (ADR 116), even one letter away (Hanson/Hanlon, Hall/Hill); only one that sounds the same
  // (Stephens/Stevens, Cristian/Christian) stays a variant. A misspelling far from a name many people bear (two
  // letters, another first letter, only alike) is more often another name, unless it is no name at all (Jonsn).
  if (!loose && score > 0 && role !== 'business' && method !== 'prefix') {
    // Frequency lookups first; the spelling key only for the pairs a cap would hit (this is the hot loop).
    const own = role === 'surname' ? isOwnSurname : isOwnGivenName;
    const ownA = own(a);
    const ownB = own(b);
    if (ownA && ownB) {
      const cap = role === 'surname' ? TOKEN_SCORES.otherOwnSurname : TOKEN_SCORES.otherKnownName;
      if (score > cap && !sameSound(a, b)) return { score: cap, method: 'other-name' };
    } else if (ownA || ownB) {
      const cap = role === 'surname' ? TOKEN_SCORES.otherOwnSurname : TOKEN_SCORES.farFromOwnGivenName;
      const near = (method === 'phonetic' && score >= TOKEN_SCORES.phoneticClose) || (method === 'typo' && edits === 1 && initialPenalty === 0);
      // A sound-alike of a surname many bear, spelt from another language (Sargsyan/Sarkissian), stays one.
      const misspelt =
        (edits <= 2 && (method === 'typo' || method === 'phonetic') && isMisspelling(a, b, role)) ||
        (role === 'surname' && method === 'phonetic' && initialPenalty === 0);
      if (score > cap && !near && !misspelt && !sameSound(a, b)) return { score: cap, method };
    }
  } else if (!loose && method === 'prefix' && isOwnGivenName(a) && isOwnGivenName(b) && score > TOKEN_SCORES.otherKnownName) {
    return { score: TOKEN_SCORES.otherKnownName, method: 'other-name' };
  }
  return score === 0 ? DIFFERENT : { score, method };
}

/**
 * Whether two tokens are the same once each run of one letter is written once (Anna/Ana): compared run by
 * run, without making the undoubled strings (it runs for most token pairs of a batch row's candidates, ADR 075).
 */
export function sameUndoubled(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = a.charCodeAt(i);
    if (c !== b.charCodeAt(j)) return false;
    while (i < a.length && a.charCodeAt(i) === c) i++;
    while (j < b.length && b.charCodeAt(j) === c) j++;
  }
  return i === a.length && j === b.length;
}

const phoneticCache = new Map<string, string>();

/** Phonetic key with a bounded cache (name tokens repeat a lot across candidates). */
function cachedPhoneticKey(token: string): string {
  let key = phoneticCache.get(token);
  if (key === undefined) {
    if (phoneticCache.size > 200_000) phoneticCache.clear();
    key = phoneticKey(token);
    phoneticCache.set(token, key);
  }
  return key;
}

/** Memoised comparisons for one query token against many list tokens. */
export class TokenComparer {
  private readonly cache = new Map<string, TokenMatch>();
  constructor(
    readonly token: string,
    readonly role: TokenRole,
    readonly loose: LooseSpelling = null,
  ) {}

  /** Compares the query token with a list token, caching by the list token. */
  compare(other: string): TokenMatch {
    let m = this.cache.get(other);
    if (!m) {
      m = compareTokens(this.token, other, this.role, this.loose);
      if (this.cache.size < 4096) this.cache.set(other, m);
    }
    return m;
  }
}
