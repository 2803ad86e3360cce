/** Stores and bills many screened searches at once (the bulk API), exactly as many single searches. */
import { ELIGIBILITY_TEXTS, type InteractiveResult } from '#shared/interactive-search';
import type { AppContext } from '../app-context';
import { withTrialAllowance } from '../batches/public';
import { AppError } from '../http/errors';
import type { Db } from '../db/client';
import type { UserCaller } from './caller';
import { listSetIdOf, listSetIdsOf, splitLists } from './list-sets';
import { insertSearches } from './queries';
import { newReference, resultOf, usageRowsOf, type Outcome, type UnsavedResult } from './record';

type Screened = { result: UnsavedResult; outcome: Outcome };

/** The rows that store and bill the searches: one search row each, one usage row per billable search. */
async function rowsOf(setIdsOf: (results: readonly object[]) => Promise<(number | null)[]>, caller: UserCaller, screened: readonly Screened[], now: Date) {
  const listSetIds = await setIdsOf(screened.map((s) => s.result));
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
  return { searches, usage };
}

const answersOf = (searches: readonly { reference: string }[], screened: readonly Screened[], ids: Map<string, number>): InteractiveResult[] =>
  searches.map((s, i) => resultOf({ id: ids.get(s.reference)!, reference: s.reference, result: screened[i].result }));

/**
 * Stores every search in Search History with one usage record each; a trial client's whole
 * set is refused (nothing stored) when its month has less room than the billable searches,
 * counted under the allowance lock like a single search (ADR 024).
 */
export async function recordSearches(ctx: AppContext, caller: UserCaller, screened: readonly Screened[]): Promise<InteractiveResult[]> {
  const now = ctx.now();
  // The results of one request share a few `lists` arrays: each set is looked up once (ADR 047).
  const { searches, usage } = await rowsOf((results) => listSetIdsOf(ctx.db, results), caller, screened, now);
  const ids = await withTrialAllowance(
    ctx.db,
    { clientId: caller.clientId, state: caller.clientState, trialSearchesPerMonth: caller.trialSearchesPerMonth },
    usage.length,
    now,
    ({ perMonth, remaining }) => new AppError('RATE_LIMITED', ELIGIBILITY_TEXTS.bulkTrialLimit(usage.length, remaining, perMonth)),
    (db) => insertSearches(db, searches, usage),
  );
  return answersOf(searches, screened, ids);
}

/**
 * As recordSearches, for searches answered in two parts (ADR 064): the first part is written
 * while the second is still being screened, in one transaction with the second part's write,
 * so every search and usage row is stored exactly once, all or nothing — a failure of the
 * second part (its screening or its write) undoes the first. `second` gets the transaction's
 * handle for whatever it reads from the database (on PGlite, one connection, anything else
 * would wait for the transaction). `lists` are the lists arrays the results may carry: their
 * sets are looked up before the transaction (ADR 047: a set outlives an undone search).
 *
 * A trial client's searches are counted against its allowance before anything is written, so
 * for a trial both parts are screened first and stored together as recordSearches does.
 */
export async function recordSearchesInTwo(
  ctx: AppContext,
  caller: UserCaller,
  first: readonly Screened[],
  second: (db: Db) => Promise<readonly Screened[]>,
  lists: readonly (readonly unknown[])[],
): Promise<InteractiveResult[]> {
  if (caller.clientState === 'trial') return recordSearches(ctx, caller, [...first, ...(await second(ctx.db))]);
  const now = ctx.now();
  const setIds = await listSetIdsOf(ctx.db, lists.map((l) => ({ lists: l })));
  const known = new Map<unknown, number | null>(lists.map((l, i) => [l, setIds[i]]));
  const one = await rowsOf((results) => listSetIdsOf(ctx.db, results), caller, first, now);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const ids = await insertSearches(db, one.searches, one.usage);
    const rest = await second(db);
    // The sets looked up above; one that was not (a result with other lists) is stored within the transaction, and undone with it.
    const setIdsInTx = (results: readonly object[]) => Promise.all(results.map((r) => { const l = splitLists(r).lists; return l === null ? null : (known.get(l) ?? listSetIdOf(db, l)); }));
    const two = await rowsOf(setIdsInTx, caller, rest, now);
    for (const [reference, id] of await insertSearches(db, two.searches, two.usage)) ids.set(reference, id);
    return [...answersOf(one.searches, first, ids), ...answersOf(two.searches, rest, ids)];
  });
}
