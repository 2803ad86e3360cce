/** Calls of the batch pages, through the app's one api helper. */
import {
  BatchFiltersSchema,
  BatchListSchema,
  BatchMessageSchema,
  BatchMessageTextSchema,
  ColumnMappingResponseSchema,
  RowErrorsBodySchema,
  SearchTypeListSchema,
  UploadResponseSchema,
  type BatchFilters,
  type BatchHistoryItem,
  type BatchList,
  type ColumnMappingInput,
  type MappingSummary,
  type RowError,
  type SearchTypeItem,
  type UploadResponse,
} from '#shared/batches';
import { MESSAGES } from '#shared/messages';
import { api, isApiError } from '../app/api';

export type SearchTypeInfo = SearchTypeItem;
export type BatchItem = BatchHistoryItem;
export type FilterOption = BatchFilters['clients'][number];
export type { BatchFilters as BatchFilterOptions, BatchList, ColumnMappingInput, MappingSummary, RowError };

export interface BatchListQuery {
  fileName: string;
  client: string | null;
  team: string | null;
  uploader: string | null;
  page: number;
}

export type UploadResult = UploadResponse;

export const PAGE_SIZE = 25;

export const batchKeys = {
  searchTypes: ['batches', 'search-types'] as const,
  list: (q: BatchListQuery) => ['batches', 'list', q] as const,
  filters: (client: string | null, team: string | null) => ['batches', 'filters', client, team] as const,
};

const BASE = '/services/flexsearchs';

function withQuery(path: string, params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const fetchSearchTypes = () => api(`${BASE}/searchtypes`, { schema: SearchTypeListSchema });

export const fetchBatches = (q: BatchListQuery) =>
  api(
    withQuery(BASE, {
      fileNameFilter: q.fileName.trim(),
      clientFilter: q.client,
      teamFilter: q.team,
      uploaderFilter: q.uploader,
      page: q.page,
      limit: PAGE_SIZE,
    }),
    { schema: BatchListSchema },
  );

export const fetchFilterOptions = (client: string | null, team: string | null) =>
  api(withQuery(`${BASE}/filters`, { clientFilter: client, teamFilter: team }), { schema: BatchFiltersSchema });

export const killBatch = (batchId: number) => api(`${BASE}/${batchId}/kill`, { method: 'POST', schema: BatchMessageSchema });
export const trashBatch = (batchId: number) => api(`${BASE}/${batchId}/trash`, { method: 'POST', schema: BatchMessageSchema });
export const resubmitBatch = async (batchId: number) => ({ message: await api(`${BASE}/${batchId}/resubmit`, { schema: BatchMessageTextSchema }) });
export const batchFileUrl = (batchId: number) => `${BASE}/${batchId}/file`;

/** Uploads the CSV file of a new batch (multipart, typeName=Flex). */
export function uploadBatchFile(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('typeName', 'Flex');
  form.append('file', file);
  return api('/services/fileupload', { method: 'POST', body: form, schema: UploadResponseSchema });
}

/** Reads another sheet of a draft's workbook (the sheet picker); answers its preview as an upload does. */
export const chooseSheet = (batchId: number, sheet: string) => api(`${BASE}/${batchId}/sheet`, { method: 'POST', body: { sheet }, schema: UploadResponseSchema });

/** Sends the mapping; answers the rows the server refused (a 400 with the spec's error[]), none when it passes. */
export async function submitColumnMappings(batchId: number, input: ColumnMappingInput, isDryRun: boolean): Promise<RowError[]> {
  try {
    await api(`${BASE}/${batchId}/columnmappings${isDryRun ? '?dryrun=true' : ''}`, { method: 'POST', body: input });
    return [];
  } catch (error) {
    const rows = isApiError(error) && error.status === 400 ? rowErrorsOf(error.payload) : null;
    if (rows?.length) return rows;
    throw error;
  }
}

/** The dry run of a mapping as the review step shows it: what would be screened, and the rows with problems. */
export interface MappingCheck {
  summary: MappingSummary | null;
  errors: RowError[];
}

export async function checkColumnMappings(batchId: number, input: ColumnMappingInput): Promise<MappingCheck> {
  try {
    const answer = await api(`${BASE}/${batchId}/columnmappings?dryrun=true`, { method: 'POST', body: input, schema: ColumnMappingResponseSchema });
    return { summary: answer.summary ?? null, errors: [] };
  } catch (error) {
    const parsed = isApiError(error) && error.status === 400 ? RowErrorsBodySchema.safeParse(error.payload) : null;
    if (parsed?.success && parsed.data.error.length) return { summary: parsed.data.summary ?? null, errors: parsed.data.error };
    throw error;
  }
}

function rowErrorsOf(payload: unknown): RowError[] | null {
  const parsed = RowErrorsBodySchema.safeParse(payload);
  return parsed.success ? parsed.data.error : null;
}

/** The server's message for a failed call, the generic one otherwise. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.genericError;
}
