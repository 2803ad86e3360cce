/** The review threshold: its documented default and a client's own (ADR 010). */

import { z } from 'zod';

/**
 * Default review threshold: a hit at or above it is a potential match a reviewer must see.
 * Calibrated on test/fixtures/match-pairs.jsonl.
 */
export const DEFAULT_REVIEW_THRESHOLD = 0.8;

/** The threshold in force for a client: its own when set, else the default. */
export function reviewThresholdFor(client: { reviewThreshold: number | null }): number {
  return client.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD;
}

// ---------------------------------------------------------------------------------------
// The client's own setting, by its administrator (issue 14, ADR 032)

/**
 * The range a client's administrator may choose. Above 0.90 a name alone (NAME_ONLY_CEILING)
 * could never be a finding; below 0.70 reviewers drown in strangers who share a common name.
 */
export const CLIENT_THRESHOLD_MIN = 0.7;
export const CLIENT_THRESHOLD_MAX = 0.9;
export const THRESHOLD_OUT_OF_RANGE = `Choose a threshold between ${CLIENT_THRESHOLD_MIN.toFixed(2)} and ${CLIENT_THRESHOLD_MAX.toFixed(2)}.`;

const threshold = z.coerce.number({ message: THRESHOLD_OUT_OF_RANGE }).min(CLIENT_THRESHOLD_MIN, THRESHOLD_OUT_OF_RANGE).max(CLIENT_THRESHOLD_MAX, THRESHOLD_OUT_OF_RANGE);

/** The last completed batch with exclusion findings, and what a threshold would do to them. */
export const ThresholdEffectSchema = z.object({
  batchId: z.number(),
  fileName: z.string(),
  /** The threshold it ran with (null: from before thresholds were recorded). */
  ranWith: z.number().nullable(),
  findings: z.number(),
  /** Findings scored below the new threshold: they would not have been raised. */
  dropped: z.number(),
  /**
   * Findings a lower threshold would add: 0 when it is not below the one the batch ran with,
   * else the batch's kept near misses at or above it (ADR 042); null for a batch screened
   * before near misses were kept.
   */
  added: z.number().nullable(),
  /** Rows without a finding that a lower threshold would give one (null as `added`). */
  rowsAdded: z.number().nullable(),
});
export type ThresholdEffect = z.infer<typeof ThresholdEffectSchema>;

export const ReviewThresholdSettingsSchema = z.object({
  /** In force: the client's own, else the default. */
  threshold: z.number(),
  own: z.number().nullable(),
  defaultThreshold: z.number(),
  min: z.number(),
  max: z.number(),
});
export type ReviewThresholdSettings = z.infer<typeof ReviewThresholdSettingsSchema>;

export const ThresholdPreviewQuerySchema = z.strictObject({ threshold });
export const ThresholdPreviewSchema = z.object({ threshold: z.number(), lastBatch: ThresholdEffectSchema.nullable() });
export type ThresholdPreview = z.infer<typeof ThresholdPreviewSchema>;

/** null goes back to the default. */
export const UpdateReviewThresholdInputSchema = z.strictObject({ threshold: threshold.nullable() });
export type UpdateReviewThresholdInput = z.infer<typeof UpdateReviewThresholdInputSchema>;

export const REVIEW_THRESHOLD_PATHS = {
  settings: '/services/admin/review-threshold',
  preview: (t: number) => `/services/admin/review-threshold/preview?threshold=${t}`,
} as const;
