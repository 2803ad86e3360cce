/** Tunable matching settings and their documented defaults (see README.md). */
import type { SourceId } from '#shared/list-record';

import { DEFAULT_REVIEW_THRESHOLD } from '#shared/review-threshold';

/** Default review threshold (src/shared/review-threshold.ts); clients override it per query. */
export { DEFAULT_REVIEW_THRESHOLD };

/** Names of the matching algorithms a client can choose. */
export const MATCH_ALGORITHMS = ['Fuzzy', 'Exact'] as const;
export type MatchAlgorithm = (typeof MATCH_ALGORITHMS)[number];
export const DEFAULT_ALGORITHM: MatchAlgorithm = 'Fuzzy';

/** Highest score a name alone can earn: a same-name stranger must not look certain. */
export const NAME_ONLY_CEILING = 0.9;
/** Score of an exact NPI/SSN/EIN match against a list that carries one (plus up to 0.01 for name agreement). */
export const IDENTIFIER_MATCH_SCORE = 0.99;
/** Highest score reachable without an identifier match. */
export const MAX_WITHOUT_IDENTIFIER = 0.98;
/** Most hits returned per query unless the caller asks otherwise. */
export const DEFAULT_HIT_LIMIT = 25;

/** Per-query (or per-client) settings. */
export interface ScreenOptions {
  algorithm?: MatchAlgorithm;
  /** Review threshold in [0,1]; hits at or above it have isMatch = true. */
  threshold?: number;
  /** Lowest score returned (defaults to the threshold); lower it to see near misses. */
  minScore?: number;
  limit?: number;
  /** Restrict hits to these sources. */
  sources?: readonly SourceId[];
  /**
   * Which hits are explained (ADR 075): 'all' (the default), or 'matches': a hit under the threshold (a near
   * miss a batch only counts by its score) comes with its score, an explanation without fields, and a record
   * carrying only its key (ordinal, source, sourceRecordId) and kind: its other fields are empty (round 2).
   */
  explain?: 'all' | 'matches';
  /**
   * false: the caller reads no NPPES check of these queries (a batch's name searches and NPI exclusion
   * queries: its NPI result takes the check from the opt-out query), which then come with none (null) and
   * are not looked for in NPPES (ADR 089). The default makes it for every query carrying an NPI.
   */
  npiCheck?: boolean;
}

export interface ResolvedOptions {
  algorithm: MatchAlgorithm;
  threshold: number;
  minScore: number;
  limit: number;
  sources: ReadonlySet<string> | null;
  explain: 'all' | 'matches';
  npiCheck: boolean;
}

/** How many times options were resolved (tests: a batch's queries share one resolution; nothing else reads it). */
export const optionsWork = { resolved: 0 };

// A module function, not a closure per resolution: tsx's keepNames would name it each time (ADR 089).
const clamp = (x: unknown, fallback: number): number => (typeof x === 'number' && Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : fallback);

/** Fills defaults and clamps bad values, so a mistyped setting never breaks screening. */
export function resolveOptions(options: ScreenOptions = {}): ResolvedOptions {
  optionsWork.resolved++;
  const threshold = clamp(options.threshold, DEFAULT_REVIEW_THRESHOLD);
  const limit = typeof options.limit === 'number' && options.limit > 0 ? Math.min(1000, Math.floor(options.limit)) : DEFAULT_HIT_LIMIT;
  return {
    algorithm: options.algorithm === 'Exact' ? 'Exact' : 'Fuzzy',
    threshold,
    minScore: clamp(options.minScore, threshold),
    limit,
    sources: options.sources?.length ? new Set(options.sources) : null,
    explain: options.explain === 'matches' ? 'matches' : 'all',
    npiCheck: options.npiCheck !== false,
  };
}
