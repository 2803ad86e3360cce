/** The batch operations of /api/v1 beyond listing (ADR 039): create, poll, results, review, reports. */
import { BatchIdParamsSchema } from './batches';
import type { ApiOperation } from './public-api';
import {
  ApiBatchCreatedSchema,
  ApiBatchStatusSchema,
  ApiCreateBatchInputSchema,
  ApiStatusChangeInputSchema,
  ApiStatusChangeResponseSchema,
  ApiUploadBatchFormSchema,
  ReportParamsSchema,
} from './public-api-batches';
import { NpiPageSchema, SsdmfPageSchema } from './results';
import { NpiQuerySchema, ReportQuerySchema, SsdmfQuerySchema } from './results-query';

const CREATE_ERRORS = [400, 403, 409, 413, 415, 422];

export const BATCH_OPERATIONS = {
  createBatch: {
    method: 'POST',
    path: '/batches',
    summary: 'Create a batch search from a JSON array',
    description:
      'The records become a CSV file (columns in the order first seen) and go through the same upload checks and column mapping as a file uploaded in the app; the batch is then queued. Map columns by name. Row errors answer 400 with one field per row (`rows.<index>`), and nothing is submitted. A trial whose month has too few searches left is refused (400). Poll GET /batches/{batchId} to follow it.',
    body: ApiCreateBatchInputSchema,
    isIdempotent: true,
    exampleBody: {
      fileName: 'staff.csv',
      records: [
        { 'Employee Id': 'E-1', 'First Name': 'Donald', 'Last Name': 'Bailey' },
        { 'Employee Id': 'E-2', 'First Name': 'Ada', 'Last Name': 'Lovelace' },
      ],
      mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Employee Id' },
    },
    response: ApiBatchCreatedSchema,
    errors: CREATE_ERRORS,
  },
  uploadBatch: {
    method: 'POST',
    path: '/batches/csv',
    summary: 'Create a batch search from a CSV file',
    description:
      'multipart/form-data with one `.csv` or `.xlsx` file (header row first), an optional `sheet` field naming the workbook sheet to screen, and a `mapping` field holding the mapping as JSON (the same mapping as POST /batches). Exactly the app’s upload and mapping; the batch is then queued.',
    form: ApiUploadBatchFormSchema,
    isIdempotent: true,
    response: ApiBatchCreatedSchema,
    errors: CREATE_ERRORS,
  },
  getBatch: {
    method: 'GET',
    path: '/batches/:batchId',
    summary: 'Poll one batch: status and progress',
    description: 'Status (Submitted, Processing, Completed, Error, …), rows screened and the percentage done, hits and records to review. A batch the key does not see answers 404.',
    params: BatchIdParamsSchema,
    response: ApiBatchStatusSchema,
    errors: [400, 404],
  },
  batchNpiResults: {
    method: 'GET',
    path: '/batches/:batchId/results/npi',
    summary: 'Page through the NPI results of a batch',
    description: 'The NPI checks of a batch with an NPI search, page by page, with their review status.',
    params: BatchIdParamsSchema,
    query: NpiQuerySchema,
    response: NpiPageSchema,
    errors: [400, 404],
  },
  batchSsdmfResults: {
    method: 'GET',
    path: '/batches/:batchId/results/ssdmf',
    summary: 'Page through the SSDMF results of a batch',
    description: 'The Death Master File checks of a batch with an SSDMF search, page by page, with their review status.',
    params: BatchIdParamsSchema,
    query: SsdmfQuerySchema,
    response: SsdmfPageSchema,
    errors: [400, 404],
  },
  changeResultStatus: {
    method: 'PUT',
    path: '/batches/:batchId/results/status',
    summary: 'Change the review status of results, with a note',
    description:
      'As a reviewer does on the results page: every record given moves to the new status (records already in it are left alone), the note and the change are kept in the record’s history and the audit report. The batch must be Completed (409 otherwise).',
    params: BatchIdParamsSchema,
    body: ApiStatusChangeInputSchema,
    exampleBody: { tab: 'exclusions', resultIds: [1], newStatus: 'CLEARED', note: 'Different date of birth.' },
    response: ApiStatusChangeResponseSchema,
    errors: [400, 404, 409],
  },
  batchReport: {
    method: 'GET',
    path: '/batches/:batchId/reports/:report',
    summary: 'Download a report of a batch (PDF or CSV)',
    description: 'The audit report (every row and its outcome, with the list versions searched), its summary (the lists, the counts and the findings only: the size of a large batch’s findings, not of the batch) or the exclusion records returned, as the Reports menu gives them.',
    params: ReportParamsSchema,
    query: ReportQuerySchema,
    isFile: true,
    errors: [400, 404, 409],
  },
} satisfies Record<string, ApiOperation>;
