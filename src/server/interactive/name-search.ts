/** GET /services/interactivesearch/name: one person or business against every exclusion list. */
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { describeNameCriteria, INTERACTIVE_ERROR_TEXTS, MAX_INTERACTIVE_MATCHES, type NameCriteria, type NameSearchQuery, type NameSearchResult } from '#shared/interactive-search';
import type { SourceId } from '#shared/list-record';
import { reviewThresholdFor } from '#shared/review-threshold';
import type { ScreenQuery } from '#engine/query-types';
import { screen } from '#engine/screen';
import type { AppContext } from '../app-context';
import { EXCLUSION_SOURCES, OFAC_SOURCES } from '../batches/row-screening';
import { currentIndex } from '../batches/screener';
import { AppError } from '../http/errors';
import type { SearchCaller } from './caller';
import { claimSearch, mayRun } from './eligibility';
import { listsSearched, searchHitsOf } from './hits';
import { matchesOutcome, recordSearch } from './record';

/** Fuzzy matching, date of birth and state narrow a search for signed-in users with the role. */
export const SIGNED_IN_ONLY = 'Fuzzy matching, date of birth and state are for signed-in users with name searching. Log in to use them.';

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
  };
}

function queryOf(c: NameCriteria): ScreenQuery {
  if (c.entity === 'business') return { type: 'business', name: c.companyName ?? '', state: c.state };
  return { type: 'individual', firstName: c.firstName ?? '', lastName: c.lastName ?? '', dateOfBirth: c.dateOfBirth, state: c.state };
}

export async function searchByName(ctx: AppContext, caller: SearchCaller, q: NameSearchQuery): Promise<NameSearchResult> {
  const criteria = criteriaOf(q);
  const isNarrowed = criteria.matchingAlgorithm !== 'Exact' || criteria.dateOfBirth !== null || criteria.state !== null;
  if (isNarrowed && (caller.kind === 'anonymous' || !mayRun(caller, 'name'))) throw new AppError('FORBIDDEN', SIGNED_IN_ONLY);
  await claimSearch(ctx, caller, 'name');
  const index = await currentIndex(ctx);
  const sources = nameSourcesFor(caller);
  const threshold = reviewThresholdFor({ reviewThreshold: caller.kind === 'user' ? caller.reviewThreshold : null });
  const answer = screen(index, queryOf(criteria), { algorithm: criteria.matchingAlgorithm, sources, threshold, limit: MAX_INTERACTIVE_MATCHES + 1 });
  if (answer.status === 'invalid') throw new AppError('BAD_REQUEST', answer.issues.map((i) => i.message).join(' '));
  if (answer.hits.length > MAX_INTERACTIVE_MATCHES) throw new AppError('MaxMatchesExceeded', INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded);
  const searchedAt = ctx.now().toISOString();
  const [hits, lists] = await Promise.all([searchHitsOf(ctx.db, index, answer.hits), listsSearched(ctx.db, index, sources)]);
  const result = {
    kind: 'name' as const,
    searchedAt,
    searchedBy: caller.kind === 'user' ? `${caller.fullName}, ${caller.clientName}` : null,
    algorithmVersion: ALGORITHM_VERSION,
    lists,
    criteria,
    hits,
  };
  const outcome = { kind: 'name' as const, criteriaText: describeNameCriteria(criteria), outcome: matchesOutcome(hits.length), hitCount: hits.length, isBillable: true };
  return (await recordSearch(ctx, caller, result, outcome)) as NameSearchResult;
}
