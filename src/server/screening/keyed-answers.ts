/** The keyed index's answers merged into the main index's (ADR 060), on whichever thread screens (ADR 084). */
import { checkNpi, checkSsn } from '#shared/identifiers';
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
 * 1,000-row chunk (ADR 069). Nor is an NPI query asked only other lists whose NPPES check is not
 * read (`npiCheck: false`: a batch's NPI exclusion search, ADR 089).
 */
export function mergeKeyedAnswers(keyed: () => MatchIndex, queries: readonly ScreenQuery[], main: ScreenResult[], options: ScreenOptions): { results: ScreenResult[]; screened: number } {
  const asksKeyed = !options.sources || options.sources.some((s) => s === 'nppes' || s === 'dmf');
  const readsCheck = options.npiCheck !== false;
  const withKeys = queries.map((q, i) => [q, i] as const).filter(([q]) => queryHasKeys(q) && (asksKeyed || (readsCheck && (q.type === 'npi' || q.type === 'ssn'))));
  if (!withKeys.length) return { results: main, screened: 0 };
  const answers = screenMany(keyed(), withKeys.map(([q]) => q), options);
  const out = [...main];
  withKeys.forEach(([, at], k) => (out[at] = mergeKeyed(main[at], answers[k], options)));
  return { results: out, screened: withKeys.length };
}

/** The NPIs and SSNs the queries carry, valid ones only (their SSNs only when the DMF may answer them): the keyed records to read. */
export function keysOfQueries(queries: readonly ScreenQuery[], sources?: readonly string[]): { npis: Set<string>; ssns: Set<string> } {
  const npis = new Set<string>();
  const ssns = new Set<string>();
  const dmfAsked = !sources || sources.includes('dmf');
  for (const q of queries) {
    const keys = q as { npi?: unknown; ssn?: unknown };
    const npi = typeof keys.npi === 'string' ? checkNpi(keys.npi) : null;
    if (npi?.ok) npis.add(npi.value);
    const ssn = dmfAsked && typeof keys.ssn === 'string' ? checkSsn(keys.ssn) : null;
    if (ssn?.ok) ssns.add(ssn.value);
  }
  return { npis, ssns };
}
