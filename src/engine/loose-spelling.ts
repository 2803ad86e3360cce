/**
 * Spellings that meet only when a name comes from another writing system (ADR 034, 043): a name written
 * without vowels (Arabic, Hebrew) meets a Latin spelling with the same consonants; a katakana reading meets
 * the Latin name it renders (the vowels katakana adds, l/r, v/b); a Wade-Giles spelling meets pinyin.
 * The rule is chosen once per query from the name as written, so the other queries never pay for it.
 */
import { hasKana } from './kana';
import { isAbjad, normalizeText } from './text-normalize';
import { chineseSpellingOf, sameChineseSyllables } from './wade-giles';

/** Which loose comparison a query's name asks for (null: none). 'pinyin' needs a Wade-Giles token on one side. */
export type LooseSpelling = 'abjad' | 'kana' | 'wade-giles' | 'pinyin' | null;

/** The loose comparison one name written as given asks for. */
function ruleOf(text: string): LooseSpelling {
  if (!text) return null;
  if (isAbjad(text)) return 'abjad';
  if (hasKana(text)) return 'kana';
  if (/\p{Script=Han}/u.test(text)) return 'wade-giles';
  const tokens = normalizeText(text).split(' ').filter(Boolean);
  return tokens.length >= 2 ? chineseSpellingOf(tokens) : null;
}

const STRENGTH: Record<string, number> = { abjad: 4, kana: 3, 'wade-giles': 2, pinyin: 1 };

/** The rule for comparing two names (either side may be the one from another script). */
export function looseSpellingOf(...texts: (string | null | undefined)[]): LooseSpelling {
  let best: LooseSpelling = null;
  for (const t of texts) {
    const r = ruleOf(String(t ?? ''));
    if (r && (!best || STRENGTH[r] > STRENGTH[best])) best = r;
  }
  return best;
}

// Latin spellings read as katakana hears them: th is s, x is ks, l = r; an r before a consonant or in a final
// -er is often a long vowel (Richard リチャード, Thatcher サッチャー) and often kept (Merkel メルケル), so a
// token has two keys, with and without it. Then g, j, k, ch are one sound, as are b and v.
const KANA_LATIN: [RegExp, string][] = [[/th/g, 's'], [/x/g, 'ks']];
const KANA_KEY: [RegExp, string][] = [
  [/l/g, 'r'], [/ph/g, 'f'], [/p/g, 'f'], [/(?:tz|ts|z)/g, 's'], [/sh/g, 's'], [/(?:kh|ch|gh|ck|q|c|g|j)/g, 'k'], [/dh/g, 'd'], [/v/g, 'b'], [/[aeiouwyh]/g, ''], [/(.)\1+/g, '$1'],
];
const kanaKeyCache = new Map<string, string[]>();

function keyOf(token: string): string {
  let key = token;
  for (const [re, to] of KANA_KEY) key = key.replace(re, to);
  return key;
}

/** The consonants a katakana reading and a Latin spelling of one name share ("baraku", "barack" → "brk"); one or two keys. */
export function kanaKeys(token: string): string[] {
  let keys = kanaKeyCache.get(token);
  if (keys === undefined) {
    let t = token;
    for (const [re, to] of KANA_LATIN) t = t.replace(re, to);
    const full = keyOf(t);
    const long = keyOf(t.replace(/r(?=[^aeiouy])/g, '').replace(/er$/, 'e'));
    keys = [full, long].filter((k, i, all) => k.length >= 2 && all.indexOf(k) === i);
    if (kanaKeyCache.size > 50_000) kanaKeyCache.clear();
    kanaKeyCache.set(token, keys);
  }
  return keys;
}

/** A katakana reading and a Latin spelling of one name: at least two consonants, the same. */
export function sameKanaReading(a: string, b: string): boolean {
  const kb = kanaKeys(b);
  return kanaKeys(a).some((k) => kb.includes(k));
}

/** The key a loose rule compares by (for candidate search: dictionary tokens with the query token's key). */
export function looseKeys(rule: LooseSpelling, token: string): string[] {
  return rule === 'kana' ? kanaKeys(token) : [];
}

/** The method and rule two tokens meet by, or null. */
export function looseMatch(rule: LooseSpelling, a: string, b: string): 'kana' | 'wade-giles' | null {
  if (rule === 'kana') return sameKanaReading(a, b) ? 'kana' : null;
  if (rule === 'wade-giles' || rule === 'pinyin') return sameChineseSyllables(a, b, rule === 'pinyin') ? 'wade-giles' : null;
  return null;
}
