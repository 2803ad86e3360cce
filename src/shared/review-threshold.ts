/** The review threshold: its documented default and a client's own (ADR 010). */

/**
 * Default review threshold: a hit at or above it is a potential match a reviewer must see.
 * Calibrated on test/fixtures/match-pairs.jsonl.
 */
export const DEFAULT_REVIEW_THRESHOLD = 0.8;

/** The threshold in force for a client: its own when set, else the default. */
export function reviewThresholdFor(client: { reviewThreshold: number | null }): number {
  return client.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD;
}
