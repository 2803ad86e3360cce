/**
 * POST /api/v1/screenings (ADR 039, 041): many subjects screened as the interactive search
 * screens one, answered in input order, stored and billed as that many single searches in
 * one transaction. The work is done once per request, not once per subject: the names go to the
 * engine's worker threads in a few calls (one per set of options) while the NPIs are looked up
 * here, the hits come back light and are answered from the index (ADR 057), the lists searched
 * once; a large request's first half is written while the workers screen its second (ADR 064).
 */
import { ERROR_STATUS } from '#shared/errors';
import type { InteractiveResult, ListCoverage, NameSearchQuery } from '#shared/interactive-search';
import type { SearchIndex } from '#engine/index-parts';
import type { BulkScreenInput, BulkScreenResult, BulkSubject, BulkSubjectResult } from '#shared/public-api-bulk';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { currentScreening, lightScreenerFor, type LightScreener, type Screening } from '../screening/screener';
import { AppError, unauthenticated } from '../http/errors';
import type { SearchCaller, UserCaller } from '../interactive/public';
import { nameSearchQueryOf, claimSearch, listsSearched, searchHitsOf, shownOf, shownOfLight, type ShownHit, checkNarrowing, nameHitsOf, nameResultOf, nameSourcesFor, planName, type NamePlan, type ScreenedSearch, findNpi, NPI_LISTS, npiHitsOf, npiResultOf, thresholdOf, validNpi, type NpiFindings, recordSearchesInTwo } from '../interactive/public';

function nameQueryOf(s: Exclude<BulkSubject, { type: 'npi' }>): NameSearchQuery {
  const matchingAlgorithm = s.matchingAlgorithm ?? 'Exact';
  if (s.type === 'business') return { firstName: undefined, lastName: undefined, companyName: s.companyName, state: s.state, licenseNumber: s.licenseNumber, licenseState: s.licenseState, providerType: s.providerType, matchingAlgorithm };
  return nameSearchQueryOf({ name: s.name, firstName: s.firstName, lastName: s.lastName, companyName: undefined, dateOfBirth: s.dateOfBirth, state: s.state, licenseNumber: s.licenseNumber, licenseState: s.licenseState, providerType: s.providerType, matchingAlgorithm });
}

/** The client error a single search would have answered (not billed); anything else is thrown. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError && ERROR_STATUS[error.code] < 500) return error;
  throw error;
}

/** A subject on its way: what it asks the engine, then the hits the engine found. */
type Pending = { kind: 'name'; plan: NamePlan; hits?: ShownHit[] } | { kind: 'npi'; npi: string; name: string | null; findings?: NpiFindings } | { kind: 'refused'; error: AppError };

function planOf(caller: SearchCaller, s: BulkSubject): Pending {
  try {
    if (s.type === 'npi') return { kind: 'npi', npi: validNpi(s.npi), name: s.name ?? null };
    const q = nameQueryOf(s);
    checkNarrowing(caller, q);
    return { kind: 'name', plan: planName(caller, q) };
  } catch (error) {
    return { kind: 'refused', error: refusal(error) };
  }
}

type Outcome = ScreenedSearch | AppError;

/** Requests with at least this many subjects are screened and stored in two parts (ADR 064). */
const TWO_PARTS_FROM = 200;

/**
 * Posts the names of some subjects to the engine (on worker threads when many), grouped by
 * their options (algorithm); resolves once their hits are in `pending`, each as answered (ADR 057).
 */
