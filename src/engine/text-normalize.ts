/** Text normalisation shared by every name path: one place decides what a "token" is. */
import { transliterate } from 'transliteration';
import { romaniseHangul } from './hangul';
import { hasKana, romaniseKana } from './kana';
import { hasThai, romaniseThai } from './thai';
import { hasKhmer, romaniseKhmer } from './khmer';

/** Longest input we look at; real names are far shorter, and the cap bounds work on hostile input. */
export const MAX_NAME_CHARS = 300;
/** Most tokens a single name contributes; beyond this it is not a name. */
export const MAX_NAME_TOKENS = 12;

// Letters that NFKD does not decompose into a base letter plus a mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'n',
};
const SPECIAL_RE = /[ßæœøłđðþıħŧŋ]/g;
const MARKS_RE = /\p{M}+/gu;
// Apostrophes join (O'Brien → obrien); everything that is not a letter or digit separates.
const APOSTROPHES_RE = /['\u2018\u2019\u02bc`\u00b4]/g;
const SEPARATOR_RE = /[^\p{L}\p{N}]+/gu;

// Words of ASCII letters and digits, one space apart, nothing before or after: normalizeText only lowercases them.
const PLAIN_RE = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;
// Any other ASCII text ("Smith, John A", " Lee", ""): no step but the lowercasing, the apostrophes and the separators changes it.
const ASCII_RE = /^[\x00-\x7f]*$/;
const ASCII_APOSTROPHES_RE = /['`]/g;
const ASCII_SEPARATOR_RE = /[^a-z0-9]+/g;

// Anything beyond Latin (with its accented and extended forms) is written in Latin letters first.
const NON_LATIN_RE = /[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f]/;

/** Scripts a name can be written in, for the explanation ("transliterated from Cyrillic"). */
const SCRIPTS: [string, RegExp][] = [
  ['Cyrillic', /\p{Script=Cyrillic}/u], ['Greek', /\p{Script=Greek}/u], ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u], ['Arabic', /\p{Script=Arabic}/u], ['Chinese', /\p{Script=Han}/u],
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/u], ['Korean', /\p{Script=Hangul}/u], ['Thai', /\p{Script=Thai}/u],
  ['Khmer', /\p{Script=Khmer}/u], ['Georgian', /\p{Script=Georgian}/u], ['Devanagari', /\p{Script=Devanagari}/u],
];

/** The non-Latin script a name is written in (null for Latin names), for explanations. */
export function nonLatinScriptOf(input: string | null | undefined): string | null {
  const s = String(input ?? '');
  if (!NON_LATIN_RE.test(s)) return null;
  for (const [name, re] of SCRIPTS) if (re.test(s)) return name;
  return 'another script';
}

// Arabic: the article and "son of" as Latin lists write them; ain unwritten (it is "aa" otherwise, a
// vowel the Latin forms do not have). Hebrew: vav as w (a vowel letter far more often than v).
const ARABIC_RULES: [RegExp, string][] = [
  [/(^|\s)ال/g, '$1al '], [/(^|\s)(?:بن|ابن)(?=\s)/g, '$1bin'], [/ع/g, ''],
];
const HEBREW_RULES: [RegExp, string][] = [[/ו/g, 'w']];
// Katakana writes the space between names as a middle dot.
const KANA_DOT = /[\u30fb\uff65]/g;

/** Our own rules before the package's (ADR 034, 043, 050): Korean spelt as names are spelt, kana in Hepburn, Thai (RTGS) and Khmer (UNGEGN) by syllables, abjad vowel letters. */
function beforeTransliteration(s: string): string {
  let out = s.replace(KANA_DOT, ' ');
  if (/[\uac00-\ud7a3]/.test(out)) out = romaniseHangul(out);
  if (hasKana(out)) out = romaniseKana(out);
  if (hasThai(out)) out = romaniseThai(out);
  if (hasKhmer(out)) out = romaniseKhmer(out);
  if (/\p{Script=Arabic}/u.test(out)) for (const [re, to] of ARABIC_RULES) out = out.replace(re, to);
  if (/\p{Script=Hebrew}/u.test(out)) for (const [re, to] of HEBREW_RULES) out = out.replace(re, to);
  return out;
}

/** True when a name is written in a script without vowels (Arabic, Hebrew): its consonants are what compare. */
export function isAbjad(input: string | null | undefined): boolean {
  const script = nonLatinScriptOf(input);
  return script === 'Arabic' || script === 'Hebrew';
}

/**
 * Lowercases, strips accents and punctuation, and collapses spaces; returns "" for nothing usable.
 * Names in other scripts are transliterated to Latin (package `transliteration`, ADR 027); the
 * original stays on the record for display.
 */
export function normalizeText(input: string | null | undefined): string {
  if (input == null) return '';
  let s = String(input);
  if (s.length > MAX_NAME_CHARS) s = s.slice(0, MAX_NAME_CHARS);
  // Most names are ASCII letters and digits in words one space apart: every step below leaves them as
  // they are but the lowercasing (ADR 089: a batch row normalises ~20 names and name parts).
  // Other ASCII names (a comma, a hyphen, spaces around: ~5 of a batch row's names with an NPPES
  // match) skip the steps that cannot change them: transliteration, NFKD, marks, special letters (ADR 092).
  if (PLAIN_RE.test(s)) return s.toLowerCase();
  return ASCII_RE.test(s) ? normalizeAscii(s) : normalizeEveryStep(s);
}

/**
 * normalizeEveryStep for ASCII text: NFKD leaves ASCII as it is, no ASCII character is a mark or
 * one of the special letters, the ASCII apostrophes are ' and `, and the ASCII letters and digits
 * (\p{L}, \p{N}) are a-z and 0-9 once lowercased.
 */
export function normalizeAscii(input: string): string {
  return input.toLowerCase().replace(ASCII_APOSTROPHES_RE, '').replace(ASCII_SEPARATOR_RE, ' ').trim();
}

/** normalizeText's steps, every one run (exported for the test that holds the plain names' shortcut to them). */
export function normalizeEveryStep(input: string): string {
  let s = input.length > MAX_NAME_CHARS ? input.slice(0, MAX_NAME_CHARS) : input;
  if (NON_LATIN_RE.test(s)) s = transliterate(beforeTransliteration(s));
  s = s.normalize('NFKD').replace(MARKS_RE, '').toLowerCase();
  s = s.replace(SPECIAL_RE, (c) => SPECIAL_LETTERS[c] ?? c);
  s = s.replace(APOSTROPHES_RE, '').replace(SEPARATOR_RE, ' ').trim();
  return s;
}

/** Splits normalised text into at most MAX_NAME_TOKENS tokens. */
export function tokenize(input: string | null | undefined): string[] {
  const s = normalizeText(input);
  if (!s) return [];
  const tokens = s.split(' ');
  return tokens.length > MAX_NAME_TOKENS ? tokens.slice(0, MAX_NAME_TOKENS) : tokens;
}

/**
 * Joins runs of single letters ("l l c" → "llc", "a b c home" → "abc home"), so dotted
 * abbreviations compare like their undotted spelling. Person initials are kept by callers
 * that need them (they do not call this).
 */
export function joinSingleLetters(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const t of tokens) {
    if (t.length === 1 && /\p{L}/u.test(t)) {
      run += t;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(t);
  }
  if (run) out.push(run);
  return out;
}

/** True when the string is made only of Latin letters and digits (our phonetic and typo rules apply). */
export function isLatinToken(token: string): boolean {
  return /^[a-z0-9]+$/.test(token);
}
