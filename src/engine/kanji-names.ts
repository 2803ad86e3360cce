/**
 * Japanese names written in kanji (安倍晋三) against their Latin forms (Shinzo Abe, ABE Shinzo), ADR 050.
 * A kanji has many readings and a name's reading is not written anywhere, so instead of guessing one reading
 * (as an analyser does, and misreads given names) we ask whether the Latin name is one of the name's possible
 * readings: the Latin words, in either order, must split into readings of the kanji in sequence, every kanji and
 * every word used. Readings come from a table of the kanji used in names (KANJIDIC2: on, kun, nanori), parsed on
 * the first name that has kanji in it, so a process that never sees one never pays for it (about 0.3 MB).
 * Long vowels are folded on both sides (Satou / Sato, Ohno / Ono), sound changes inside a word are allowed
 * (rendaku: saki → zaki in Miyazaki; a final tsu/chi/ku/ki doubling the next consonant: Hatta, Beppu).
 */
import { KANJI_READINGS_TEXT } from './kanji-readings-data';
import { romaniseKana } from './kana';
import type { PersonScore } from './person-score';

const HAN = /\p{Script=Han}/u;
const MAX_UNITS = 8;
let table: Map<string, string[]> | null = null;

/** Long vowels as Latin names usually leave them out; m before b/p as n (Hepburn writes both). */
function fold(s: string): string {
  return s.replace(/oh(?![aeiouy])/g, 'o').replace(/ou|oo/g, 'o').replace(/uu/g, 'u').replace(/m(?=[bp])/g, 'n');
}

const RENDAKU: [RegExp, string][] = [[/^k/, 'g'], [/^sh/, 'j'], [/^s/, 'z'], [/^ch/, 'j'], [/^ts/, 'z'], [/^t/, 'd'], [/^h/, 'b'], [/^h/, 'p'], [/^f/, 'b'], [/^f/, 'p']];

function readingTable(): Map<string, string[]> {
  if (table) return table;
  table = new Map();
  for (const line of KANJI_READINGS_TEXT.split('\n')) {
    const [kanji, ...readings] = line.split(' ');
    if (kanji && readings.length) table.set(kanji, [...new Set(readings.map(fold))]);
  }
  return table;
}

/** One written unit of the name: a kanji with its readings (and their voiced forms), or a run of kana. */
interface Unit {
  first: string[];
  inner: string[];
  group: number;
}

function unitsOf(text: string): Unit[] | null {
  const t = readingTable();
  const units: Unit[] = [];
  let group = 0;
  for (const part of text.normalize('NFKC').split(/[\s\u30fb\uff65,.、・]+/).filter(Boolean)) {
    for (const m of part.matchAll(/\p{Script=Han}|々|[\u3041-\u3096\u30a1-\u30fa\u30fc]+|./gu)) {
      const c = m[0];
      let readings: string[] | undefined;
      if (c === '々') readings = units.length ? units[units.length - 1].first : undefined;
      else if (HAN.test(c)) readings = t.get(c);
      else if (/^[\u3041-\u30fc]+$/.test(c)) readings = [fold(romaniseKana(c))];
      if (!readings?.length) return null;
      const voiced = readings.flatMap((r) => RENDAKU.filter(([re]) => re.test(r)).map(([re, to]) => r.replace(re, to)));
      units.push({ first: readings, inner: [...readings, ...voiced], group });
    }
    group++;
  }
  return units.length && units.length <= MAX_UNITS ? units : null;
}

