/**
 * Whether two Latin spellings are one name written two ways rather than two names (ADR 116): the name as it
 * sounds, vowels kept, is the same (Stephens/Stevens, Baily/Bailey, Johnson/Jonson, Gonzales/Gonzalez, but not
 * Hall/Hill), or one side is no name many people bear and begins with the same letter (Jonsn for Johnson).
 */
import { isKnownGivenNameByCount, isKnownSurname } from './name-frequencies';
import { boundedEditDistance } from './string-distance';

/**
 * The spelling as it sounds, vowels kept: mac as mc, sch as sh, ph and v as f, th as t, chr/chl as kr/kl, ck and
 * q as k, hard c as k, dt and mps as t and ms, ei/ey/ie/ee/ea/y as i, z as s, a silent h or final e dropped, an
 * unstressed e before r (Jefferies) and the vowel of a closing -son/-sen once, doubled letters once.
 */
export function soundSpelling(token: string): string {
  let key = keys.get(token);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(token, (key = spellingKey(token)));
  }
  return key;
}

const keys = new Map<string, string>();
const MAX_KEYS = 200_000;

function spellingKey(token: string): string {
  return token
    .replace(/^mac/, 'mc')
    .replace(/sch/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/ch(?=[rl])/g, 'k')
    .replace(/th/g, 't')
    .replace(/v/g, 'f')
    .replace(/ck|q/g, 'k')
    .replace(/c(?=[aoulr])/g, 'k')
    .replace(/dt/g, 't')
    .replace(/mp(?=s)/g, 'm')
    .replace(/ei|ey|ie|ee|ea|y/g, 'i')
    .replace(/z/g, 's')
    .replace(/([aeiou])h(?![aeiou])/g, '$1')
    .replace(/(?<=[a-z]{3})e$/, '')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/([^aeiou])er(?=[aeiou])/g, '$1r')
    .replace(/s[eo]n$/, 'sn');
}

/** Two letters side by side swapped (Myres/Myers): the commonest slip of typing, seldom another name. */
export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

export function sameSound(a: string, b: string): boolean {
  return isTransposition(a, b) || soundSpelling(a) === soundSpelling(b);
}

/** Whether b is a misspelling of a (or a of b): same first letter, and one side is no name in the frequency table. */
export function isMisspelling(a: string, b: string, role: 'surname' | 'given'): boolean {
  if (a[0] !== b[0]) return false;
  const known = role === 'surname' ? isKnownSurname : isKnownGivenNameByCount;
  return !known(a) || !known(b);
}

/**
 * One name spelt two ways as closely as a slip of the pen goes (ADR 118): alike in sound, or a misspelling
 * two edits away at most or with letters only left out (Hrnndz for Hernandez). A same-initial sound-alike
 * further off (Rorie/Rauer, Kuntz/Kendzia) may be a misspelling, but is as likely another family.
 */
export function isCloseSpelling(a: string, b: string, role: 'surname' | 'given'): boolean {
  if (sameSound(a, b)) return true;
  if (!isMisspelling(a, b, role)) return false;
  return boundedEditDistance(a, b, 2) <= 2 || (a.length < b.length ? lettersLeftOut(a, b) : lettersLeftOut(b, a));
}

/** Whether `short` is `long` with some letters left out (its letters in the same order). */
function lettersLeftOut(short: string, long: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length && j < short.length; i++) if (long[i] === short[j]) j++;
  return j === short.length;
}
