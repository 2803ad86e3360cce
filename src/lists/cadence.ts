/**
 * How often each publisher updates its list, and how old a copy may be before it counts as
 * stale (ADR 114): the publisher's cadence with a margin for a late release or a missed check.
 * The download recipes and the "lists searched" answers read the same figures.
 */

export interface Cadence {
  /** The publisher's cadence in words ("monthly"). */
  words: string;
  /** Days after its download past which a copy is older than the publisher's cadence. */
  maxAgeDays: number;
}

const MONTHLY: Cadence = { words: 'monthly', maxAgeDays: 45 };

const CADENCES: Record<string, Cadence> = {
  leie: MONTHLY,
  sam: { words: 'daily', maxAgeDays: 3 },
  'ofac-sdn': { words: 'irregular, often daily', maxAgeDays: 7 },
  'ofac-consolidated': { words: 'irregular, often daily', maxAgeDays: 7 },
  nppes: MONTHLY,
  optout: MONTHLY,
  dmf: { words: 'monthly (licensed)', maxAgeDays: 45 },
};

/** State lists are polled twice a month; their publishers update monthly or less often. */
const STATE: Cadence = { words: 'monthly or less often (checked twice a month)', maxAgeDays: 45 };

/** The publisher's cadence of a source, in words, and the age in days past which its copy is stale. */
export function cadenceOf(source: string): { words: string; maxAgeDays: number } {
  const own = CADENCES[source] ?? STATE;
  return { words: own.words, maxAgeDays: own.maxAgeDays };
}

/** A list Clearlist cannot download: the operator provides the file (the SSA Death Master File). */
export function isLicensed(source: string): boolean {
  return source === 'dmf';
}
