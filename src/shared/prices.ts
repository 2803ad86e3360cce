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
