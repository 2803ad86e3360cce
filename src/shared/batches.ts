/** Contracts of batch search (spec §3, §7): search types, upload, column mapping, dashboard. */
import { z } from 'zod';
import { BATCH_STATUSES } from './batch-status';
import { SEARCH_CRITERIA } from './search-types';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const BatchIdParamsSchema = z.strictObject({ batchId: id });

/** GET /services/flexsearchs/searchtypes */
export const SearchTypeSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  requiredColumns: z.array(z.enum(SEARCH_CRITERIA)),
  description: z.string(),
});
export const SearchTypeListSchema = z.array(SearchTypeSchema);
export type SearchTypeItem = z.infer<typeof SearchTypeSchema>;

export const DELIMITER_NAMES = ['comma', 'semicolon', 'tab', 'pipe'] as const;

/** How an uploaded file was read (issue 18): shown beside the preview so a wrong guess is seen at once. */
export const FileFormatSchema = z.object({
  kind: z.enum(['csv', 'xlsx']),
  /** Text files: "UTF-8", "UTF-8 with BOM", "UTF-16 LE", "UTF-16 BE" or "Windows-1252". */
  encoding: z.string().nullable(),
  delimiter: z.enum(DELIMITER_NAMES).nullable(),
  /** Workbooks: the sheet read, and every sheet of the workbook (a picker when there are several). */
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  /** Workbooks: each sheet's rows and whether it can be screened, for the sheet picker. */
  sheetDetails: z.array(z.lazy(() => SheetDetailSchema)).optional(),
  /** Workbooks: why the sheet read was chosen when the uploader did not choose it ("its header looks like a roster…"). */
  sheetReason: z.string().nullable().optional(),
  /** What the reader noticed and did about it (a title row skipped, merged header cells, formulas without values). */
  notes: z.array(z.string()).optional(),
});
export type FileFormat = z.infer<typeof FileFormatSchema>;

/** One sheet of an uploaded workbook as the sheet picker lists it. */
export const SheetDetailSchema = z.object({
  name: z.string(),
  /** Data rows under its header; counting stops one past the upload's row limit. */
  rows: z.number().int().min(0),
  isHidden: z.boolean(),
  /** Why the sheet cannot be screened (no rows, too many rows, a value too long), or null. */
  problem: z.string().nullable(),
});
export type SheetDetail = z.infer<typeof SheetDetailSchema>;

/** POST /services/flexsearchs/{batchId}/sheet: read another sheet of a draft's workbook. */
export const ChooseSheetInputSchema = z.strictObject({ sheet: z.string().min(1).max(200) });
export type ChooseSheetInput = z.infer<typeof ChooseSheetInputSchema>;

