/**
 * A surname cut at a field length (issue 52): legacy systems keep the first 10, 15 or 20
 * characters of a name, so "Jackson-Vasquez" arrives as "Jackson-Va" and "Pirhosseinloo" as
 * "Pirhossein". On either side (a roster's field or a list's), the shorter surname is then the
 * start of the longer: every word but the last the same, the last the start of the other's.
 */
import { isOwnSurname } from './name-frequencies';
import type { TokenMatch } from './token-similarity';

/** A cut compound surname: its whole words agree and the cut one starts the other's (as one of two surnames exact). */
export const CUT_COMPOUND_SURNAME = 0.9;
/** A one-word surname cut: long enough to have met a field length. */
export const CUT_SURNAME = 0.9;
/**
 * A cut one-word surname is at least this long: shorter ones are more often another family name
 * that extends it (Williams/Williamson, Martin/Martinez).
 */
const MIN_CUT_WORD = 9;

/** The two surnames (normalised words) as one cut from the other, or null. */
export function cutSurname(q: readonly string[], l: readonly string[]): TokenMatch | null {
  if (q.length !== l.length || !q.length) return null;
  const last = q.length - 1;
  for (let i = 0; i < last; i++) if (q[i] !== l[i]) return null;
  const [short, long] = q[last].length < l[last].length ? [q[last], l[last]] : [l[last], q[last]];
  if (short.length === long.length || !long.startsWith(short)) return null;
  if (last > 0) return { score: CUT_COMPOUND_SURNAME, method: 'cut' };
  // A word many people bear as their whole surname is that surname, not a cut one.
  return short.length >= MIN_CUT_WORD && !isOwnSurname(short) ? { score: CUT_SURNAME, method: 'cut' } : null;
}
