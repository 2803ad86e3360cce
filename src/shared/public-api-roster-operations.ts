/** Monitored rosters through /api/v1 (ADR 053): create one from records, read one. */
import { z } from 'zod';
import { RosterIdParamsSchema, RosterSchema } from './monitoring';
import type { ApiOperation } from './public-api';
import { ApiBatchMappingSchema, ApiCreateBatchInputSchema } from './public-api-batches';

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
} satisfies Record<string, ApiOperation>;
