/** Calls of the batch results page, through the app's one api helper and the shared contracts. */
import { BatchInfoSchema } from '#shared/batches';
import { ScreeningRunsSchema } from '#shared/screening-runs';
import { MESSAGES } from '#shared/messages';
import { MatchDetailSchema } from '#shared/result-detail';
import { ExclusionChangeResponseSchema, ExclusionPageSchema, MAX_IDS_PER_CHANGE, NpiChangeResponseSchema, NpiPageSchema, RESULT_PATHS, SourceOptionListSchema, SsdmfChangeResponseSchema, SsdmfPageSchema } from '#shared/results';
import { type ReviewStatus } from '#shared/review-status';
import { BulkByFilterResponseSchema, FilterCountSchema, ResultsSummarySchema, TRIAGE_PATHS, type ExclusionFilterInput } from '#shared/results-triage';
import type { ExclusionOrder, ScoreBand } from '#shared/results-order';
import { api, isApiError } from '../app/api';

export type { ExclusionRecord, NpiResult, SsdmfResult } from '#shared/results';
export type { MatchDetail, MatchExplanation, HistoryEntry, DetailSection, DetailValue } from '#shared/result-detail';
export type { ScGroup, ReviewStatus } from '#shared/review-status';

type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** Query string in the spec's bracket style for arrays (status[]=A&status[]=B); empty values are left out. */
export function toQuery(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, item);
    else search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

export const fetchBatchInfo = (batchId: number) => api(`/services/flexsearchs/${batchId}`, { schema: BatchInfoSchema });
export const fetchSources = () => api('/services/utils/sources', { schema: SourceOptionListSchema });
export const fetchScreeningRuns = (batchId: number) => api(`/services/flexsearchs/${batchId}/screening-runs`, { schema: ScreeningRunsSchema });

/** The Exclusions tab's filter (also what "select all that match" changes). */
export interface ExclusionFilterQuery {
  sc: string;
  status: string[];
  sources: string[];
  scoreBand: ScoreBand[];
}

export interface ExclusionListQuery extends ExclusionFilterQuery {
  page: number;
  limits: number;
  orderBy: ExclusionOrder;
  sort: 'ASC' | 'DESC';
}

export const fetchExclusions = (batchId: number, q: ExclusionListQuery) =>
  api(RESULT_PATHS.exclusions(batchId) + toQuery({ ...q, sc: q.sc.trim(), requireTotal: true }), { schema: ExclusionPageSchema });

export const fetchSummary = (batchId: number) => api(TRIAGE_PATHS.summary(batchId), { schema: ResultsSummarySchema });

/** How many records the filter matches, over every page. */
export const fetchMatchingCount = (batchId: number, f: ExclusionFilterQuery) =>
  api(TRIAGE_PATHS.count(batchId) + toQuery({ ...f, sc: f.sc.trim() }), { schema: FilterCountSchema }).then((answer) => answer.count);

const filterBody = (f: ExclusionFilterQuery): ExclusionFilterInput => ({
  ...(f.sc.trim() ? { sc: f.sc.trim() } : {}),
  ...(f.status.length ? { status: f.status as ReviewStatus[] } : {}),
  ...(f.sources.length ? { sources: f.sources } : {}),
  ...(f.scoreBand.length ? { scoreBand: f.scoreBand } : {}),
});

/** One status change of every record the filter matches; `expectedCount` is the count the person confirmed. */
export const changeExclusionsByFilter = (batchId: number, f: ExclusionFilterQuery, expectedCount: number, newStatus: string, comment: string) =>
  api(TRIAGE_PATHS.byFilter(batchId), { method: 'PUT', body: { filter: filterBody(f), expectedCount, newStatus: newStatus as ReviewStatus, comment }, schema: BulkByFilterResponseSchema });

export interface NpiListQuery {
  page: number;
  limits: number;
  searchCriteria: string;
  recordStatus: string[];
  npiStatus: string[];
  optOutStatus: string | null;
  exclusionStatus: string | null;
}

export const fetchNpiResults = (batchId: number, q: NpiListQuery) =>
  api(RESULT_PATHS.npi(batchId) + toQuery({ ...q, searchCriteria: q.searchCriteria.trim(), requireTotal: true }), { schema: NpiPageSchema });

export interface SsdmfListQuery {
  page: number;
  limits: number;
  searchCriteria: string;
  recordStatus: string[];
  ssdmfStatus: string | null;
}

export const fetchSsdmfResults = (batchId: number, q: SsdmfListQuery) =>
  api(RESULT_PATHS.ssdmf(batchId) + toQuery({ ...q, searchCriteria: q.searchCriteria.trim(), requireTotal: true }), { schema: SsdmfPageSchema });

/** Which record the drawer shows: the tab it belongs to and its ids. */
export type DetailTarget =
  | { resultType: 'exclusions'; id: number }
  | { resultType: 'npi'; id: number }
  | { resultType: 'ssdmf'; id: number | null; searchId: number };

export function fetchDetail(batchId: number, target: DetailTarget) {
  const path =
    target.resultType === 'exclusions'
      ? RESULT_PATHS.exclusion(batchId, target.id)
      : target.resultType === 'npi'
        ? RESULT_PATHS.npiDetail(batchId, target.id)
        : // A row not found on the SSDMF has no record id; its search id names it.
          RESULT_PATHS.ssdmfDetail(batchId, target.id ?? target.searchId, target.searchId);
  return api(path, { schema: MatchDetailSchema });
}

const body = (newStatus: string, comment: string) => ({ newStatus: newStatus as ReviewStatus, comment });

/** One PUT per MAX_IDS_PER_CHANGE ids (they travel in the path), one after the other. */
async function inChunks<T>(ids: number[], send: (chunk: number[]) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_CHANGE) answers.push(await send(ids.slice(i, i + MAX_IDS_PER_CHANGE)));
  return answers;
}

export const changeExclusions = (batchId: number, ids: number[], newStatus: string, comment: string) =>
  inChunks(ids, (chunk) => api(RESULT_PATHS.changeExclusions(batchId, chunk), { method: 'PUT', body: body(newStatus, comment), schema: ExclusionChangeResponseSchema }));
export const changeNpi = (batchId: number, ids: number[], newStatus: string, comment: string) =>
  inChunks(ids, (chunk) => api(RESULT_PATHS.changeNpi(batchId, chunk), { method: 'PUT', body: body(newStatus, comment), schema: NpiChangeResponseSchema }));
export const changeSsdmf = (batchId: number, ids: number[], newStatus: string, comment: string) =>
  inChunks(ids, (chunk) => api(RESULT_PATHS.changeSsdmf(batchId, chunk), { method: 'PUT', body: body(newStatus, comment), schema: SsdmfChangeResponseSchema }));

/** The server's message for a failed call, the generic one otherwise (spec §8: no specific message). */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.genericError;
}
