/**
 * Sorts and score bands of the Exclusions tab (issue 14, ADR 032). No imports: results.ts
 * builds its query schema from these.
 */

/** What the groups of the Exclusions tab can be sorted by ('name' is the search criteria). */
export const EXCLUSION_ORDERS = ['name', 'score', 'status', 'source', 'exclusionDate'] as const;
export type ExclusionOrder = (typeof EXCLUSION_ORDERS)[number];
export const EXCLUSION_ORDER_LABELS: Record<ExclusionOrder, string> = {
  name: 'Search criteria',
  score: 'Score',
  status: 'Status',
  source: 'Source',
  exclusionDate: 'Exclusion date',
};

/** Score bands of the filter: strong (0.95 and up), likely (0.90 to 0.95), possible (below 0.90). */
export const SCORE_BANDS = ['strong', 'likely', 'possible'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];
export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  strong: 'Strong (0.95–1.00)',
  likely: 'Likely (0.90–0.94)',
  possible: 'Possible (below 0.90)',
};

/** The band of a score; a record without a score (none today) counts as possible. */
export function scoreBandOf(score: number | null): ScoreBand {
  if (score !== null && score >= 0.95) return 'strong';
  if (score !== null && score >= 0.9) return 'likely';
  return 'possible';
}

/** Status order of the status sort: what needs a person first. */
export const STATUS_RANK: Record<string, number> = { NONCLEARED: 0, UNDER_REVIEW: 1, HISTORICAL_MATCH: 2, CLEARED: 3 };

/** Group page sizes a user can choose (10–100 groups). */
export const GROUP_PAGE_SIZES = [10, 25, 50, 100] as const;
