/**
 * Monitored rosters through /api/v1 (ADR 053, 056): create one from records or a file, read one,
 * and upload a new version (records or a file) answered with its comparison, then apply or
 * discard it.
 */
import { z } from 'zod';
import { RosterIdParamsSchema, RosterSchema } from './monitoring';
import type { ApiOperation } from './public-api';
import { ApiBatchMappingSchema, ApiCreateBatchInputSchema, ApiUploadBatchFormSchema } from './public-api-batches';
import { DiffPersonSchema, FieldChangeSchema, ROSTER_VERSION_STATUSES, RosterVersionParamsSchema } from './roster-intake';

export const ApiCreateRosterInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the roster a name.').max(200, 'A roster name has at most 200 characters.').describe('The roster’s name, shown on the Monitoring pages.'),
  records: ApiCreateBatchInputSchema.shape.records,
  mapping: ApiBatchMappingSchema,
});
export type ApiCreateRosterInput = z.infer<typeof ApiCreateRosterInputSchema>;

export const ApiRosterCreatedSchema = RosterSchema.extend({
  columnMappings: z.record(z.string(), z.string()).describe('The mapping the roster was read with: the one sent, or the guess.'),
  guessedColumns: z.array(z.string()),
});
export type ApiRosterCreated = z.infer<typeof ApiRosterCreatedSchema>;

export const ApiUploadRosterFormSchema = ApiUploadBatchFormSchema.extend({
  name: z.string().describe('The roster’s name, shown on the Monitoring pages.'),
});

/** A new version's mapping: the roster's own searches, so none are named. */
export const ApiRosterVersionMappingSchema = ApiBatchMappingSchema.omit({ searchTypes: true });
export type ApiRosterVersionMapping = z.infer<typeof ApiRosterVersionMappingSchema>;

export const ApiCreateRosterVersionInputSchema = z.strictObject({
  fileName: ApiCreateBatchInputSchema.shape.fileName.default('api-roster-version.csv').describe('Name shown with the version on the roster’s page.'),
  records: ApiCreateBatchInputSchema.shape.records,
  mapping: ApiRosterVersionMappingSchema,
});
export type ApiCreateRosterVersionInput = z.infer<typeof ApiCreateRosterVersionInputSchema>;

export const ApiUploadRosterVersionFormSchema = ApiUploadBatchFormSchema.extend({
  mapping: z.string().describe('The mapping as JSON: {"columnMappings"?: {...}, "uniqueIdColumn"?, "additionalColumns"?}; the roster’s own searches are used; without columnMappings the columns are guessed.'),
});

/** People of each kind answered at most (the counts are whole); the roster's page shows the same. */
export const API_VERSION_PEOPLE_CAP = 500;

export const ApiRosterVersionSchema = z.object({
  versionId: z.number(),
  rosterId: z.number(),
  fileName: z.string(),
  status: z.enum(ROSTER_VERSION_STATUSES).describe('pending until applied or discarded.'),
  createdAt: z.string(),
  createdBy: z.string(),
  decidedAt: z.string().nullable(),
  matchedBy: z.enum(['unique-id', 'name-and-birth-date']).describe('How people were told apart: the unique id column, or name and date of birth.'),
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number(), unchanged: z.number(), skippedRows: z.number() }),
  added: z.array(DiffPersonSchema).describe(`The first ${API_VERSION_PEOPLE_CAP} people added.`),
  removed: z.array(DiffPersonSchema).describe(`The first ${API_VERSION_PEOPLE_CAP} people removed.`),
  changed: z.array(z.object({ person: DiffPersonSchema, changes: z.array(FieldChangeSchema) })).describe(`The first ${API_VERSION_PEOPLE_CAP} people changed, field by field.`),
  isCapped: z.boolean().describe(`True when a list above holds only its first ${API_VERSION_PEOPLE_CAP} people.`),
});
export type ApiRosterVersion = z.infer<typeof ApiRosterVersionSchema>;

const VERSION_EXAMPLE = {
  records: [
    { 'Employee Id': 'E-1', 'First Name': 'Donald', 'Last Name': 'Bailey' },
    { 'Employee Id': 'E-3', 'First Name': 'Grace', 'Last Name': 'Hopper' },
  ],
  mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, uniqueIdColumn: 'Employee Id' },
};
const VERSION_DECISION = 'The key’s creator needs a search role (name or NPI search) or the account’s administration. A version already applied or discarded, or compared before another version was applied, answers 409.';

