/** Calls of the interactive search, through the app's one api helper, and the texts of its errors. */
import {
  EligibilitySchema,
  InteractiveResultSchema,
  interactiveErrorText,
  NameSearchResultSchema,
  NpiSearchResultSchema,
  SearchHistorySchema,
  type InteractiveResult,
  type NameSearchResult,
  type NpiSearchResult,
  type SearchHistory,
  type SearchHistoryFilters,
  type SearchKind,
} from '#shared/interactive-search';
import { HomeSummarySchema, type TrialAllowance } from '#shared/home';
import { MESSAGES } from '#shared/messages';
import { api, isApiError } from '../app/api';

const BASE = '/services/interactivesearch';

export interface NameSearchInput {
  firstName?: string;
  lastName?: string;
  companyName?: string;
  matchingAlgorithm: 'Exact' | 'Fuzzy';
  dateOfBirth?: string;
  state?: string;
  /** A licence number and the state that issued it (ADR 120). */
  licenseNumber?: string;
  licenseState?: string;
  /** What kind of provider ("RN", "Pharmacist"), ADR 121. */
  providerType?: string;
  /** A business's owners, each a whole name (sent as `owner`, repeated; ADR 119). */
  owners?: string[];
}

/** The account's trial allowance (null: not a trial), as the home page's summary counts it. */
export function fetchTrialAllowance(): Promise<TrialAllowance | null> {
  return api('/services/home/summary', { schema: HomeSummarySchema }).then((summary) => summary.month.trial);
}

export function fetchEligibility(kind: SearchKind) {
  return api(`${BASE}/eligibility?type=${kind}`, { schema: EligibilitySchema });
}

export function searchName(input: NameSearchInput): Promise<NameSearchResult> {
  const { owners = [], ...fields } = input;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value) params.set(key, value);
  for (const owner of owners) params.append('owner', owner);
  return api(`${BASE}/name?${params}`, { schema: NameSearchResultSchema });
}

export function searchNpi(npi: string, name?: string): Promise<NpiSearchResult> {
  const query = name ? `?${new URLSearchParams({ name })}` : '';
  return api(`${BASE}/npi/${encodeURIComponent(npi)}${query}`, { schema: NpiSearchResultSchema });
}

export function fetchStoredResult(searchId: number): Promise<InteractiveResult> {
  return api(`${BASE}/searches/${searchId}`, { schema: InteractiveResultSchema });
}

export function fetchSearchHistory(page: number, limits: number, filters: SearchHistoryFilters = {}): Promise<SearchHistory> {
  const query = new URLSearchParams({ page: String(page), limits: String(limits) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return api(`${BASE}/history?${query}`, { schema: SearchHistorySchema });
}

/** An error keyed by name: the server's text, else the name's default, else 'Error occurred.' (spec §8). */
export class SearchError extends Error {
  constructor(
    readonly errorName: string,
    serverText?: string | null,
  ) {
    super(interactiveErrorText(errorName, serverText));
  }
}

/** The text to show for anything a search threw. */
export function searchErrorText(error: unknown): string {
  if (error instanceof SearchError) return error.message;
  if (isApiError(error)) {
    const fieldText = Object.values(error.fields)[0];
    // The api helper fills an empty server text with the generic one: that is no text of the server's.
    const serverText = error.message === MESSAGES.genericError ? null : error.message;
    return interactiveErrorText(error.code, error.code === 'BAD_REQUEST' && fieldText ? fieldText : serverText);
  }
  return MESSAGES.genericError;
}
