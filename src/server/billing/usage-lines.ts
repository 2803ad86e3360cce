/** Line items of usage: one per search option and unit price, totals in cents. */
import { SEARCH_OPTION_NAMES } from '#shared/account';
import { SEARCH_OPTIONS, type SearchOption } from '#shared/teams';
import type { Db } from '../db/client';
import { usageByOption } from './queries';

/** A line of usage as the server counts it, in integer cents (answers convert to dollars). */
export interface UsageLine {
  description: string;
  searchOption: SearchOption | null;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
}

const asOption = (value: string): SearchOption | null => ((SEARCH_OPTIONS as readonly string[]).includes(value) ? (value as SearchOption) : null);

/** The client's usage in [from, to) as line items, in the catalogue's order. */
export async function usageLines(db: Db, clientId: number, from: Date, to: Date): Promise<UsageLine[]> {
  if (from >= to) return [];
  const rows = await usageByOption(db, clientId, from, to);
  return rows
    .filter((r) => r.quantity > 0)
    .map((r) => {
      const option = asOption(r.searchOption);
      return {
        description: option ? SEARCH_OPTION_NAMES[option] : r.searchOption,
        searchOption: option,
        unitPriceCents: r.unitPriceCents,
        quantity: r.quantity,
        totalCents: r.unitPriceCents * r.quantity,
      };
    })
    .sort((a, b) => SEARCH_OPTIONS.indexOf(a.searchOption!) - SEARCH_OPTIONS.indexOf(b.searchOption!) || a.unitPriceCents - b.unitPriceCents);
}

/** Searches a client ran in [from, to), whatever their price (the trial allowance counts these). */
export async function searchCount(db: Db, clientId: number, from: Date, to: Date): Promise<number> {
  return (await usageByOption(db, clientId, from, to)).reduce((n, r) => n + r.quantity, 0);
}
