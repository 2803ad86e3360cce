/** Per-search prices in integer cents (spec accounts-and-access §9), by search option. */
import type { SearchOption } from './teams';

export const SEARCH_PRICE_CENTS: Record<SearchOption, number> = {
  NAME: 15,
  NPI: 20,
  OFAC: 5,
  SSNDMF: 5,
};

/** Price of one search of the given option, in cents. */
export function priceOf(option: SearchOption): number {
  return SEARCH_PRICE_CENTS[option];
}

/**
 * Continuous monitoring (ADR 052): per monitored person per month, charged once a month when
 * the roster's scheduled full re-screen runs, for the people on the roster that day. Every
 * re-screen on a list change in between is included. Not a search: it does not count against
 * a trial's searches.
 */
export const MONITORING_PRICE_CENTS = 10;
/** The usage records' search option (and search type) of the monthly monitoring charge. */
export const MONITORING_OPTION = 'MONITORING';
export const MONITORING_USAGE_TYPE = 'Monitoring';
export const MONITORING_LINE = 'Monitored people (per person per month)';
/** How the pricing and account pages state it. */
export const MONITORING_PRICE_TEXT =
  'Continuous monitoring is $0.10 per monitored person per month: every list update re-screens your rosters at no extra cost, and the monthly full re-screen with its certificate charges the people on the roster that day, once a month.';
