/**
 * How often each publisher refreshes its list, and when a copy counts as stale (ADR 049):
 * the cadence plus the publisher's usual delay. A source is refreshed by a successful check
 * (a new version or the same files again) or by an operator's upload.
 */
export interface ListCadence {
  /** How the publisher's cadence is said on the Lists page. */
  label: string;
  /** Days without a refresh after which the Lists page warns. */
  staleAfterDays: number;
}

const DAILY: ListCadence = { label: 'daily', staleAfterDays: 2 };
const AS_PUBLISHED: ListCadence = { label: 'as published (checked daily)', staleAfterDays: 3 };
const WEEKLY: ListCadence = { label: 'weekly', staleAfterDays: 9 };
const MONTHLY: ListCadence = { label: 'monthly', staleAfterDays: 35 };

const CADENCES: Record<string, ListCadence> = {
  leie: MONTHLY,
  sam: DAILY,
  'ofac-sdn': AS_PUBLISHED,
  'ofac-consolidated': AS_PUBLISHED,
  nppes: WEEKLY,
  optout: MONTHLY,
  dmf: WEEKLY,
};

/** The cadence of a source; state Medicaid lists are monthly. */
export function cadenceOf(source: string): ListCadence {
  return CADENCES[source] ?? MONTHLY;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a source last refreshed at `refreshedAt` is stale at `now`. */
export function isStale(source: string, refreshedAt: string | null, now: Date): boolean {
  if (!refreshedAt) return true;
  return now.getTime() - Date.parse(refreshedAt) > cadenceOf(source).staleAfterDays * DAY_MS;
}
