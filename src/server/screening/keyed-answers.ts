/** The keyed index's answers merged into the main index's (ADR 060), on whichever thread screens (ADR 084). */
import { mergeKeyed, queryHasKeys } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import type { ScreenQuery, ScreenResult } from '#engine/query-types';
import type { ScreenOptions } from '#engine/settings';
import { screenMany } from '#engine/screen';

/**
 * The main index's answers completed with the keyed index's, for the queries that may find a
 * keyed record (`keyed` builds the keyed index when one does). A name search asked only other
 * lists gets no hit from NPPES or the DMF, and its NPPES check is not used (the rows take it from
 * their NPI query): it is not screened again here, which was ~70 ms of the main thread per
 * 1,000-row chunk (ADR 069).
 */
export function mergeKeyedAnswers(keyed: () => MatchIndex, queries: readonly ScreenQuery[], main: ScreenResult[], options: ScreenOptions): { results: ScreenResult[]; screened: number } {
  const asksKeyed = !options.sources || options.sources.some((s) => s === 'nppes' || s === 'dmf');
  const withKeys = queries.map((q, i) => [q, i] as const).filter(([q]) => queryHasKeys(q) && (asksKeyed || q.type === 'npi' || q.type === 'ssn'));
  if (!withKeys.length) return { results: main, screened: 0 };
  const answers = screenMany(keyed(), withKeys.map(([q]) => q), options);
  const out = [...main];
  withKeys.forEach(([, at], k) => (out[at] = mergeKeyed(main[at], answers[k], options)));
  return { results: out, screened: withKeys.length };
}
