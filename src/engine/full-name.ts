/**
 * A person's whole name in one field ("Maria Elena Garcia Lopez", "GARCIA LOPEZ, Maria Elena",
 * "Dr. John A. Smith Jr.") read into the fields the engine's person query takes (issue 52), the
 * words kept as written. With a comma the surname comes first; without one the first word is the
 * given name and the surname is the last word, or the last two when four names or more are
 * written (a Hispanic double surname). The engine finds either surname alone from there, and a
 * surname read as a middle name (PersonMatcher's arrangements), so a wrong guess costs little.
 */
import { decorationOf, isParticle } from './person-name';
import { tokenize } from './text-normalize';

/** A whole name read into a person query's fields. */
export interface FullNameReading {
  /** The given name; "" for a one-word name (a mononym, filed as the surname). */
  firstName: string;
  /** Further given names, "" when none. */
  middleName: string;
  lastName: string;
  /** A generation suffix as written ("Jr.", "III"), which tells father from son; null when none. */
  suffix: string | null;
}

/** A name longer than this is cut (the engine compares no more). */
const MAX_CHARS = 400;
/** From this many names (particles not counted) the last two are read as a double surname. */
const DOUBLE_SURNAME_FROM = 4;
/** Joins two surnames ("Garcia y Lopez"). */
const JOINER = 'y';

interface Word {
  text: string;
  tokens: string[];
}

const wordsOf = (part: string): Word[] =>
  part
    .split(/\s+/)
    .map((text) => ({ text, tokens: tokenize(text) }))
    .filter((w) => w.tokens.length > 0);

type Decoration = ReturnType<typeof decorationOf>;

/** What a word is besides a name: "M.D." and "Ph.D." are read with their letters joined. */
function decorationOfWord(w: Word, isAfterComma: boolean): Decoration {
  const whole = decorationOf(w.tokens.join(''), isAfterComma);
  if (whole || w.tokens.length === 1) return whole;
  const each = w.tokens.map((t) => decorationOf(t, isAfterComma));
  if (each.some((d) => d === null)) return null;
  return each.find((d) => d?.kind === 'generation') ?? each[0];
}

const isTitleWord = (w: Word): boolean => decorationOfWord(w, false)?.kind === 'title';
/** A suffix or a credential (what comes after a name). */
const isTrailingWord = (w: Word, isAfterComma: boolean): boolean => {
  const kind = decorationOfWord(w, isAfterComma)?.kind;
  return kind === 'generation' || kind === 'credential';
};
const generationOf = (w: Word): string | null => (decorationOfWord(w, true)?.kind === 'generation' ? w.text : null);
const isParticleWord = (w: Word): boolean => w.tokens.length === 1 && isParticle(w.tokens[0]);
const isInitial = (w: Word): boolean => w.tokens.length === 1 && w.tokens[0].length === 1;

/** Titles off the front, suffixes and credentials off the end, `keep` words at least; the suffix seen. */
function strip(words: Word[], keep: number, isAfterComma: boolean): { words: Word[]; suffix: string | null } {
  let start = 0;
  while (start < words.length - 1 && isTitleWord(words[start])) start++;
  let end = words.length;
  let suffix: string | null = null;
  while (end - start > keep && isTrailingWord(words[end - 1], isAfterComma)) {
    suffix = generationOf(words[end - 1]) ?? suffix;
    end--;
  }
  return { words: words.slice(start, end), suffix };
}

/** Where the surname begins in a name written given names first. */
function surnameStart(words: Word[]): number {
  const names = words.filter((w) => !isParticleWord(w)).length;
  let start = words.length - 1;
  if (names >= DOUBLE_SURNAME_FROM) {
    // The second last name, unless it is an initial ("Mary Ann B. Smith"): then one surname.
    let i = start - 1;
    while (i > 0 && isParticleWord(words[i])) i--;
    if (i > 0 && !isInitial(words[i])) start = i;
  }
  // Particles belong to the surname after them ("de la Cruz"); a joiner takes the surname before it too ("Garcia y Lopez").
  while (start > 1 && isParticleWord(words[start - 1])) {
    start--;
    if (words[start].tokens[0] === JOINER && start > 1) start--;
  }
  return start;
}

const join = (words: Word[]): string => words.map((w) => w.text).join(' ');

/** Reads a whole name written in one field; every field "" (and no suffix) when it holds no name. */
export function readFullName(input: string | null | undefined): FullNameReading {
  // Nicknames in quotes and asides in parentheses are not the name ('Robert "Bob" Smith', "Anderson (aka Fruge)").
  const raw = String(input ?? '')
    .slice(0, MAX_CHARS)
    .replace(/\([^)]*\)?|["“”][^"“”]*["“”]?/g, ' ');
  const parts = raw.split(',').map(wordsOf).filter((p) => p.length > 0);
  let suffix: string | null = null;
  // A comma part of suffixes and credentials only ("…, Jr.", "…, MD, PhD") is not a name.
  const named = parts.filter((p, i) => {
    if (i === 0 || !p.every((w) => decorationOfWord(w, true) !== null)) return true;
    for (const w of p) suffix ??= generationOf(w);
    return false;
  });
  if (named.length >= 2) {
    const last = strip(named[0], 1, false);
    const given = strip(named.slice(1).flat(), 1, true);
    return { firstName: given.words[0]?.text ?? '', middleName: join(given.words.slice(1)), lastName: join(last.words), suffix: suffix ?? last.suffix ?? given.suffix };
  }
  const stripped = strip(named[0] ?? [], 2, false);
  const words = stripped.words;
  suffix ??= stripped.suffix;
  if (words.length <= 1) return { firstName: '', middleName: '', lastName: join(words), suffix };
  const start = surnameStart(words);
  return { firstName: words[0].text, middleName: join(words.slice(1, start)), lastName: join(words.slice(start)), suffix };
}

/**
 * The reading as the two fields of the split form (firstName, lastName) that searches the same:
 * the given names together (the engine reads a second one as the middle name), the suffix after
 * the surname (where the engine finds it). A one-word name has no first name.
 */
export function splitFullName(input: string | null | undefined): { firstName: string | null; lastName: string } {
  const r = readFullName(input);
  const firstName = [r.firstName, r.middleName].filter(Boolean).join(' ');
  return { firstName: firstName || null, lastName: [r.lastName, r.suffix].filter(Boolean).join(' ') };
}
