/**
 * Whether a caller may search now (GET /services/interactivesearch/eligibility) and the same
 * rule enforced by the searches: anonymous visitors have a daily allowance per address,
 * signed-in users need the search's role and option, trial clients their monthly quota.
 */
import { ELIGIBILITY_TEXTS, type Eligibility, type EligibilityName, type SearchKind } from '#shared/interactive-search';
import { ADVANCED_TEXTS } from '#shared/advanced-search';
import { OWNER_TEXTS } from '#shared/business-owners';
import { LOGIN_MESSAGES } from '#shared/messages';
import { hasAnyRole } from '#shared/roles';
import type { AppContext } from '../app-context';
import { searchesCommitted, DEFAULT_TRIAL_SEARCHES_PER_MONTH } from '../batches/public';
import { AppError } from '../http/errors';
import { isSystemAdmin, type AnonymousCaller, type SearchCaller, type UserCaller } from './caller';
import { anonymousSearchesOn, pruneAnonymousCounts, takeAnonymousSearch } from './queries';

const granted: Eligibility = { name: 'GRANTED', text: ELIGIBILITY_TEXTS.granted };
const refuse = (name: EligibilityName, text: string): Eligibility => ({ name, text });

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The role and search option a kind of search needs (Advance Search: any option; its lists are checked one by one). */
const NEEDS = {
  name: { role: 'name_search_user', option: 'NAME' },
  npi: { role: 'npi_search_user', option: 'NPI' },
  advanced: { role: 'advanced_search', option: null },
} as const;

/** A search the eligibility rules know: the interactive kinds and Advance Search. */
export type RuledSearch = SearchKind | 'advanced';

const NOT_PERMITTED = { name: ELIGIBILITY_TEXTS.notPermittedName, npi: ELIGIBILITY_TEXTS.notPermittedNpi, advanced: ADVANCED_TEXTS.notPermitted } as const;

/** Whether a signed-in user may run this kind of search at all (role and client option). */
export function mayRun(caller: UserCaller, kind: RuledSearch): boolean {
  if (isSystemAdmin(caller)) return true;
  const needs = NEEDS[kind];
  return hasAnyRole(caller.roles, [needs.role]) && (needs.option === null || caller.searchOptions.includes(needs.option));
}

/** `needed`: the searches one request runs (a business and its owners, ADR 119). */
async function userEligibility(ctx: AppContext, caller: UserCaller, kind: RuledSearch | undefined, now: Date, needed = 1): Promise<Eligibility> {
  if (caller.clientState === 'disabled') return refuse('ACCOUNT_INACTIVE', LOGIN_MESSAGES.ACCOUNT_DISABLED);
  if (caller.clientState === 'disabling' && caller.accessEndsAt && caller.accessEndsAt <= now) return refuse('ACCOUNT_INACTIVE', ELIGIBILITY_TEXTS.inactive);
  if (caller.clientState === 'trial' && caller.trialEndsAt && caller.trialEndsAt <= now) return refuse('ACCOUNT_INACTIVE', LOGIN_MESSAGES.TRIAL_EXPIRED);
  if (kind && !mayRun(caller, kind)) return refuse('NOT_PERMITTED', NOT_PERMITTED[kind]);
  if (caller.clientState === 'trial') {
    const perMonth = caller.trialSearchesPerMonth ?? DEFAULT_TRIAL_SEARCHES_PER_MONTH;
    const used = await searchesCommitted(ctx.db, caller.clientId, startOfMonthUtc(now));
    if (used >= perMonth) return refuse('TRIAL_LIMIT_REACHED', ELIGIBILITY_TEXTS.trialLimit(perMonth));
    if (used + needed > perMonth) return refuse('TRIAL_LIMIT_REACHED', OWNER_TEXTS.trialLimit(needed, perMonth - used, perMonth));
  }
  return granted;
}

async function anonymousEligibility(ctx: AppContext, caller: AnonymousCaller, now: Date): Promise<Eligibility> {
  const perDay = ctx.config.anonymousSearchesPerDay;
  const used = await anonymousSearchesOn(ctx.db, caller.addressHash, utcDay(now));
  return used < perDay ? granted : refuse('DAILY_LIMIT_REACHED', ELIGIBILITY_TEXTS.dailyLimit(perDay));
}

/** GRANTED, or the reason the caller may not search now. */
export function checkEligibility(ctx: AppContext, caller: SearchCaller, kind: SearchKind | undefined): Promise<Eligibility> {
  const now = ctx.now();
  return caller.kind === 'anonymous' ? anonymousEligibility(ctx, caller, now) : userEligibility(ctx, caller, kind, now);
}

/**
 * Refuses a search the caller may not run (the same rule as the eligibility answer); for an
 * anonymous visitor it also counts the search, atomically, against today's allowance. A signed-in
 * request of `needed` searches (a business and its owners) is refused when the trial has fewer left.
 */
export async function claimSearch(ctx: AppContext, caller: SearchCaller, kind: RuledSearch, needed = 1): Promise<void> {
  const now = ctx.now();
  if (caller.kind === 'user') {
    const answer = await userEligibility(ctx, caller, kind, now, needed);
    if (answer.name === 'TRIAL_LIMIT_REACHED') throw new AppError('RATE_LIMITED', answer.text);
    if (answer.name !== 'GRANTED') throw new AppError('FORBIDDEN', answer.text);
    return;
  }
  const perDay = ctx.config.anonymousSearchesPerDay;
  const count = await takeAnonymousSearch(ctx.db, caller.addressHash, utcDay(now), perDay);
  if (count === null) throw new AppError('RATE_LIMITED', ELIGIBILITY_TEXTS.dailyLimit(perDay));
  // The first search of a day clears the counts of earlier days (an address is kept no longer than needed).
  if (count === 1) await pruneAnonymousCounts(ctx.db, utcDay(now));
}
