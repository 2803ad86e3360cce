/**
 * POST /api/v1/screenings (ADR 039): many subjects screened as the interactive search screens
 * one, answered in input order, stored and billed as that many single searches in one write.
 */
import { ERROR_STATUS } from '#shared/errors';
import type { NameSearchQuery } from '#shared/interactive-search';
import type { BulkScreenInput, BulkScreenResult, BulkSubject, BulkSubjectResult } from '#shared/public-api-bulk';
import type { AppContext } from '../app-context';
import { AppError, unauthenticated } from '../http/errors';
import type { SearchCaller } from '../interactive/caller';
import { claimSearch } from '../interactive/eligibility';
import { checkNarrowing, screenName, type ScreenedSearch } from '../interactive/name-search';
import { screenNpi, validNpi } from '../interactive/npi-search';
import { recordSearches } from '../interactive/record-many';

function nameQueryOf(s: Exclude<BulkSubject, { type: 'npi' }>): NameSearchQuery {
  const matchingAlgorithm = s.matchingAlgorithm ?? 'Exact';
  if (s.type === 'business') return { firstName: undefined, lastName: undefined, companyName: s.companyName, state: s.state, matchingAlgorithm };
  return { firstName: s.firstName, lastName: s.lastName, companyName: undefined, dateOfBirth: s.dateOfBirth, state: s.state, matchingAlgorithm };
}

/** One subject screened, or the client error its single search would have answered (not billed). */
async function screenSubject(ctx: AppContext, caller: SearchCaller, s: BulkSubject): Promise<ScreenedSearch | AppError> {
  try {
    if (s.type === 'npi') return await screenNpi(ctx, caller, validNpi(s.npi), s.name);
    const q = nameQueryOf(s);
    checkNarrowing(caller, q);
    return await screenName(ctx, caller, q);
  } catch (error) {
    if (error instanceof AppError && ERROR_STATUS[error.code] < 500) return error;
    throw error;
  }
}

export async function screenBulk(ctx: AppContext, caller: SearchCaller, input: BulkScreenInput): Promise<BulkScreenResult> {
  if (caller.kind !== 'user') throw unauthenticated();
  // The whole request is refused when the caller may not run one of its kinds of search at all.
  const kinds = new Set(input.subjects.map((s) => (s.type === 'npi' ? ('npi' as const) : ('name' as const))));
  for (const kind of kinds) await claimSearch(ctx, caller, kind);
  const outcomes: (ScreenedSearch | AppError)[] = [];
  for (const subject of input.subjects) outcomes.push(await screenSubject(ctx, caller, subject));
  const screened = outcomes.filter((o): o is ScreenedSearch => !(o instanceof AppError));
  const stored = await recordSearches(ctx, caller, screened);
  let next = 0;
  const results: BulkSubjectResult[] = outcomes.map((o, index) =>
    o instanceof AppError ? { index, status: 'refused', error: { code: o.code, message: o.message } } : { index, status: 'screened', result: stored[next++] },
  );
  return { screened: screened.length, refused: outcomes.length - screened.length, results };
}
