/**
 * Review statuses and the rules of changing them (spec §4; ADR 015): labels, tones, which
 * statuses a record may take, and the counts of a search-criteria group.
 */

import { z } from 'zod';

// ---------------------------------------------------------------------------------------
// Review statuses (spec §4)

export const REVIEW_STATUSES = ['NONCLEARED', 'UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

/** The spec's labels (HISTORICAL_MATCH is "Reviewed: Match", a confirmed match). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  NONCLEARED: 'Needs Review',
  UNDER_REVIEW: 'Under Review',
  HISTORICAL_MATCH: 'Reviewed: Match',
  CLEARED: 'Reviewed: Clear',
};

/** Tones of the spec: to review is a warning, a confirmed match an alert, cleared a success. */
export type ReviewTone = 'warning' | 'alert' | 'success';
export const REVIEW_STATUS_TONES: Record<ReviewStatus, ReviewTone> = {
  NONCLEARED: 'warning',
  UNDER_REVIEW: 'warning',
  HISTORICAL_MATCH: 'alert',
  CLEARED: 'success',
};



export const RESULT_TYPES = ['exclusions', 'npi', 'ssdmf'] as const;
export type ResultTabType = (typeof RESULT_TYPES)[number];

/**
 * Whether a record's status can change (spec §4): any status other than the current can be
 * chosen, except that CLEARED NPI records and SSDMF rows without an id (not found) never change.
 */
export function canChangeStatus(resultType: ResultTabType, current: ReviewStatus, hasId = true): boolean {
  if (resultType === 'npi' && current === 'CLEARED') return false;
  if (resultType === 'ssdmf' && !hasId) return false;
  return true;
}

/** The statuses a dropdown offers: every status but the current one (empty when it cannot change). */
export function statusChoices(resultType: ResultTabType, current: ReviewStatus, hasId = true): ReviewStatus[] {
  return canChangeStatus(resultType, current, hasId) ? REVIEW_STATUSES.filter((s) => s !== current) : [];
}

// ---------------------------------------------------------------------------------------
// Group counts (spec §4)

export const StatusCountsSchema = z.object({
  NONCLEARED: z.number(),
  UNDER_REVIEW: z.number(),
  HISTORICAL_MATCH: z.number(),
  CLEARED: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/** One search-criteria group: its key, unique id, and the counts of all its records by status. */
export const ScGroupSchema = z.object({
  /** The group key (records' searchCriteriaKey). */
  searchCriteria: z.string(),
  uniqueId: z.string().nullable(),
  /** Counts of every record of the group (not only those the filters show). */
  counts: StatusCountsSchema,
  total: z.number(),
});
export type ScGroup = z.infer<typeof ScGroupSchema>;

/** The group header card: 'N record(s) to review' (warning), 'N confirmed match(es)' (alert), else 'All records cleared'. */
export function groupHeader(counts: StatusCounts): { tone: ReviewTone; text: string } {
  const toReview = counts.NONCLEARED + counts.UNDER_REVIEW;
  if (toReview > 0) return { tone: 'warning', text: `${toReview} record(s) to review` };
  if (counts.HISTORICAL_MATCH > 0) return { tone: 'alert', text: `${counts.HISTORICAL_MATCH} confirmed match(es)` };
  return { tone: 'success', text: 'All records cleared' };
}

/** Exclusion group pages: total ÷ page size, rounded up (spec §9). */
export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);
