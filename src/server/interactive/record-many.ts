/** Stores and bills many screened searches at once (the bulk API), exactly as many single searches. */
import { ELIGIBILITY_TEXTS, type InteractiveResult } from '#shared/interactive-search';
import type { AppContext } from '../app-context';
import { withTrialAllowance } from '../batches/public';
import { AppError } from '../http/errors';
import type { UserCaller } from './caller';
import { listSetIdsOf, splitLists } from './list-sets';
import { insertSearches } from './queries';
import { newReference, resultOf, usageRowsOf, type Outcome, type UnsavedResult } from './record';

/**
 * Stores every search in Search History with one usage record each; a trial client's whole
 * set is refused (nothing stored) when its month has less room than the billable searches,
 * counted under the allowance lock like a single search (ADR 024).
 */
export async function recordSearches(ctx: AppContext, caller: UserCaller, screened: readonly { result: UnsavedResult; outcome: Outcome }[]): Promise<InteractiveResult[]> {
  const now = ctx.now();
  // The results of one request share a few `lists` arrays: each set is looked up once (ADR 047).
  const listSetIds = await listSetIdsOf(ctx.db, screened.map((s) => s.result));
  const searches = screened.map(({ result, outcome }, i) => ({
    reference: newReference(),
    clientId: caller.clientId,
    teamId: caller.teamId,
    userId: caller.userId,
    kind: outcome.kind,
    criteriaText: outcome.criteriaText,
    outcome: outcome.outcome,
    hitCount: outcome.hitCount,
    result: listSetIds[i] === null ? result : splitLists(result).rest,
    listSetId: listSetIds[i],
    searchedAt: new Date(result.searchedAt),
  }));
  const usage = screened.flatMap(({ outcome }) => usageRowsOf(outcome, caller.clientId, now).map((u) => ({ ...u, batchId: null, rowIndex: null })));
  const ids = await withTrialAllowance(
    ctx.db,
    { clientId: caller.clientId, state: caller.clientState, trialSearchesPerMonth: caller.trialSearchesPerMonth },
    usage.length,
    now,
    ({ perMonth, remaining }) => new AppError('RATE_LIMITED', ELIGIBILITY_TEXTS.bulkTrialLimit(usage.length, remaining, perMonth)),
    (db) => insertSearches(db, searches, usage),
  );
  return searches.map((s, i) => resultOf({ id: ids.get(s.reference)!, reference: s.reference, result: screened[i].result }));
}