/** The unit indices where a reading of `word` that starts at unit `from` can end. */
function wordEnds(units: Unit[], from: number, word: string): number[] {
  const ends = new Set<number>();
  const seen = new Set<string>();
  const walk = (u: number, p: number): void => {
    const key = `${u}:${p}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (p === word.length) {
      if (u > from) ends.add(u);
      return;
    }
    if (u >= units.length || (u > from && units[u].group !== units[from].group)) return;
    for (const r of p === 0 ? units[u].first : units[u].inner) {
      if (word.startsWith(r, p)) walk(u + 1, p + r.length);
      // A final tsu/chi/ku/ki written as the next consonant doubled (八田 Hatta, 別府 Beppu).
      const stem = /(?:tsu|chi|ku|ki)$/.exec(r) ? r.replace(/(?:tsu|chi|ku|ki)$/, '') : null;
      const q = p + (stem?.length ?? 0);
      if (stem && u + 1 < units.length && word.startsWith(stem, p) && /[bcdfghjkmpstz]/.test(word[q] ?? '') && word[q] === word[q + 1]) walk(u + 1, q + 1);
    }
  };
  walk(from, 0);
  return [...ends];
}

/** True when the words, in this order, are a reading of all the units. */
function readsAs(units: Unit[], words: string[]): boolean {
  let starts = new Set([0]);
  for (const w of words) {
    const next = new Set<number>();
    for (const s of starts) if (s < units.length) for (const e of wordEnds(units, s, w)) next.add(e);
    if (!next.size) return false;
    starts = next;
  }
  return starts.has(units.length);
}

/** True when a name has kanji in it (the reading below is worth trying). */
export function hasKanji(text: string | null | undefined): boolean {
  return HAN.test(String(text ?? ''));
}

/**
 * True when the Latin name (its words as parsed: given names and surname) is a Japanese reading of the kanji
 * name, family name first (as Japanese writes it) or in the order of the Latin words.
 */
export function kanjiReadsAs(kanjiText: string, name: { first: string; middle: string[]; last: string[] }): boolean {
  const given = [name.first, ...name.middle].filter(Boolean);
  const words = [...given, ...name.last].map(fold);
  if (words.length < 2 || words.some((w) => !/^[a-z]+$/.test(w))) return false;
  const units = unitsOf(kanjiText);
  if (!units || units.length < 2) return false;
  return readsAs(units, [...name.last, ...given].map(fold)) || readsAs(units, words);
}

/** Most readings spelt out for one part of a name when screening (a part is one to four kanji). */
const MAX_SPELLINGS = 30_000;

function spellings(units: Unit[], from: number, to: number, known: (s: string) => boolean): string[] {
  let partial = [''];
  for (let u = from; u < to; u++) {
    const next: string[] = [];
    for (const p of partial) for (const r of u === from ? units[u].first : units[u].inner) if (next.length < MAX_SPELLINGS) next.push(p + r);
    partial = next;
  }
  return [...new Set(partial)].filter(known);
}

/**
 * For screening a name written in kanji: the Latin words it may be read as, as they are spelt in the list
 * (`known`: a word of the index's dictionary), the family name and the given name split at each place.
 * Long vowels are spelt folded (Sato, Ono), as the lists write them.
 */
export function kanjiNameSpellings(kanjiText: string, known: (s: string) => boolean): { family: string[]; given: string[] }[] {
  const units = unitsOf(kanjiText);
  if (!units || units.length < 2) return [];
  const out: { family: string[]; given: string[] }[] = [];
  for (let k = 1; k < units.length && k <= 4; k++) {
    if (units.length - k > 4) continue;
    const family = spellings(units, 0, k, known);
    const given = family.length ? spellings(units, k, units.length, known) : [];
    if (family.length && given.length) out.push({ family, given });
  }
  return out;
}

/** The name score of a kanji name (on the `side` given) read as the Latin name, or null when it cannot be. */
export function kanjiReadingScore(kanjiText: string, latin: { first: string; middle: string[]; last: string[] }, side: 'query' | 'list', score: number): PersonScore | null {
  if (!kanjiReadsAs(kanjiText, latin)) return null;
  const words = [...latin.last, latin.first, ...latin.middle].filter(Boolean).join(' ');
  const [query, list] = side === 'query' ? [kanjiText, words] : [words, kanjiText];
  return {
    score,
    parts: [{ queryField: 'last', listField: 'last', query, list, score, method: 'kanji' }],
    notes: [{ note: 'read as a Japanese name written in kanji', effect: 0 }],
  };
}
