/**
 * Spellings that meet only when a name comes from another writing system (ADR 034, 043): a name written
 * without vowels (Arabic, Hebrew) meets a Latin spelling with the same consonants; a katakana reading meets
 * the Latin name it renders (the vowels katakana adds, l/r, v/b); a Wade-Giles spelling meets pinyin.
 * The rule is chosen once per query from the name as written, so the other queries never pay for it.
 */
import { hasKana } from './kana';
import { isAbjad, normalizeText } from './text-normalize';
import { chineseSpellingOf, sameChineseSyllables } from './wade-giles';

/**
 * Which loose comparison a query's name asks for (null: none). 'pinyin' needs a Wade-Giles token on one side;
 * 'brahmic': a name written in Thai or Khmer letters (ADR 050).
 */
export type LooseSpelling = 'abjad' | 'kana' | 'brahmic' | 'wade-giles' | 'pinyin' | null;

/** The loose comparison one name written as given asks for. */
function ruleOf(text: string): LooseSpelling {
  if (!text) return null;
  // Only ASCII: no Arabic, Hebrew, kana, Thai, Khmer or Han to look for (most rows of a batch, ADR 079).
  if (ASCII.test(text)) return latinRule(text);
  if (isAbjad(text)) return 'abjad';
  if (hasKana(text)) return 'kana';
  if (/[\p{Script=Thai}\p{Script=Khmer}]/u.test(text)) return 'brahmic';
  if (/\p{Script=Han}/u.test(text)) return 'wade-giles';
  return latinRule(text);
}

const ASCII = /^[\x00-\x7f]*$/;

/** The rule of a name in Latin letters: pinyin or Wade-Giles when its words read as Chinese syllables. */
function latinRule(text: string): LooseSpelling {
  const tokens = normalizeText(text).split(' ').filter(Boolean);
  return tokens.length >= 2 ? chineseSpellingOf(tokens) : null;
}

const STRENGTH: Record<string, number> = { abjad: 5, kana: 4, brahmic: 3, 'wade-giles': 2, pinyin: 1 };

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
// Japanese has no ti, di, tu, du, si, hu syllables: katakana writes チ, ジ, ツ, ズ, シ, フ for them (Putin プーチン
// puchin, Vladimir ウラジーミル urajimiru); newer katakana writes some of them (ディ di), so both readings count.
const KANA_LATIN: [RegExp, string][] = [[/th/g, 's'], [/x/g, 'ks']];
const KANA_SYLLABLES: [RegExp, string][] = [[/ti/g, 'chi'], [/di/g, 'ji'], [/tu/g, 'tsu'], [/du/g, 'zu'], [/si/g, 'shi'], [/hu/g, 'fu']];
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
    let adapted = t;
    for (const [re, to] of KANA_SYLLABLES) adapted = adapted.replace(re, to);
    const all: string[] = [];
    for (const v of adapted === t ? [t] : [t, adapted]) {
      all.push(keyOf(v), keyOf(v.replace(/r(?=[^aeiouy])/g, '').replace(/er$/, 'e')));
      // A v or w before a consonant at the start is the vowel ウ in katakana (Vladimir ウラジーミル).
      if (/^[vw][^aeiouy]/.test(v)) all.push(keyOf(v.slice(1)));
    }
    keys = all.filter((k, i) => k.length >= 2 && all.indexOf(k) === i);
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

// Thai and Khmer names in Latin letters follow either a transcription (RTGS, UNGEGN: Chinnawat, Aphisit) or the
// letters of their Sanskrit or Pali spelling (Shinawatra, Abhisit, Vejjajiva), and write aspiration, voicing, v/w,
// r after a consonant or before one, and the vowels each their own way. What stays is the first sound and the
// order of the other consonants (ADR 050).
const BRAHMIC_KEY: [RegExp, string][] = [
  [/^[aeiou]/, 'V'], [/^r/, 'R'], [/^[vw]/, 'W'],
  [/ch|sh|j/g, 'C'], [/bh|ph|b|p/g, 'P'], [/th|dh|t|d/g, 'T'], [/ng/g, 'n'], [/kh|gh|ck|k|g|q|c/g, 'K'], [/[vw](?=[aeiou])/g, 'W'], [/y(?=[aeiou])/g, 'Y'],
  // A final l is said n (กุล kun, Kul), a final ch t (เดช det, Dej); the t of a final t-ch is the ch (เวชชา wetcha, Vejja).
  [/[zx]/g, 's'], [/l(?![aeiou])/g, 'n'], [/[aeiouhrwyv]/g, ''], [/C$/, 'T'], [/TC/g, 'C'], [/(.)\1+/g, '$1'],
];
const brahmicKeyCache = new Map<string, string[]>();

/**
 * The sounds two romanisations of a Thai or Khmer name share ("shinawatra", "chinwat" → "CnWT"), with and without
 * a final t (a letter the script writes and does not say: อานันท์ anan, Anand). Two sounds are too few to tell
 * names apart (Pol and Brian, Pot and Bush), so a key of two also holds the first vowel.
 */
export function brahmicKeys(token: string): string[] {
  let keys = brahmicKeyCache.get(token);
  if (keys === undefined) {
    let key = token;
    for (const [re, to] of BRAHMIC_KEY) key = key.replace(re, to);
    // Two sounds only with the first vowel too (Pita / Phitha, Korn / Kon; not Pol / Brian, Pot / Bush).
    const vowel = /[aeiou]/.exec(token)?.[0] ?? '';
    keys = [key, key.replace(/T$/, '')]
      .map((k) => (k.length >= 3 ? k : k.length === 2 && vowel ? `${k}-${vowel}` : ''))
      .filter((k, i, all) => k && all.indexOf(k) === i);
    if (brahmicKeyCache.size > 50_000) brahmicKeyCache.clear();
    brahmicKeyCache.set(token, keys);
  }
  return keys;
}

/** The key a loose rule compares by (for candidate search: dictionary tokens with the query token's key). */
export function looseKeys(rule: LooseSpelling, token: string): string[] {
  if (rule === 'brahmic') return brahmicKeys(token);
  return rule === 'kana' ? kanaKeys(token) : [];
}

/** The method and rule two tokens meet by, or null. */
export function looseMatch(rule: LooseSpelling, a: string, b: string): 'kana' | 'romanised' | 'wade-giles' | null {
  if (rule === 'kana') return sameKanaReading(a, b) ? 'kana' : null;
  if (rule === 'brahmic') {
    const kb = brahmicKeys(b);
    return brahmicKeys(a).some((k) => kb.includes(k)) ? 'romanised' : null;
  }
  if (rule === 'wade-giles' || rule === 'pinyin') return sameChineseSyllables(a, b, rule === 'pinyin') ? 'wade-giles' : null;
  return null;
}
