/**
 * Records looked up by key outside the main index (ADR 060): NPPES by NPI and the Death Master
 * File by SSN are not held in the in-memory index; the server reads the few records a query or
 * a chunk carries keys for and builds a small index of them ("keyed index"). Its hits come back
 * with negative ordinals (-1 - ordinal in the keyed index) so they never collide with the main
 * index's ordinals (light hits and hit details are read back by ordinal).
 */
import { compareHits } from './hit-builder';
import type { SearchIndex } from './index-parts';
import type { MatchIndex } from './match-index';
import type { HitDetails } from './record-view';
import type { Hit, ScreenQuery, ScreenResult } from './query-types';
import { resolveOptions, type ScreenOptions } from './settings';
import { screen } from './screen';

/** The sources answered by key from the database, never held in the main index. */
export const KEYED_SOURCES = ['nppes', 'dmf'] as const;
export type KeyedSource = (typeof KEYED_SOURCES)[number];
export const isKeyedSource = (source: string): boolean => source === 'nppes' || source === 'dmf';

/** The ordinal a keyed index's record carries outside it. */
export const keyedOrdinal = (ordinal: number): number => -1 - ordinal;
export const isKeyedOrdinal = (ordinal: number): boolean => ordinal < 0;

/** Whether a query can find a keyed record: it carries an NPI (its NPPES check) or an SSN. */
export function queryHasKeys(query: ScreenQuery): boolean {
  if (!query || typeof query !== 'object') return false;
  const q = query as { npi?: unknown; ssn?: unknown };
  return (q.npi != null && String(q.npi).trim() !== '') || (q.ssn != null && String(q.ssn).trim() !== '') || query.type === 'npi' || query.type === 'ssn';
}

/** A hit of a keyed index as it leaves it: its ordinal made negative (see keyedOrdinal). */
export const asKeyedHit = (hit: Hit): Hit => ({ ...hit, record: { ...hit.record, ordinal: keyedOrdinal(hit.record.ordinal) } });

/**
 * A result of the main index completed with the keyed index's: its hits merged in score order
 * (within the query's limit) and the NPPES check taken from the keyed records.
 */
export function mergeKeyed(main: ScreenResult, keyed: ScreenResult, options: ScreenOptions = {}): ScreenResult {
  // The options are resolved (for the limit) only when there are hits to merge: a batch merges ~20,000 answers per 10,000 rows, almost none with keyed hits.
  const hits = keyed.hits.length ? [...main.hits, ...keyed.hits.map(asKeyedHit)].sort(compareHits).slice(0, resolveOptions(options).limit) : main.hits;
  return { ...main, hits, npiCheck: keyed.npiCheck ?? main.npiCheck };
}

/** Screens a query against the main index and, when it carries keys, the keyed index. */
export function screenWithKeyed(index: SearchIndex, keyed: MatchIndex | null, query: ScreenQuery, options: ScreenOptions = {}): ScreenResult {
  const main = screen(index, query, options);
  return keyed && queryHasKeys(query) ? mergeKeyed(main, screen(keyed, query, options), options) : main;
}

/** The hit details of a record by ordinal, in the main index or (negative ordinal) the keyed one; null when the full record must be read. */
export function hitDetailsOf(index: SearchIndex, keyed: MatchIndex | null, ordinal: number): HitDetails | null {
  if (!isKeyedOrdinal(ordinal)) return index.hitDetails(ordinal);
  return keyed ? keyed.hitDetails(keyedOrdinal(ordinal)) : null;
}
