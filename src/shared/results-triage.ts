/**
 * Contracts of triage on the batch results page (issue 14, ADR 032): the summary bar, the
 * status change of every record a filter matches, and the client's review threshold.
 */
import { z } from 'zod';
import { StatusChangeInputSchema } from './results';
import { ReviewStatusSchema, StatusCountsSchema } from './review-status';
import { SCORE_BANDS } from './results-order';

// ---------------------------------------------------------------------------------------
// Summary bar

export const ResultsSummarySchema = z.object({
  /** Rows of the batch's file that were screened. */
  rowsScreened: z.number(),
  /** Rows with at least one exclusion record. */
  rowsWithFindings: z.number(),
  /** Exclusion records by review status and by source (most first). */
  byStatus: StatusCountsSchema,
  bySource: z.array(z.object({ source: z.string(), name: z.string(), count: z.number() })),
  /** Records of every tab still to review (Needs Review or Under Review). */
  toReview: z.number(),
  /** The review threshold the batch ran with; null for batches from before it was recorded. */
  reviewThreshold: z.number().nullable(),
});
export type ResultsSummary = z.infer<typeof ResultsSummarySchema>;

// ---------------------------------------------------------------------------------------
// Status change of all records matching a filter

/** The Exclusions tab's filter, as its page query takes it. */
export const ExclusionFilterSchema = z.strictObject({
  sc: z.string().trim().max(200).optional(),
  status: z.array(ReviewStatusSchema).max(4).optional(),
  sources: z.array(z.string().trim().min(1).max(40)).max(100).optional(),
  scoreBand: z.array(z.enum(SCORE_BANDS)).max(3).optional(),
});
export type ExclusionFilterInput = z.infer<typeof ExclusionFilterSchema>;

export const BulkByFilterInputSchema = z.strictObject({
  filter: ExclusionFilterSchema,
  /** How many records the person confirmed: the change is refused if the filter now matches another number. */
  expectedCount: z.number().int().min(1).max(10_000_000),
  newStatus: ReviewStatusSchema,
  comment: StatusChangeInputSchema.shape.comment,
});
export type BulkByFilterInput = z.input<typeof BulkByFilterInputSchema>;

/** How many records matched, how many changed (those already in the status are left alone). */
export const BulkByFilterResponseSchema = z.object({ matched: z.number(), changed: z.number() });
export type BulkByFilterResponse = z.infer<typeof BulkByFilterResponseSchema>;

/** GET …/result/count: how many records the filter matches (the confirmation's count). */
export const FilterCountSchema = z.object({ count: z.number() });

export const TRIAGE_MESSAGES = {
  countChanged: 'The records matching this filter changed since you confirmed. Check the count and try again.',
} as const;

export const TRIAGE_PATHS = {
  summary: (batchId: number) => `/services/flexsearchs/${batchId}/result/summary`,
  count: (batchId: number) => `/services/flexsearchs/${batchId}/result/count`,
  byFilter: (batchId: number) => `/services/flexsearchs/${batchId}/result/by-filter`,
} as const;
