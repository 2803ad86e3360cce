/**
 * POST /api/v1/screenings (ADR 039, 041): many subjects screened as the interactive search
 * screens one, answered in input order, stored and billed as that many single searches in
 * one write. The work is done once per request, not once per subject: the names go to the
 * engine's worker threads in a few calls (one per set of options) while the NPIs are looked up
 * here, the hits come back light and are answered from the index (ADR 057), the lists searched once.
 */
import { ERROR_STATUS } from '#shared/errors';
import type { NameSearchQuery } from '#shared/interactive-search';
import type { BulkScreenInput, BulkScreenResult, BulkSubject, BulkSubjectResult } from '#shared/public-api-bulk';
import type { AppContext } from '../app-context';
import { currentScreening, lightScreenerFor } from '../screening/screener';
import { AppError, unauthenticated } from '../http/errors';
import type { SearchCaller, UserCaller } from '../interactive/public';
import { claimSearch, listsSearched, searchHitsOf, shownOf, shownOfLight, type ShownHit, checkNarrowing, nameHitsOf, nameResultOf, nameSourcesFor, planName, type NamePlan, type ScreenedSearch, findNpi, NPI_LISTS, npiHitsOf, npiResultOf, validNpi, type NpiFindings, recordSearches } from '../interactive/public';

function nameQueryOf(s: Exclude<BulkSubject, { type: 'npi' }>): NameSearchQuery {
  const matchingAlgorithm = s.matchingAlgorithm ?? 'Exact';
  if (s.type === 'business') return { firstName: undefined, lastName: undefined, companyName: s.companyName, state: s.state, matchingAlgorithm };
  return { firstName: s.firstName, lastName: s.lastName, companyName: undefined, dateOfBirth: s.dateOfBirth, state: s.state, matchingAlgorithm };
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

/** Screens every subject; answers each one's screened search or its refusal, in input order. */
async function screenAll(ctx: AppContext, caller: UserCaller, subjects: readonly BulkSubject[]): Promise<(ScreenedSearch | AppError)[]> {
  const active = await currentScreening(ctx);
  const { index } = active;
  const pending = subjects.map((s) => planOf(caller, s));
  // Names with the same options (algorithm) go to the engine together: on worker threads when many.
  const groups = new Map<string, number[]>();
  pending.forEach((p, i) => {
    if (p.kind !== 'name') return;
    const key = JSON.stringify(p.plan.options);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const screener = lightScreenerFor(ctx, index, [...groups.values()].reduce((n, g) => n + g.length, 0));
  // The engine works on the names on the worker threads while this thread looks up the NPIs.
  const screening = Promise.all(
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
  );
  // Handled below; kept from being an unhandled rejection should an NPI lookup throw first.
  screening.catch(() => undefined);
  // The names' chunks are posted to the workers once the microtasks above have run.
  await new Promise<void>((resolve) => setImmediate(resolve));
  // The subjects' NPPES records in one read by key (ADR 060), then each NPI checked.
  const npis = pending.flatMap((p) => (p.kind === 'npi' ? [p.npi] : []));
  if (npis.length) await active.keyed.fetch({ npis });
  for (const p of pending) if (p.kind === 'npi') p.findings = findNpi(index, active.keyed.index, p.npi, p.name);
  await screening;
  // The hits of every subject as answered (full records read in one query, for the few hits the index cannot answer alone), handed back in order.
  const hitsOf = (p: Pending): ShownHit[] => (p.kind === 'name' ? (p.hits ?? []) : p.kind === 'npi' ? npiHitsOf(p.findings!).map(shownOf) : []);
  const [full, nameLists, npiLists] = await Promise.all([
    searchHitsOf(ctx.db, active, pending.flatMap(hitsOf)),
    listsSearched(ctx.db, active, nameSourcesFor(caller)),
    listsSearched(ctx.db, active, NPI_LISTS),
  ]);
  let at = 0;
  return pending.map((p) => {
    const count = hitsOf(p).length;
    const own = full.slice(at, (at += count));
    if (p.kind === 'refused') return p.error;
    return p.kind === 'name' ? nameResultOf(ctx, caller, p.plan.criteria, own, nameLists) : npiResultOf(ctx, caller, p.findings!, own, npiLists);
  });
}

export async function screenBulk(ctx: AppContext, caller: SearchCaller, input: BulkScreenInput): Promise<BulkScreenResult> {
  if (caller.kind !== 'user') throw unauthenticated();
  // The whole request is refused when the caller may not run one of its kinds of search at all.
  const kinds = new Set(input.subjects.map((s) => (s.type === 'npi' ? ('npi' as const) : ('name' as const))));
  for (const kind of kinds) await claimSearch(ctx, caller, kind);
  const outcomes = await screenAll(ctx, caller, input.subjects);
  const screened = outcomes.filter((o): o is ScreenedSearch => !(o instanceof AppError));
  const stored = await recordSearches(ctx, caller, screened);
  let next = 0;
  const results: BulkSubjectResult[] = outcomes.map((o, index) =>
    o instanceof AppError ? { index, status: 'refused', error: { code: o.code, message: o.message } } : { index, status: 'screened', result: stored[next++] },
  );
  return { screened: screened.length, refused: outcomes.length - screened.length, results };
}
