/**
 * Facts about two names that move no score but that a reviewer should read (issue 13): the script a
 * name was transliterated from, the legal forms of two business names, the titles of two people.
 * The same words on screening hits and in `clearlist match`.
 */
import type { ScoreAdjustment } from './explanation';
import { legalFormNote } from './business-name';
import { leadingTitles } from './person-name';
import { nonLatinScriptOf } from './text-normalize';

/** Titles in words: "Haji", "Dr". */
const titleWords = (titles: string[]): string => titles.map((t) => t.charAt(0).toUpperCase() + t.slice(1)).join(' ');

/** Spellings of one title (Hajji = Haji): the same title, written another way. */
const SAME_TITLE: Record<string, string> = {
  hajji: 'haji', hadji: 'haji', hajj: 'haji', alhaji: 'haji', alhaj: 'haji', mawlawi: 'maulawi', maulvi: 'maulawi', moulvi: 'maulawi',
  mawlavi: 'maulawi', mulla: 'mullah', molla: 'mullah', shaikh: 'sheikh', sheik: 'sheikh', shaykh: 'sheikh', ustadh: 'ustad',
  doctor: 'dr', professor: 'prof', reverend: 'rev', general: 'gen', colonel: 'col', engineer: 'eng',
};
const sameTitle = (titles: string[]): string => titles.map((t) => SAME_TITLE[t] ?? t).join(' ');

/** "title Haji on the list name only", "titles differ: Dr vs Mr" (titles are weak evidence: not scored). */
export function titleNote(query: string, list: string): string | null {
  const q = leadingTitles(query);
  const l = leadingTitles(list);
  if (!q.length && !l.length) return null;
  if (!q.length || !l.length) return `title ${titleWords(q.length ? q : l)} on the ${q.length ? 'query' : 'list'} name only, left out of the comparison`;
  if (q.join(' ') === l.join(' ')) return `title agrees: ${titleWords(l)}`;
  if (sameTitle(q) === sameTitle(l)) return `title agrees: ${titleWords(q)} = ${titleWords(l)}`;
  return `titles differ: ${titleWords(q)} vs ${titleWords(l)} (left out of the comparison)`;
}

/**
 * Notes (effect 0) about a query name and the list name it met. `kanji`: the names met by a Japanese reading of
 * kanji (ADR 050), which says so itself; the note that Chinese characters were transliterated is then left out.
 */
export function nameNotes(type: 'person' | 'business', query: string, list: string, kanji = false): ScoreAdjustment[] {
  const notes: string[] = [];
  const form = type === 'business' ? legalFormNote(query, list) : titleNote(query, list);
  if (form) notes.push(form);
  const queryScript = nonLatinScriptOf(query);
  const listScript = nonLatinScriptOf(list);
  if (queryScript && !(kanji && queryScript === 'Chinese')) notes.push(`query name transliterated from ${queryScript}`);
  if (listScript && !(kanji && listScript === 'Chinese')) notes.push(`list name transliterated from ${listScript}`);
  return notes.map((n) => ({ reason: `name: ${n}`, effect: 0 }));
}