function screenNames(screener: LightScreener, index: SearchIndex, pending: Pending[], from: number, to: number): Promise<void> {
  const groups = new Map<string, number[]>();
  for (let i = from; i < to; i++) {
    const p = pending[i];
    if (p.kind !== 'name') continue;
    const key = JSON.stringify(p.plan.options);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  const done = Promise.all(
    [...groups.values()].map(async (group) => {
      const plans = group.map((i) => (pending[i] as Extract<Pending, { kind: 'name' }>).plan);
      const answers = await screener(plans.map((p) => p.query), plans[0].options);
      group.forEach((at, i) => {
        try {
          pending[at] = { kind: 'name', plan: plans[i], hits: nameHitsOf(answers[i]).map((h) => shownOfLight(index, h)) };
        } catch (error) {
          pending[at] = { kind: 'refused', error: refusal(error) };
        }
      });
    }),
  ).then(() => undefined);
  // Handled by whoever awaits it; kept from being an unhandled rejection meanwhile.
  done.catch(() => undefined);
  return done;
}

/** The screened searches (or refusals) of subjects whose hits are in: the hits as answered, the lists searched. */
async function outcomesOf(db: Db, active: Screening, ctx: AppContext, caller: UserCaller, part: readonly Pending[], lists: { name: ListCoverage; npi: ListCoverage }): Promise<Outcome[]> {
  // The hits of every subject as answered (full records read in one query, for the few hits the index cannot answer alone), handed back in order.
  const hitsOf = (p: Pending): ShownHit[] => (p.kind === 'name' ? (p.hits ?? []) : p.kind === 'npi' ? npiHitsOf(p.findings!).map(shownOf) : []);
  const full = await searchHitsOf(db, active, part.flatMap(hitsOf));
  let at = 0;
  return part.map((p) => {
    const count = hitsOf(p).length;
    const own = full.slice(at, (at += count));
    if (p.kind === 'refused') return p.error;
    return p.kind === 'name' ? nameResultOf(ctx, caller, p.plan.criteria, own, lists.name) : npiResultOf(ctx, caller, p.findings!, own, lists.npi);
  });
}

const isScreened = (o: Outcome): o is ScreenedSearch => !(o instanceof AppError);

/**
 * Screens every subject and stores the screened ones; answers each one's stored search or its
 * refusal, in input order. A large request goes in two parts (ADR 064): the first half's names
 * are posted to the engine before the second half's, and the first half is written to the
 * database (this thread) while the workers screen the second; both writes are one transaction.
 */
async function screenAndStore(ctx: AppContext, caller: UserCaller, subjects: readonly BulkSubject[]): Promise<(InteractiveResult | AppError)[]> {
  const active = await currentScreening(ctx);
  const { index } = active;
  const pending = subjects.map((s) => planOf(caller, s));
  const cut = pending.length >= TWO_PARTS_FROM ? Math.ceil(pending.length / 2) : pending.length;
  // On the worker threads when the request has many names (both parts alike: the pool is chosen for the whole request).
  const screener = lightScreenerFor(ctx, index, pending.filter((p) => p.kind === 'name').length);
  const firstNames = screenNames(screener, index, pending, 0, cut);
  const secondNames = screenNames(screener, index, pending, cut, pending.length);
  // The names' chunks are posted to the workers once the microtasks above have run; this thread looks up the NPIs meanwhile.
  await new Promise<void>((resolve) => setImmediate(resolve));
  // The subjects' NPPES records in one read by key (ADR 060), then each NPI checked.
  const npis = pending.flatMap((p) => (p.kind === 'npi' ? [p.npi] : []));
  if (npis.length) await active.keyed.fetch({ npis });
  for (const p of pending) if (p.kind === 'npi') p.findings = findNpi(index, active.keyed.index, p.npi, p.name, thresholdOf(caller));
  const [name, npi] = await Promise.all([listsSearched(ctx.db, active, nameSourcesFor(caller), ctx.now()), listsSearched(ctx.db, active, NPI_LISTS, ctx.now())]);
  const lists = { name, npi };
  await firstNames;
  const first = await outcomesOf(ctx.db, active, ctx, caller, pending.slice(0, cut), lists);
  let second: Outcome[] = [];
  const stored = await recordSearchesInTwo(
    ctx,
    caller,
    first.filter(isScreened),
    async (db) => {
      await secondNames;
      second = await outcomesOf(db, active, ctx, caller, pending.slice(cut), lists);
      return second.filter(isScreened);
    },
    [name.lists, npi.lists],
  );
  let next = 0;
  return [...first, ...second].map((o) => (isScreened(o) ? stored[next++] : o));
}

export async function screenBulk(ctx: AppContext, caller: SearchCaller, input: BulkScreenInput): Promise<BulkScreenResult> {
  if (caller.kind !== 'user') throw unauthenticated();
  // The whole request is refused when the caller may not run one of its kinds of search at all.
  const kinds = new Set(input.subjects.map((s) => (s.type === 'npi' ? ('npi' as const) : ('name' as const))));
  for (const kind of kinds) await claimSearch(ctx, caller, kind);
  const outcomes = await screenAndStore(ctx, caller, input.subjects);
  const results: BulkSubjectResult[] = outcomes.map((o, index) =>
    o instanceof AppError ? { index, status: 'refused', error: { code: o.code, message: o.message } } : { index, status: 'screened', result: o },
  );
  const screened = results.filter((r) => r.status === 'screened').length;
  return { screened, refused: outcomes.length - screened, results };
}
