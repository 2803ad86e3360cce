/**
 * A namesake of a roster person on a list (issue 52's measure): a list person with the roster person's
 * last name (letters only; either word of a two-word surname) and first name or a nickname of it (first
 * words compared), under the primary name or an alias ("FIRST … LAST"). A flag without one is a false
 * alarm no reviewer would have to look at twice.
 */
import type { IndividualQuery } from '../src/engine/query-types';
import { areNicknames } from '../src/engine/nicknames';
import type { RecordView } from '../src/engine/record-view';

const letters = (s: string | null | undefined): string => (s ?? '').toUpperCase().replace(/[^A-Z]/g, '');
const firstWord = (s: string | null | undefined): string => letters((s ?? '').trim().split(/[\s.]+/)[0]);
const sameFirst = (a: string, b: string): boolean => a !== '' && (a === b || areNicknames(a.toLowerCase(), b.toLowerCase()));

export function isNamesake(q: IndividualQuery, r: RecordView): boolean {
  if (r.kind !== 'person') return false;
  const lasts = new Set([letters(q.lastName), ...q.lastName.split(/[\s-]+/).map(letters)].filter(Boolean));
  const first = firstWord(q.firstName);
  const names: [string, string][] = [[firstWord(r.firstName), letters(r.lastName)]];
  for (const aka of r.akas) {
    // "LAST, FIRST MIDDLE" says which is which; without a comma either end may be the surname.
    const comma = aka.indexOf(',');
    if (comma > 0) {
      const given = aka.slice(comma + 1).trim().split(/\s+/);
      names.push([firstWord(given[0]), letters(aka.slice(0, comma))]);
      continue;
    }
    const words = aka.trim().split(/\s+/);
    if (words.length >= 2) names.push([firstWord(words[0]), letters(words[words.length - 1])], [firstWord(words[words.length - 1]), letters(words[0])]);
  }
  return names.some(([f, l]) => lasts.has(l) && sameFirst(first, f));
}