export const ROSTER_OPERATIONS = {
  createRoster: {
    method: 'POST',
    path: '/rosters',
    summary: 'Create a monitored roster from a JSON array',
    description:
      'The records go through the same upload checks and column mapping as a file uploaded in the app, and the people become a monitored roster: each is screened against the active lists now (on the job queue) and again whenever a list changes; what is new becomes an alert. Only exclusion and OFAC searches are monitored. Row errors answer 400 with one field per row (`rows.<index>`), and nothing is created. The key’s creator needs a search role (name or NPI search) or the account’s administration.',
    body: ApiCreateRosterInputSchema,
    isIdempotent: true,
    exampleBody: {
      name: 'Nursing staff',
      records: [
        { 'Employee Id': 'E-1', 'First Name': 'Donald', 'Last Name': 'Bailey' },
        { 'Employee Id': 'E-2', 'First Name': 'Ada', 'Last Name': 'Lovelace' },
      ],
      mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Employee Id' },
    },
    response: ApiRosterCreatedSchema,
    errors: [400, 403, 409, 413, 415, 422],
  },
  getRoster: {
    method: 'GET',
    path: '/rosters/:rosterId',
    summary: 'Read one monitored roster: people, alerts, last screened',
    description: 'The roster’s size, its alerts and those still to review, when it was last screened and runs still pending. A roster the key does not see answers 404.',
    params: RosterIdParamsSchema,
    response: RosterSchema,
    errors: [400, 404],
  },
  uploadRoster: {
    method: 'POST',
    path: '/rosters/csv',
    summary: 'Create a monitored roster from a CSV or Excel file',
    description:
      'multipart/form-data with one `.csv` or `.xlsx` file (header row first), a `name` field, an optional `sheet` field and a `mapping` field holding the mapping as JSON (the same mapping as POST /rosters). Exactly the app’s upload, mapping and roster creation; the people are screened at once on the job queue.',
    form: ApiUploadRosterFormSchema,
    isIdempotent: true,
    response: ApiRosterCreatedSchema,
    errors: [400, 403, 409, 413, 415, 422],
  },
  createRosterVersion: {
    method: 'POST',
    path: '/rosters/:rosterId/versions',
    summary: 'Compare a new version of a roster, sent as a JSON array',
    description:
      `The records are read as the roster’s file would be (its searches, your column mapping or the guess) and compared with its people: who was added, removed and changed (field by field), matched by the unique id column when both have one. Nothing changes until the version is applied. Counts are whole; each list holds at most its first ${API_VERSION_PEOPLE_CAP} people. A roster the key does not see answers 404.`,
    params: RosterIdParamsSchema,
    body: ApiCreateRosterVersionInputSchema,
    isIdempotent: true,
    exampleBody: VERSION_EXAMPLE,
    response: ApiRosterVersionSchema,
    errors: [400, 403, 404, 409, 413, 415, 422],
  },
  uploadRosterVersion: {
    method: 'POST',
    path: '/rosters/:rosterId/versions/csv',
    summary: 'Compare a new version of a roster, sent as a CSV or Excel file',
    description: 'multipart/form-data with one `.csv` or `.xlsx` file, an optional `sheet` field and a `mapping` field holding the mapping as JSON (as POST /rosters/{rosterId}/versions). Answers the same comparison.',
    params: RosterIdParamsSchema,
    form: ApiUploadRosterVersionFormSchema,
    isIdempotent: true,
    response: ApiRosterVersionSchema,
    errors: [400, 403, 404, 409, 413, 415, 422],
  },
  getRosterVersion: {
    method: 'GET',
    path: '/rosters/:rosterId/versions/:versionId',
    summary: 'Read a version of a roster: its comparison and status',
    description: 'The comparison answered when the version was sent, and whether it is pending, applied or discarded.',
    params: RosterVersionParamsSchema,
    response: ApiRosterVersionSchema,
    errors: [400, 404],
  },
  applyRosterVersion: {
    method: 'POST',
    path: '/rosters/:rosterId/versions/:versionId/apply',
    summary: 'Apply a pending version of a roster',
    description: `Added people join the roster, changed people are updated (their alerts and history stay), removed people are no longer screened; added and changed people are screened at once on the job queue. ${VERSION_DECISION}`,
    params: RosterVersionParamsSchema,
    response: ApiRosterVersionSchema,
    errors: [400, 403, 404, 409],
  },
  discardRosterVersion: {
    method: 'POST',
    path: '/rosters/:rosterId/versions/:versionId/discard',
    summary: 'Discard a pending version of a roster',
    description: `The roster stays as it is. ${VERSION_DECISION}`,
    params: RosterVersionParamsSchema,
    response: ApiRosterVersionSchema,
    errors: [400, 403, 404, 409],
  },
} satisfies Record<string, ApiOperation>;
