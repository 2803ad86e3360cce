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

/**
 * What the engine's explanation of a finding shows that is often the same person written
 * differently (issue 52): a nickname, a typo or a sound-alike on a name, a date of birth one
 * typo away (a day apart, a digit, day and month swapped), the name's words in another order;
 * and the agreements a reviewer trusts most: an exact identifier (NPI, SSN, EIN) or date of birth.
 */
export const DROPPED_SIGNS = ['nickname', 'nameTypo', 'soundAlike', 'dobTypo', 'nameOrder', 'sameIdentifier', 'sameDob'] as const;
export type DroppedSign = (typeof DROPPED_SIGNS)[number];

/** How many of the dropped findings show each sign (a finding may show several). */
export const DroppedSignCountsSchema = z.object({
  nickname: z.number(),
  nameTypo: z.number(),
  soundAlike: z.number(),
  dobTypo: z.number(),
  nameOrder: z.number(),
  sameIdentifier: z.number(),
  sameDob: z.number(),
}) satisfies z.ZodType<Record<DroppedSign, number>>;

/** A dropped finding shown as an example: the roster row's name, the list's, what the engine saw. */
export const DroppedExampleSchema = z.object({
  rowIndex: z.number(),
  /** The row's mapped name (First/Middle/Last Name, else Company Name). */
  rowName: z.string().nullable(),
  /** The list name that matched (the record's own, an AKA, a DBA). */
  listName: z.string().nullable(),
  /** The list's title ("LEIE (OIG exclusions)"), else its source id. */
  list: z.string().nullable(),
  signs: z.array(z.enum(DROPPED_SIGNS)),
  score: z.number(),
});
export type DroppedExample = z.infer<typeof DroppedExampleSchema>;

/** The findings a higher threshold drops that show a sign above; read from their stored explanations. */
export const DroppedVariantsSchema = z.object({
  /** Dropped findings showing at least one sign. */
  findings: z.number(),
  counts: DroppedSignCountsSchema,
  /** Up to five of them, highest score first. */
  examples: z.array(DroppedExampleSchema).max(5),
});
export type DroppedVariants = z.infer<typeof DroppedVariantsSchema>;

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
  /** Of the dropped findings, those the engine knows are often the same person (absent from older servers). */
  droppedVariants: DroppedVariantsSchema.optional(),
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
