/**
 * Batches through the public API (ADR 039): created from a CSV upload or a JSON array with a
 * column mapping (then exactly the app's upload and mapping), followed by status, reviewed.
 */
import { z } from 'zod';
import { BATCH_STATUSES } from './batch-status';
import { ExclusionChangeResponseSchema, MAX_IDS_PER_CHANGE, NpiChangeResponseSchema, REVIEW_NOTE_MAX, SsdmfChangeResponseSchema } from './results';
import { ReviewStatusSchema } from './review-status';

/** The mapping by column name (the app's wizard maps by header position; an API caller knows names). */
export const ApiBatchMappingSchema = z.strictObject({
  columnMappings: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'Column name → search criterion ("First Name", "Last Name", "NPI", "SSN", "Date of Birth", "Business Name", …). Left out: guessed from the headers and values as the app\'s upload pages do (the answer says what was used).',
    ),
  searchTypes: z.array(z.string()).min(1).max(20).describe('Search type names, e.g. "Exclusion Search by Individual Name".'),
  uniqueIdColumn: z.string().optional().describe('The column holding your own id of each row.'),
  additionalColumns: z.array(z.string()).max(500).default([]).describe('Columns kept beside each result as additional data.'),
});
export type ApiBatchMapping = z.infer<typeof ApiBatchMappingSchema>;

const cell = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const ApiCreateBatchInputSchema = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/\.csv$/i, 'The name must end in .csv.')
    .default('api-batch.csv')
    .describe('Name shown on the dashboard and the reports.'),
  records: z.array(z.record(z.string().min(1).max(200), cell)).min(1).describe('One object per person or business; its keys are the columns, in the order first seen.'),
  mapping: ApiBatchMappingSchema,
});
export type ApiCreateBatchInput = z.infer<typeof ApiCreateBatchInputSchema>;

/** multipart/form-data: described for the document; the server reads the parts itself. */
export const ApiUploadBatchFormSchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('The CSV file or Excel workbook (.xlsx), with a header row.'),
  sheet: z
    .string()
    .optional()
    .describe('Excel workbooks: the sheet to screen. Without it, the visible sheet whose header looks most like a roster (the first with rows on a tie); the answer names it. A sheet the workbook lacks answers 400 listing its sheets.'),
  mapping: z.string().describe('The mapping as JSON: {"columnMappings"?: {...}, "searchTypes": [...], "uniqueIdColumn"?, "additionalColumns"?}; without columnMappings the columns are guessed.'),
});

export const ApiBatchCreatedSchema = z.object({
  batchId: z.number(),
  recordCount: z.number(),
  status: z.enum(BATCH_STATUSES),
  message: z.string(),
  columnMappings: z.record(z.string(), z.string()).describe('The mapping the batch was screened with: the one sent, or the guess.'),
  guessedColumns: z.array(z.string()).describe('Columns whose criterion was guessed (none when a mapping was sent).'),
  sheet: z.string().nullable().optional().describe('Excel workbooks: the sheet screened (null for CSV).'),
});
export type ApiBatchCreated = z.infer<typeof ApiBatchCreatedSchema>;

export const ApiBatchStatusSchema = z.object({
  batchId: z.number(),
  fileName: z.string(),
  /** Null for a draft (uploaded in the app, never mapped). */
  status: z.enum(BATCH_STATUSES).nullable(),
  searchTypes: z.array(z.string()),
  recordCount: z.number(),
  rowsDone: z.number(),
  /** Rows screened, in whole percent. */
  percentDone: z.number(),
  hits: z.number(),
  toReview: z.number(),
  uploadedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type ApiBatchStatus = z.infer<typeof ApiBatchStatusSchema>;

export const RESULT_TABS = ['exclusions', 'npi', 'ssdmf'] as const;

export const ApiStatusChangeInputSchema = z.strictObject({
  tab: z.enum(RESULT_TABS).default('exclusions').describe('Which results: exclusion matches, NPI checks or SSDMF checks.'),
  // An SSN not in the DMF has its chunk's id (2^52 + its row): refused as fixed (409), as on the web.
  resultIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_IDS_PER_CHANGE),
  newStatus: ReviewStatusSchema,
  note: z.string().trim().max(REVIEW_NOTE_MAX, `A note can have at most ${REVIEW_NOTE_MAX} characters.`).default('').describe('Why: kept in the record’s history and the audit report.'),
});
export type ApiStatusChangeInput = z.infer<typeof ApiStatusChangeInputSchema>;

export const ApiStatusChangeResponseSchema = z.union([ExclusionChangeResponseSchema, NpiChangeResponseSchema, SsdmfChangeResponseSchema]);

export const REPORT_KINDS = ['audit', 'summary', 'exclusions'] as const;
export const ReportParamsSchema = z.strictObject({
  batchId: z.coerce.number().int().positive().max(2_147_483_647),
  report: z.enum(REPORT_KINDS).describe('audit: every row and its outcome; summary: the audit report’s first page (lists, counts) and its findings only; exclusions: the exclusion records returned.'),
});

export const API_BATCH_TEXTS = {
  unknownColumn: (name: string) => `There is no column "${name}".`,
  mappingJson: 'Send the mapping as a JSON object in the "mapping" field.',
  nothingGuessed: 'No column could be mapped from the headers or values; send mapping.columnMappings.',
  rowErrors: (n: number) => `${n} row${n === 1 ? ' is' : 's are'} not valid; nothing was submitted. Each field names a row (counted from 0) and what is wrong.`,
};
