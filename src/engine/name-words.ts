/** Counting and reordering the words of a person's name, for PersonMatcher's rearrangements (person-score.ts). */
import type { PersonName } from './person-name';

/** The query's words rearranged into the list's fields when both names hold exactly the same words. */
export function sameWordsOrder(q: PersonName, l: PersonName): PersonName | null {
  // The same words have the same count and letters in all: most pairs differ there, and no word list is made (ADR 089).
  const count = wordCount(q);
  if (count < 2 || count !== wordCount(l) || letterCount(q) !== letterCount(l)) return null;
  const qw = [q.first, ...q.middle, ...q.last].filter(Boolean);
  const lw = [l.first, ...l.middle, ...l.last].filter(Boolean);
  if (qw.length < 2 || qw.length !== lw.length) return null;
  if ([...qw].sort().join(' ') !== [...lw].sort().join(' ')) return null;
  if (qw.join(' ') === lw.join(' ')) return null;
  return { first: l.first, middle: l.middle, last: l.last, generation: q.generation };
}

/** How many words a name has (its first name, middle names and surname tokens that are not empty). */
export function wordCount(n: PersonName): number {
  let count = n.first ? 1 : 0;
  for (const t of n.middle) if (t) count++;
  for (const t of n.last) if (t) count++;
  return count;
}

/** How many characters a name's words hold in all. */
export function letterCount(n: PersonName): number {
  let count = n.first.length;
  for (const t of n.middle) count += t.length;
  for (const t of n.last) count += t.length;
  return count;
}

export function isOneWord(n: PersonName): boolean {
  return !n.first && !n.middle.length && n.last.length === 1;
}
