/**
 * A business searched with its owners or principals (issue 52, ADR 119): each owner's whole name
 * is read as a person (the public API's reading, `nameSearchQueryOf`), screened on the business's
 * lists with its matching, and answered beside the business's findings in one stored search,
 * billed as one name search for the business and one per owner.
 */
import { describeNameCriteria, type NameSearchQuery, type NameSearchResult, type OwnerFinding } from '#shared/interactive-search';
import { OWNER_TEXTS } from '#shared/business-owners';
import type { Hit } from '#engine/query-types';
import { screen } from '#engine/screen';
import type { AppContext } from '../app-context';
import { currentIndex } from '../screening/screener';
import { AppError } from '../http/errors';
import type { SearchCaller } from './caller';
import { claimSearch } from './eligibility';
import { nameSearchQueryOf } from './full-name-query';
import { listsSearched, searchHitsOf } from './hits';
import { checkNarrowing, nameHitsOf, nameResultOf, planName, searchByName, type NamePlan } from './name-search';
import { BILLED_AS, OWNER_BILLED_AS, matchesOutcome, recordSearch } from './record';

interface OwnerPlan {
  name: string;
  plan: NamePlan;
}

/** Each owner as a person query: the whole name read into first and last name, matched as the business is, not narrowed by its state. */
function ownerPlansOf(caller: SearchCaller, q: NameSearchQuery, owners: readonly string[]): OwnerPlan[] {
  return owners.map((name) => {
    const query = nameSearchQueryOf({ name, firstName: undefined, lastName: undefined, companyName: undefined, matchingAlgorithm: q.matchingAlgorithm });
    if (!query.lastName) throw new AppError('BAD_REQUEST', OWNER_TEXTS.unreadable(name));
    return { name, plan: planName(caller, query) };
  });
}

/** An owner's hits; an error (too many matches, a name the engine refuses) names the owner. */
function ownerHitsOf(index: Parameters<typeof screen>[0], { name, plan }: OwnerPlan): Hit[] {
  try {
    return nameHitsOf(screen(index, plan.query, plan.options));
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `Owner “${name}”: ${error.message}`);
    throw error;
  }
}

/** "No match; owners: 1 potential match (Ann Lee)": the history's outcome of a business and its owners. */
function ownersOutcome(businessHits: number, owners: readonly OwnerFinding[]): string {
  const found = owners.filter((o) => o.hits.length > 0);
  const ownerHits = found.reduce((n, o) => n + o.hits.length, 0);
  const who = found.length ? ` (${found.map((o) => o.name).join('; ')})` : '';
  return `${matchesOutcome(businessHits)}; owners: ${matchesOutcome(ownerHits)}${who}`;
}

/** GET /services/interactivesearch/name with `owner`: the business and each owner, stored and billed together. */
export async function searchNameWithOwners(ctx: AppContext, caller: SearchCaller, q: NameSearchQuery): Promise<NameSearchResult> {
  const owners = q.owner ?? [];
  if (owners.length === 0) return searchByName(ctx, caller, q);
  if (caller.kind === 'anonymous') throw new AppError('FORBIDDEN', OWNER_TEXTS.signedInOnly);
  checkNarrowing(caller, q);
  const business = planName(caller, q);
  const ownerPlans = ownerPlansOf(caller, q, owners);
  await claimSearch(ctx, caller, 'name', 1 + owners.length);

  const index = await currentIndex(ctx);
  const found = nameHitsOf(screen(index, business.query, business.options));
  const ownersFound = ownerPlans.map((o) => ownerHitsOf(index, o));
  const [hits, lists, ...ownerHits] = await Promise.all([
    searchHitsOf(ctx.db, index, found),
    listsSearched(ctx.db, index, business.sources, ctx.now()),
    ...ownersFound.map((f) => searchHitsOf(ctx.db, index, f)),
  ]);
  const findings: OwnerFinding[] = ownerPlans.map((o, i) => ({ name: o.name, criteria: o.plan.criteria, hits: ownerHits[i] as OwnerFinding['hits'] }));

  const screened = nameResultOf(ctx, caller, business.criteria, hits, lists);
  const hitCount = hits.length + findings.reduce((n, o) => n + o.hits.length, 0);
  const outcome = {
    ...screened.outcome,
    criteriaText: describeNameCriteria(business.criteria, findings),
    outcome: ownersOutcome(hits.length, findings),
    hitCount,
    billedAs: [BILLED_AS.name, ...findings.map(() => OWNER_BILLED_AS)],
  };
  return (await recordSearch(ctx, caller, { ...screened.result, owners: findings }, outcome)) as NameSearchResult;
}
