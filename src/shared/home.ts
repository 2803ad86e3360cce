/** Contracts of the compliance home page (issue 20, ADR 046). */
import { z } from 'zod';
import { BatchHistoryItemSchema } from './batches';

/** Open items (Needs Review, Under Review) by how long they have waited. */
export const AgeCountsSchema = z.object({
  total: z.number(),
  under7Days: z.number(),
  under30Days: z.number(),
  older: z.number(),
});
export type AgeCounts = z.infer<typeof AgeCountsSchema>;

/** A trial's allowance (null for other accounts): searches left of the month's, when they come back, when the trial ends ('YYYY-MM-DD'). */
export const TrialAllowanceSchema = z.object({
  searchesLeft: z.number().int(),
  searchesPerMonth: z.number().int(),
  resetsOn: z.string(),
  endsOn: z.string().nullable(),
});
export type TrialAllowance = z.infer<typeof TrialAllowanceSchema>;

/** GET /services/home/summary */
export const HomeSummarySchema = z.object({
  /** Monitoring alerts and batch results still to review, in what the caller sees. */
  review: z.object({ alerts: AgeCountsSchema, results: AgeCountsSchema }),
  /**
   * The client's searches since the first of the month (UTC); their price and the month's
   * monitoring charge apart (both null unless the caller sees billing, and for a trial); a
   * trial's allowance.
   */
  month: z.object({ searches: z.number(), spend: z.number().nullable(), monitoringSpend: z.number().nullable(), trial: TrialAllowanceSchema.nullable() }),
  lastBatches: z.array(BatchHistoryItemSchema),
});
export type HomeSummary = z.infer<typeof HomeSummarySchema>;

/** A list is stale when its last successful check is older than this (the daily check missed twice). */
export const STALE_AFTER_HOURS = 48;

/** Why a list's data may be out of date, or null when it is fresh. */
export function staleReason(list: { version: number | null; origin: string | null; lastChecked: string | null; lastError: string | null }, now: Date): string | null {
  if (list.version === null) return 'Not loaded';
  if (list.origin === 'sample') return 'Sample data only';
  if (list.lastError) return 'Last update failed';
  if (!list.lastChecked || now.getTime() - new Date(list.lastChecked).getTime() > STALE_AFTER_HOURS * 3_600_000) return `Not checked for over ${STALE_AFTER_HOURS} hours`;
  return null;
}