/** POST /services/fileupload: previewData rows are [label, up to 5 sample values]. */
export const UploadResponseSchema = z.object({
  batchId: z.number(),
  previewData: z.array(z.array(z.string())),
  /** Added by issue 18; optional so that callers written for the spec's shape still read it. */
  format: FileFormatSchema.optional(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** POST /services/flexsearchs/{batchId}/columnmappings */
export const ColumnMappingInputSchema = z.strictObject({
  /** Screen the rows that pass and leave out the others, recorded on the batch (issue 18 item 6). */
  skipInvalidRows: z.boolean().optional(),
  /** CSV column label → search criterion. */
  columnMappings: z.record(z.string(), z.string()),
  searchTypes: z.array(z.string()).max(20),
  /** Columns kept as additional data, by position in the header. */
  correlatedColumnIndexes: z.array(z.number().int().min(0)).max(500).default([]),
  uniqueIdIndex: z.number().int().min(0).nullable().default(null),
});
export type ColumnMappingInput = z.infer<typeof ColumnMappingInputSchema>;

export const ColumnMappingQuerySchema = z.strictObject({
  dryrun: z.enum(['true', 'false']).optional(),
});

/** One problem row; rowIndx counts data rows from 0 (the row under the header). */
export const RowErrorSchema = z.object({
  rowIndx: z.number(),
  errorMessage: z.string(),
  /** The row as it was in the file, values joined by commas. */
  data: z.string(),
  /** Each problem with the column it is in ('' for the row as a whole), for the downloadable problem list (issue 18). */
  problems: z.array(z.object({ column: z.string(), reason: z.string() })).optional(),
  /** The searches that skipping the row leaves out (issue 50): said in errorMessage too. */
  skippedSearches: z.array(z.string()).optional(),
});
export type RowError = z.infer<typeof RowErrorSchema>;
/** What a mapping would screen (issue 18): rows, those that pass, and the rows each search type runs on. */
export const MappingSummarySchema = z.object({
  rows: z.number(),
  validRows: z.number(),
  invalidRows: z.number(),
  /** Counted on the valid rows: an add-on search runs only where the row has its field. */
  searches: z.array(z.object({ searchType: z.string(), rows: z.number() })),
  /** Valid rows screened despite an NPI problem (issue 50): how many, and (the first 1,000) which and what their results say. */
  notedRows: z.number().optional(),
  notes: z.array(z.object({ rowIndx: z.number(), note: z.string() })).optional(),
});
export type MappingSummary = z.infer<typeof MappingSummarySchema>;

/** 400 answer of a mapping whose rows fail validation (the spec's shape, ADR 014), with the summary beside it. */
export const RowErrorsBodySchema = z.object({ error: z.array(RowErrorSchema), summary: MappingSummarySchema.optional() });

export const ColumnMappingResponseSchema = z.object({
  batchId: z.number(),
  recordCount: z.number(),
  status: z.enum(BATCH_STATUSES).nullable(),
  message: z.string(),
  summary: MappingSummarySchema.optional(),
});

/**
 * Where a queued or running batch stands in the batch queue, told to its customer (ADR 044).
 * `paused`: the operator paused batch screening; `queued`: other batches go first; `running`:
 * being screened (or next to be).
 */
export const BatchQueueStateSchema = z.object({
  state: z.enum(['paused', 'queued', 'running']),
  /** 1 = first in the order the queue takes work, across every client's batches. */
  position: z.number().int().min(1),
  /** Queued or running batches ahead of it. */
  batchesAhead: z.number().int().min(0),
  /** Seconds until its screening is expected to start (queued only, from the queue's recent speed; null when unknown). */
  startsInSeconds: z.number().int().min(0).nullable(),
  /** Seconds until it is expected to be done (null while paused or when unknown). */
  finishesInSeconds: z.number().int().min(0).nullable(),
});
export type BatchQueueState = z.infer<typeof BatchQueueStateSchema>;

/**
 * GET /services/flexsearchs/{batchId}: flags in the order exclusions, NPI, SSDMF; the status,
 * progress and queue place let the batch's page tell a batch still in the queue (ADR 044).
 */
export const BatchInfoSchema = z.object({
  fileName: z.string(),
  searchTypes: z.tuple([z.boolean(), z.boolean(), z.boolean()]),
  /** Null for a draft: uploaded, never mapped and submitted. */
  status: z.enum(BATCH_STATUSES).nullable(),
  recordCount: z.number(),
  rowsDone: z.number(),
  queue: BatchQueueStateSchema.nullable(),
});
export type BatchInfo = z.infer<typeof BatchInfoSchema>;

/** GET /services/flexsearchs */
export const BatchListQuerySchema = z.strictObject({
  fileNameFilter: z.string().trim().max(200).optional(),
  clientFilter: id.optional(),
  teamFilter: id.optional(),
  uploaderFilter: id.optional(),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type BatchListQuery = z.infer<typeof BatchListQuerySchema>;

export const BatchHistoryItemSchema = z.object({
  batchId: z.number(),
  fileName: z.string(),
  /** When the file was uploaded (ISO), shown as Date Uploaded. */
  processedTimeStamp: z.string(),
  uploadedBy: z.string(),
  recordCount: z.number(),
  hits: z.number(),
  toReview: z.number(),
  status: z.enum(BATCH_STATUSES),
  rowsDone: z.number(),
  /** Its place in the batch queue while queued or running; null otherwise (ADR 044). */
  queue: BatchQueueStateSchema.nullable(),
});
export type BatchHistoryItem = z.infer<typeof BatchHistoryItemSchema>;

export const BatchListSchema = z.object({ items: z.array(BatchHistoryItemSchema), total: z.number() });
export type BatchList = z.infer<typeof BatchListSchema>;

/** GET /services/flexsearchs/filters */
export const BatchFiltersQuerySchema = z.strictObject({ clientFilter: id.optional(), teamFilter: id.optional() });
const Option = z.object({ id: z.number(), name: z.string() });
export const BatchFiltersSchema = z.object({ clients: z.array(Option), teams: z.array(Option), uploaders: z.array(Option) });
export type BatchFilters = z.infer<typeof BatchFiltersSchema>;

/** Resubmit, kill and trash answer a message. */
export const BatchMessageSchema = z.object({ message: z.string() });
/** GET …/resubmit answers the message text itself (spec §7: "returns a message text"). */
export const BatchMessageTextSchema = z.string();
