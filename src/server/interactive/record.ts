/** Stores every search (the proof's reference, Search History) and bills a signed-in client's search. */
import { randomBytes } from 'node:crypto';
import type { InteractiveResult, SearchKind } from '#shared/interactive-search';
import type { SearchOption } from '#shared/teams';
import { priceOf } from '#shared/prices';
import { ELIGIBILITY_TEXTS } from '#shared/interactive-search';
import { OWNER_TEXTS } from '#shared/business-owners';
import type { AppContext } from '../app-context';
import { withTrialAllowance } from '../batches/public';
import { AppError } from '../http/errors';
import type { SearchCaller } from './caller';
import type { Db } from '../db/client';
import { listSetIdOf, splitLists } from './list-sets';
import { insertSearch, type StoredSearch } from './queries';
import { storeSearch } from './search-writer';

/** Usage record search types: billed as a search of the kind's option (NAME or NPI). */
export const BILLED_AS = {
  name: { searchType: 'Interactive Name Search', option: 'NAME' },
  npi: { searchType: 'Interactive NPI Search', option: 'NPI' },
} as const;

/** Each owner searched with a business: one more name search, told apart on the usage rows (ADR 119). */
export const OWNER_BILLED_AS = { searchType: 'Interactive Owner Search', option: 'NAME' } as const;

/** A result before it is stored: everything but the id and reference. */
export type UnsavedResult = Omit<InteractiveResult, 'searchId' | 'reference'>;

/** "CL-7K3F-9QXA-2M": short enough to read out on the phone, random enough not to guess. */
export function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `CL-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * The stored answer as the client receives it; `lists` are the search's list set when it has
 * one (its result is then stored without them, ADR 047).
 */
export function resultOf(row: Pick<StoredSearch, 'id' | 'reference' | 'result'> & { lists?: unknown }): InteractiveResult {
  const lists = row.lists ? { lists: row.lists } : {};
  return { ...(row.result as UnsavedResult), ...lists, searchId: row.id, reference: row.reference } as InteractiveResult;
}

/** What a search is stored as: its answer without the lists, and the id of their list set. */
export async function storedForm(db: Db, result: object): Promise<{ result: object; listSetId: number | null }> {
  const { rest, lists } = splitLists(result);
  return lists ? { result: rest, listSetId: await listSetIdOf(db, lists) } : { result, listSetId: null };
}

export interface Outcome {
  kind: SearchKind | 'advanced';
  /** What the search is billed as (one usage row each); the kind's default when absent. */
  billedAs?: readonly { searchType: string; option: SearchOption }[];
  criteriaText: string;
  outcome: string;
  hitCount: number;
  /** Billed unless the search answered nothing usable. */
  isBillable: boolean;
}

/** The usage rows a search is billed with: one per option it is billed as, none when not billable. */
export function usageRowsOf(outcome: Outcome, clientId: number, now: Date) {
  if (!outcome.isBillable) return [];
  const billed = outcome.billedAs ?? (outcome.kind === 'advanced' ? [] : [BILLED_AS[outcome.kind]]);
  return billed.map((b) => ({ clientId, searchType: b.searchType, searchOption: b.option, unitPriceCents: priceOf(b.option), quantity: 1, createdAt: now }));
}

/** Stores the search (and its usage record for a signed-in client) and answers it with its id. */
export async function recordSearch(ctx: AppContext, caller: SearchCaller, result: UnsavedResult | object, outcome: Outcome): Promise<InteractiveResult> {
  const now = new Date((result as { searchedAt: string }).searchedAt);
  const isUser = caller.kind === 'user';
  const usage = isUser ? usageRowsOf(outcome, caller.clientId, now) : [];
  const stored = await storedForm(ctx.db, result);
  const search = {
    reference: newReference(),
    clientId: isUser ? caller.clientId : null,
    teamId: isUser ? caller.teamId : null,
    userId: isUser ? caller.userId : null,
    kind: outcome.kind,
    criteriaText: outcome.criteriaText,
    outcome: outcome.outcome,
    hitCount: outcome.hitCount,
    ...stored,
    searchedAt: now,
  };
  // Answered with the whole result as screened (the stored row has its lists apart, ADR 047),
  // stored with the searches answered at the same time, in one statement (ADR 055).
  const answer = (row: Pick<StoredSearch, 'id' | 'reference'>) => resultOf({ id: row.id, reference: row.reference, result });
  if (usage.length === 0 || caller.kind !== 'user') return answer(await storeSearch(ctx.db, search, []));
  if (caller.clientState !== 'trial') return answer(await storeSearch(ctx.db, search, usage));
  // A trial's search is stored only while its allowance has room, counted under a lock: the
  // check before the search could be overtaken by parallel searches (ADR 024).
  const row = await withTrialAllowance(
    ctx.db,
    { clientId: caller.clientId, state: caller.clientState, trialSearchesPerMonth: caller.trialSearchesPerMonth },
    usage.length,
    now,
    // A name search billed more than once is a business with its owners (ADR 119).
    ({ perMonth, remaining }) =>
      new AppError('RATE_LIMITED', outcome.kind === 'name' && usage.length > 1 && remaining > 0 ? OWNER_TEXTS.trialLimit(usage.length, remaining, perMonth) : ELIGIBILITY_TEXTS.trialLimit(perMonth)),
    (db) => insertSearch(db, search, usage),
  );
  return answer(row);
}

/** "No match", "1 potential match", "3 potential matches". */
export function matchesOutcome(count: number): string {
  if (count === 0) return 'No match';
  return `${count} potential match${count === 1 ? '' : 'es'}`;
}
