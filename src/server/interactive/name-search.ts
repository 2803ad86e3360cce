/** GET /services/interactivesearch/name: one person or business against every exclusion list. */
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { describeNameCriteria, INTERACTIVE_ERROR_TEXTS, MAX_INTERACTIVE_MATCHES, type ListCoverage, type NameCriteria, type NameSearchQuery, type NameSearchResult, type SearchHit } from '#shared/interactive-search';
import type { SourceId } from '#shared/list-record';
import { reviewThresholdFor } from '#shared/review-threshold';
import type { Hit, ScreenQuery, ScreenResult } from '#engine/query-types';
import type { ScreenOptions } from '#engine/settings';
import { screen } from '#engine/screen';
import type { AppContext } from '../app-context';
import { EXCLUSION_SOURCES, OFAC_SOURCES } from '../screening/row-screening';
import { currentIndex } from '../screening/screener';
import { AppError } from '../http/errors';
import type { SearchCaller } from './caller';
import { claimSearch, mayRun } from './eligibility';
import { listsSearched, searchHitsOf } from './hits';
import { matchesOutcome, recordSearch, type Outcome, type UnsavedResult } from './record';

/** Fuzzy matching, date of birth and state narrow a search for signed-in users with the role. */
export const SIGNED_IN_ONLY = 'Fuzzy matching, date of birth, state and licence number are for signed-in users with name searching. Log in to use them.';

/** Federal and state exclusion lists; OFAC too when the client's account has it. */
export function nameSourcesFor(caller: SearchCaller): SourceId[] {
  const hasOfac = caller.kind === 'user' && (caller.searchOptions.includes('OFAC') || caller.roles.includes('system_admin_user'));
  return hasOfac ? [...EXCLUSION_SOURCES, ...OFAC_SOURCES] : EXCLUSION_SOURCES;
}

function criteriaOf(q: NameSearchQuery): NameCriteria {
  const isBusiness = Boolean(q.companyName);
  return {
    entity: isBusiness ? 'business' : 'individual',
    firstName: isBusiness ? null : (q.firstName ?? null),
    lastName: isBusiness ? null : (q.lastName ?? null),
    companyName: isBusiness ? (q.companyName ?? null) : null,
    matchingAlgorithm: q.matchingAlgorithm,
    dateOfBirth: q.dateOfBirth ?? null,
    state: q.state ? q.state.toUpperCase() : null,
    // Only when given, so the criteria of a search without one are stored as before (ADR 120).
    ...(q.licenseNumber ? { licenseNumber: q.licenseNumber, ...(q.licenseState ? { licenseState: q.licenseState.toUpperCase() } : {}) } : {}),
    ...(q.providerType ? { providerType: q.providerType } : {}),
  };
}

function queryOf(c: NameCriteria): ScreenQuery {
  const license = { ...(c.licenseNumber ? { licenseNumber: c.licenseNumber, licenseState: c.licenseState ?? null } : {}), ...(c.providerType ? { providerType: c.providerType } : {}) };
  if (c.entity === 'business') return { type: 'business', name: c.companyName ?? '', state: c.state, ...license };
  return { type: 'individual', firstName: c.firstName ?? '', lastName: c.lastName ?? '', dateOfBirth: c.dateOfBirth, state: c.state, ...license };
}

/** A name search screened and answered, not yet stored or billed. */
export interface ScreenedSearch {
  result: UnsavedResult;
  outcome: Outcome;
}

/** What the engine is asked for one name: the criteria as stored, the query and its options. */
export interface NamePlan {
  criteria: NameCriteria;
  sources: SourceId[];
  query: ScreenQuery;
  options: ScreenOptions;
}

export function planName(caller: SearchCaller, q: NameSearchQuery): NamePlan {
  const criteria = criteriaOf(q);
  const sources = nameSourcesFor(caller);
  const threshold = reviewThresholdFor({ reviewThreshold: caller.kind === 'user' ? caller.reviewThreshold : null });
  return { criteria, sources, query: queryOf(criteria), options: { algorithm: criteria.matchingAlgorithm, sources, threshold, limit: MAX_INTERACTIVE_MATCHES + 1 } };
}

/** The engine's hits, or the client error the search answers (invalid query, too many matches). */
export function nameHitsOf<H = Hit>(answer: Pick<ScreenResult, 'status' | 'issues'> & { hits: H[] }): H[] {
  if (answer.status === 'invalid') throw new AppError('BAD_REQUEST', answer.issues.map((i) => i.message).join(' '));
  if (answer.hits.length > MAX_INTERACTIVE_MATCHES) throw new AppError('MaxMatchesExceeded', INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded);
  return answer.hits;
}

/** The answer of a screened name, from its hits with their full records and the lists searched. */
export function nameResultOf(ctx: AppContext, caller: SearchCaller, criteria: NameCriteria, hits: SearchHit[], coverage: ListCoverage): ScreenedSearch {
  const result = {
    kind: 'name' as const,
    searchedAt: ctx.now().toISOString(),
    searchedBy: caller.kind === 'user' ? `${caller.fullName}, ${caller.clientName}` : null,
    algorithmVersion: ALGORITHM_VERSION,
    lists: coverage.lists,
    notSearched: coverage.notSearched,
    criteria,
    hits,
  };
  return { result, outcome: { kind: 'name', criteriaText: describeNameCriteria(criteria), outcome: matchesOutcome(hits.length), hitCount: hits.length, isBillable: true } };
}

/** Screens one name for a caller already allowed to search (no claim, nothing stored). */
export async function screenName(ctx: AppContext, caller: SearchCaller, q: NameSearchQuery): Promise<ScreenedSearch> {
  const plan = planName(caller, q);
  const index = await currentIndex(ctx);
  const found = nameHitsOf(screen(index, plan.query, plan.options));
  const [hits, lists] = await Promise.all([searchHitsOf(ctx.db, index, found), listsSearched(ctx.db, index, plan.sources, ctx.now())]);
  return nameResultOf(ctx, caller, plan.criteria, hits, lists);
}

/** Refuses a narrowed search (fuzzy, date of birth, state) to a caller without name searching. */
export function checkNarrowing(caller: SearchCaller, q: NameSearchQuery): void {
  const isNarrowed = q.matchingAlgorithm !== 'Exact' || Boolean(q.dateOfBirth) || Boolean(q.state) || Boolean(q.licenseNumber) || Boolean(q.providerType);
  if (isNarrowed && (caller.kind === 'anonymous' || !mayRun(caller, 'name'))) throw new AppError('FORBIDDEN', SIGNED_IN_ONLY);
}

export async function searchByName(ctx: AppContext, caller: SearchCaller, q: NameSearchQuery): Promise<NameSearchResult> {
  checkNarrowing(caller, q);
  await claimSearch(ctx, caller, 'name');
  const { result, outcome } = await screenName(ctx, caller, q);
  return (await recordSearch(ctx, caller, result, outcome)) as NameSearchResult;
}
