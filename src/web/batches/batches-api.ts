/** Calls of the batch pages, through the app's one api helper. */
import type { BatchStatus } from '#shared/batch-status';
import { MESSAGES } from '#shared/messages';
import { api, isApiError } from '../app/api';

export interface SearchTypeInfo {
  name: string;
  required: boolean;
  requiredColumns: string[];
  description?: string;
}

export interface BatchItem {
  batchId: number;
  fileName: string;
  processedTimeStamp: string;
  uploadedBy: string;
  recordCount: number;
  hits: number;
  toReview: number;
  status: BatchStatus;
  rowsDone: number;
}

export interface BatchList {
  items: BatchItem[];
  total: number;
}

export interface FilterOption {
  id: number;
  name: string;
}

export interface BatchFilterOptions {
  clients: FilterOption[];
  teams: FilterOption[];
  uploaders: FilterOption[];
}

export interface BatchListQuery {
  fileName: string;
  client: string | null;
  team: string | null;
  uploader: string | null;
  page: number;
}

export interface UploadResult {
  batchId: number;
  previewData: string[][];
}

export interface ColumnMappingInput {
  columnMappings: Record<string, string>;
  searchTypes: string[];
  correlatedColumnIndexes: number[];
  uniqueIdIndex: number | null;
}

export interface RowError {
  rowIndx: number;
  errorMessage: string;
  data: string;
}

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

export const fetchSearchTypes = () => api<SearchTypeInfo[]>(`${BASE}/searchtypes`);

export const fetchBatches = (q: BatchListQuery) =>
  api<BatchList>(
    withQuery(BASE, {
      fileNameFilter: q.fileName.trim(),
      clientFilter: q.client,
      teamFilter: q.team,
      uploaderFilter: q.uploader,
      page: q.page,
      limit: PAGE_SIZE,
    }),
  );

export const fetchFilterOptions = (client: string | null, team: string | null) =>
  api<BatchFilterOptions>(withQuery(`${BASE}/filters`, { clientFilter: client, teamFilter: team }));

export const killBatch = (batchId: number) => api(`${BASE}/${batchId}/kill`, { method: 'POST' });
export const trashBatch = (batchId: number) => api(`${BASE}/${batchId}/trash`, { method: 'POST' });
export const resubmitBatch = (batchId: number) => api<{ message: string }>(`${BASE}/${batchId}/resubmit`);
export const batchFileUrl = (batchId: number) => `${BASE}/${batchId}/file`;

/** Uploads the CSV file of a new batch (multipart, typeName=Flex). */
export function uploadBatchFile(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('typeName', 'Flex');
  form.append('file', file);
  return api<UploadResult>('/services/fileupload', { method: 'POST', body: form });
}

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

function rowErrorsOf(payload: unknown): RowError[] | null {
  const list = (payload as { error?: unknown } | undefined)?.error;
  return Array.isArray(list) ? (list as RowError[]) : null;
}

/** The server's message for a failed call, the generic one otherwise. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.genericError;
}
