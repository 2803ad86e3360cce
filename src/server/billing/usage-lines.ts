/** Line items of usage: one per search option and unit price, totals in cents. */
import { SEARCH_OPTION_NAMES } from '#shared/account';
import { MONITORING_LINE, MONITORING_OPTION } from '#shared/prices';
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

/** Searches in the catalogue's order, then monitoring (ADR 052). */
const orderOf = (option: SearchOption | null): number => (option ? SEARCH_OPTIONS.indexOf(option) : SEARCH_OPTIONS.length);

/** The client's usage in [from, to) as line items, in the catalogue's order. */
export async function usageLines(db: Db, clientId: number, from: Date, to: Date): Promise<UsageLine[]> {
  if (from >= to) return [];
  const rows = await usageByOption(db, clientId, from, to);
  return rows
    .filter((r) => r.quantity > 0)
    .map((r) => {
      const option = asOption(r.searchOption);
      return {
        description: option ? SEARCH_OPTION_NAMES[option] : r.searchOption === MONITORING_OPTION ? MONITORING_LINE : r.searchOption,
        searchOption: option,
        unitPriceCents: r.unitPriceCents,
        quantity: r.quantity,
        totalCents: r.unitPriceCents * r.quantity,
      };
    })
    .sort((a, b) => orderOf(a.searchOption) - orderOf(b.searchOption) || a.unitPriceCents - b.unitPriceCents);
}

/** Searches a client ran in [from, to), whatever their price (the trial allowance counts these); monitored people are not searches. */
export async function searchCount(db: Db, clientId: number, from: Date, to: Date): Promise<number> {
  return (await usageByOption(db, clientId, from, to)).filter((r) => r.searchOption !== MONITORING_OPTION).reduce((n, r) => n + r.quantity, 0);
}
