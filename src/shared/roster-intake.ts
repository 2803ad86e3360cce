/**
 * Contracts of roster intake (issue 20, ADR 053): a roster made from an uploaded file through
 * the batches' column mapping, new versions of a roster compared person by person before they
 * are applied, and who is e-mailed about alerts.
 */
import { z } from 'zod';
import { ColumnMappingInputSchema, RowErrorSchema } from './batches';
import { RosterNameSchema } from './monitoring';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /services/monitoring/rosters/upload: an uploaded draft (POST /services/fileupload) becomes a roster. */
export const CreateRosterFromUploadSchema = z.strictObject({
  uploadId: id,
  name: RosterNameSchema,
  mapping: ColumnMappingInputSchema,
});
export type CreateRosterFromUpload = z.infer<typeof CreateRosterFromUploadSchema>;

/** POST /services/monitoring/rosters/:rosterId/versions: an uploaded draft compared with the roster. */
export const RosterVersionInputSchema = z.strictObject({
  uploadId: id,
  mapping: ColumnMappingInputSchema,
});
export type RosterVersionInput = z.infer<typeof RosterVersionInputSchema>;

export const RosterVersionParamsSchema = z.strictObject({ rosterId: id, versionId: id });

/** A person of a roster or file: what identifies them, how they read, their fields. */
export const DiffPersonSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Field (search criterion or additional column) → value. */
  fields: z.record(z.string(), z.string()),
  /** The member's row in the roster (removed and changed people). */
  rowIndex: z.number().nullable(),
});
export type DiffPerson = z.infer<typeof DiffPersonSchema>;

export const FieldChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const RosterDiffSchema = z.object({
  /** How people were told apart: by the unique id column, or by name and date of birth. */
  matchedBy: z.enum(['unique-id', 'name-and-birth-date']),
  added: z.array(DiffPersonSchema),
  removed: z.array(DiffPersonSchema),
  changed: z.array(z.object({ person: DiffPersonSchema, changes: z.array(FieldChangeSchema) })),
  unchanged: z.number(),
  /** Rows of the file left out by "skip the invalid rows". */
  skippedRows: z.number(),
});
export type RosterDiff = z.infer<typeof RosterDiffSchema>;

export const ROSTER_VERSION_STATUSES = ['pending', 'applied', 'discarded'] as const;

export const RosterVersionSchema = z.object({
  versionId: z.number(),
  rosterId: z.number(),
  fileName: z.string(),
  status: z.enum(ROSTER_VERSION_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  decidedAt: z.string().nullable(),
  diff: RosterDiffSchema,
});
export type RosterVersion = z.infer<typeof RosterVersionSchema>;

/** 400 of a version or roster upload whose rows have problems (as the batch mapping answers). */
export const RosterRowErrorsSchema = z.object({ errors: z.array(RowErrorSchema) });

export const DIGEST_FREQUENCIES = ['off', 'immediate', 'daily'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = { off: 'No e-mail', immediate: 'As alerts arrive', daily: 'Once a day' };

/** PUT /services/monitoring/digest (the user's choice for every roster) and …/rosters/:rosterId/digest (one roster). */
export const DigestChoiceInputSchema = z.strictObject({
  /** null on a roster: follow the user's own choice. */
  frequency: z.enum(DIGEST_FREQUENCIES).nullable(),
});
export const DigestChoiceSchema = z.object({
  /** The user's choice for every roster they see. */
  defaultFrequency: z.enum(DIGEST_FREQUENCIES),
  /** This roster's own choice, null when it follows the default (absent outside a roster). */
  rosterFrequency: z.enum(DIGEST_FREQUENCIES).nullable().optional(),
  /** Where the e-mail goes. */
  email: z.string(),
});
export type DigestChoice = z.infer<typeof DigestChoiceSchema>;

export const ROSTER_INTAKE_MESSAGES = {
  notAnUpload: 'Upload the file first: that upload was already used or is not a new file.',
  noMonitoredSearch: 'Monitoring re-screens exclusion and sanctions searches: choose an exclusion search by name or NPI.',
  versionDecided: 'This version was already applied or discarded.',
  rosterChanged: 'Another version of this roster was applied after this file was compared: upload it again to see the differences from the roster as it is now.',
  applied: 'The new version is applied: added and changed people are being screened.',
  discarded: 'The new version was discarded; the roster is unchanged.',
  noChanges: 'The file has the same people as the roster: nothing to apply.',
  rowProblems: (n: number) => `${n} row${n === 1 ? ' has' : 's have'} problems: fix them, or skip the invalid rows.`,
} as const;

/**
 * Alert e-mails of a client's users, set by an account owner or domain admin (issue 20):
 * GET /services/monitoring/digest/users and PUT …/digest/users/:userId.
 */
export const UserDigestChoiceSchema = z.object({
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** The user's choice for every roster they see ('off' when they never chose). */
  frequency: z.enum(DIGEST_FREQUENCIES),
  /** Rosters for which the user chose otherwise (their own choice there stays). */
  rosterChoices: z.number(),
});
export type UserDigestChoice = z.infer<typeof UserDigestChoiceSchema>;
export const UserDigestChoicesSchema = z.object({ users: z.array(UserDigestChoiceSchema) });
export const UserDigestParamsSchema = z.strictObject({ userId: id });
export const UserDigestInputSchema = z.strictObject({
  frequency: z.enum(DIGEST_FREQUENCIES, { error: 'Choose No e-mail, As alerts arrive or Once a day.' }),
});
export type UserDigestInput = z.infer<typeof UserDigestInputSchema>;
