/**
 * The public API under /api/v1 (ADR 029): every operation with its contract. The server
 * registers its routes from this table and the OpenAPI document is generated from it, so the
 * document cannot miss or misdescribe a route.
 */
import { z } from 'zod';
import { BatchIdParamsSchema, BatchListQuerySchema, BatchListSchema } from './batches';
import { FULL_NAME_EXAMPLE, FULL_NAME_TEXTS, checkPersonNameForms, fullNameField } from './full-name';
import { InteractiveResultSchema, MAX_INTERACTIVE_MATCHES, NAME_SEARCH_FIELDS, NameSearchResultSchema, NpiSearchResultSchema, SearchIdParamsSchema } from './interactive-search';
import { ListStatusesSchema } from './lists';
import { BATCH_OPERATIONS } from './public-api-batch-operations';
import { ROSTER_OPERATIONS } from './public-api-roster-operations';
import { BulkScreenInputSchema, BulkScreenResultSchema } from './public-api-bulk';
import { ExclusionPageSchema } from './results';
import { ExclusionQuerySchema } from './results-query';

export const PUBLIC_API_BASE = '/api/v1';

/** POST /api/v1/searches/name: the interactive name search's fields, and a person's whole name in one (`name`). */
export const ApiNameSearchInputSchema = z.strictObject({ ...NAME_SEARCH_FIELDS, name: fullNameField }).superRefine((q, ctx) => {
  if (q.companyName) {
    if (q.name || q.firstName || q.lastName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Search a person or a business, not both.' });
    return;
  }
  checkPersonNameForms(q, ctx, FULL_NAME_TEXTS.noneOrCompany);
});
export type ApiNameSearchInput = z.infer<typeof ApiNameSearchInputSchema>;

export const ApiNpiSearchInputSchema = z.strictObject({ npi: z.string().trim().min(1).max(20).describe('The 10-digit NPI.') });

export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under /api/v1, Fastify style (`:searchId`). */
  path: string;
  summary: string;
  description: string;
  /** Needs no key (the OpenAPI document itself). */
  isPublic?: boolean;
  params?: z.ZodType;
  /** Query string parameters. */
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data body, described for the document (the handler reads the parts). */
  form?: z.ZodType;
  /** Accepts an Idempotency-Key header: a retry answers the first answer and does nothing twice. */
  isIdempotent?: boolean;
  /** Answers a file (PDF or CSV) instead of JSON. */
  isFile?: boolean;
  /** An example body for the documentation's curl line. */
  exampleBody?: unknown;
  response?: z.ZodType;
  /** Error statuses this operation may answer, besides 401 and 429 which every keyed one may. */
  errors: number[];
}

export const PUBLIC_API_OPERATIONS = {
  searchName: {
    method: 'POST',
    path: '/searches/name',
    summary: 'Screen a person or a business by name',
    description:
      'Searches the federal and state exclusion lists (and OFAC when the account has it) like the interactive search: the same matching, the same answer, stored in Search History and billed as an interactive name search. Give firstName and lastName, or the whole name in one field (`name`: "Maria Elena Garcia Lopez", or "GARCIA LOPEZ, Maria Elena"), or companyName.',
    body: ApiNameSearchInputSchema,
    isIdempotent: true,
    exampleBody: { firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' },
    response: NameSearchResultSchema,
    errors: [400, 403, 422],
  },
  searchNpi: {
    method: 'POST',
    path: '/searches/npi',
    summary: 'Check one NPI',
    description:
      'The NPPES record of an NPI (status, deactivation), the exclusions carrying it and its Medicare opt-out status; stored in Search History and billed as an interactive NPI search.',
    body: ApiNpiSearchInputSchema,
    isIdempotent: true,
    exampleBody: { npi: '1000994545' },
    response: NpiSearchResultSchema,
    errors: [400, 403],
  },
  screenMany: {
    method: 'POST',
    path: '/screenings',
    summary: 'Screen up to 1,000 people, businesses and NPIs at once',
    description: `Each subject is screened as the single searches screen it and answered in the order sent, in one synchronous answer; each one screened is stored in Search History and billed as one interactive search. A subject a single search would refuse (an invalid NPI, more than ${MAX_INTERACTIVE_MATCHES} matches) is answered "refused" and not billed. A trial account whose month has fewer searches left than the request needs is refused whole (429): nothing is searched or billed.`,
    body: BulkScreenInputSchema,
    isIdempotent: true,
    exampleBody: { subjects: [{ type: 'person', firstName: 'Donald', lastName: 'Bailey' }, { type: 'person', name: FULL_NAME_EXAMPLE }, { type: 'business', companyName: 'Acme Medical Supply' }, { type: 'npi', npi: '1000994545' }] },
    response: BulkScreenResultSchema,
    errors: [400, 403, 409, 422],
  },
  getSearch: {
    method: 'GET',
    path: '/searches/:searchId',
    summary: 'Reopen a stored search',
    description: 'A search run earlier, exactly as it was answered; searches of other clients (or teams the key does not see) answer 404.',
    params: SearchIdParamsSchema,
    response: InteractiveResultSchema,
    errors: [400, 404],
  },
  ...BATCH_OPERATIONS,
  ...ROSTER_OPERATIONS,
  listLists: {
    method: 'GET',
    path: '/lists',
    summary: 'The lists searched and their active versions',
    description: 'Every list source with the date of its active copy and its record count.',
    response: ListStatusesSchema,
    errors: [],
  },
  listBatches: {
    method: 'GET',
    path: '/batches',
    summary: 'List batch searches with their status and progress',
    description: 'The batches the key sees (its creator’s team, or the whole account for an account owner or domain admin), newest first, with status, rows screened, hits and rows to review: poll it to follow a batch.',
    query: BatchListQuerySchema,
    response: BatchListSchema,
    errors: [400],
  },
  batchResults: {
    method: 'GET',
    path: '/batches/:batchId/results',
    summary: 'Page through the exclusion results of a batch',
    description: 'The potential matches of a batch with their review status, page by page (as the results page shows them). A batch the key does not see answers 404.',
    params: BatchIdParamsSchema,
    query: ExclusionQuerySchema,
    response: ExclusionPageSchema,
    errors: [400, 404],
  },
  openApi: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'This API described in OpenAPI 3.1',
    description: 'Generated from the same contracts the server validates with. Needs no key.',
    isPublic: true,
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },
} satisfies Record<string, ApiOperation>;

export type ApiOperationId = keyof typeof PUBLIC_API_OPERATIONS;

