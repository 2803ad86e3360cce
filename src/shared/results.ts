/**
 * Contracts of batch results (spec §2 Batch results page, §3, §4, §7; issue 6; ADR 015): the
 * records and pages of the three result tabs, status changes, the paths of the calls.
 */

import { z } from 'zod';
import { batchIdParam as batchId } from './results-query';
import { ReviewStatusSchema, ScGroupSchema } from './review-status';
import { NPI_STATUSES, SSDMF_NOT_LOADED, SSDMF_STATUS_TEXTS } from './result-texts';
import type { ReportFormat } from './results-query';

// ---------------------------------------------------------------------------------------
// Records of the three tabs (spec §3)

/** Exclusion record (spec §3); dates ISO YYYY-MM-DD as the list published them. */
export const ExclusionRecordSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Source id (leie, sam, state-ny…) and its display title. */
  source: z.string(),
  sourceName: z.string(),
  link: z.string().nullable(),
  state: z.string().nullable(),
  exclusionDate: z.string().nullable(),
  exclusionType: z.string().nullable(),
  status: ReviewStatusSchema,
  latestNote: z.string().nullable(),
  akas: z.string().nullable(),
  dbas: z.string().nullable(),
  middleName: z.string().nullable(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  startDate: z.string().nullable(),
  classification: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  NPI: z.string().nullable(),
  specialty: z.string().nullable(),
  licenseNumbers: z.string().nullable(),
  providerNumbers: z.string().nullable(),
  caseNumber: z.string().nullable(),
  exclusionTerm: z.string().nullable(),
  comments: z.string().nullable(),
  dateAcquiredFromSource: z.string().nullable(),
  score: z.number().nullable(),
  searchCriteriaKey: z.string(),
});
export type ExclusionRecord = z.infer<typeof ExclusionRecordSchema>;

/** GET …/result: a page of groups; `total` counts groups (null when requireTotal=false). */
export const ExclusionPageSchema = z.object({
  records: z.array(ExclusionRecordSchema),
  total: z.number().nullable(),
  scGroups: z.array(ScGroupSchema),
});
export type ExclusionPage = z.infer<typeof ExclusionPageSchema>;

/** NPI result (spec §3). Texts are null when the batch did not include that search. */
export const NpiResultSchema = z.object({
  id: z.number(),
  npi: z.string().nullable(),
  /** The customer's name for this row (only when a name search was done). */
  name: z.string().nullable(),
  nppesName: z.string().nullable(),
  npiStatus: z.enum(NPI_STATUSES),
  /** 'Valid', 'Inactive', 'Invalid', 'Error'. */
  npiStatusText: z.string(),
  optOutStatusText: z.string().nullable(),
  exclusionStatusText: z.string().nullable(),
  status: ReviewStatusSchema,
  latestNote: z.string().nullable(),
  searchCriteriaKey: z.string(),
  /** False for CLEARED rows: shown as 'Clear', no checkbox, dropped from bulk selection. */
  canChangeStatus: z.boolean(),
  /** What makes it a finding, one sentence each ("Name differs from NPPES: …"); empty when clean. */
  findings: z.array(z.string()),
});
export type NpiResult = z.infer<typeof NpiResultSchema>;

export const NpiPageSchema = z.object({
  npiSearches: z.array(NpiResultSchema),
  total: z.number().nullable(),
  nameSearch: z.boolean(),
  optOutSearch: z.boolean(),
  exclusionSearch: z.boolean(),
});
export type NpiPage = z.infer<typeof NpiPageSchema>;

/** SSDMF result (spec §3). `id` is null when there is nothing to review (not found): 'Clear'. */
export const SsdmfResultSchema = z.object({
  id: z.number().nullable(),
  /** The search's own id, always present; the detail call takes it. */
  searchId: z.number(),
  /** Masked: ***-**-1234. */
  ssn: z.string().nullable(),
  name: z.string().nullable(),
  ssdmfStatus: z.enum([SSDMF_STATUS_TEXTS.FOUND, SSDMF_STATUS_TEXTS.NOT_FOUND, SSDMF_NOT_LOADED.text]),
  status: ReviewStatusSchema,
  latestNote: z.string().nullable(),
  ssdmfName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  dateOfDeath: z.string().nullable(),
  searchCriteriaKey: z.string(),
});
export type SsdmfResult = z.infer<typeof SsdmfResultSchema>;

export const SsdmfPageSchema = z.object({
  ssdmfResults: z.array(SsdmfResultSchema),
  total: z.number().nullable(),
  nameSearch: z.boolean(),
});
export type SsdmfPage = z.infer<typeof SsdmfPageSchema>;

// ---------------------------------------------------------------------------------------
// Status changes (spec §3 Status change payload, §4)

/** Most records one PUT may change (the ids travel in the path). */
export const MAX_IDS_PER_CHANGE = 1000;
export const REVIEW_NOTE_MAX = 2000;

/** `{ids}`: comma-separated record ids. */
export const ResultIdsParamsSchema = z.strictObject({
  batchId,
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Ids must be numbers separated by commas.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.length <= MAX_IDS_PER_CHANGE, `At most ${MAX_IDS_PER_CHANGE} records can be changed at once.`)
    .refine((a) => a.every((n) => n > 0 && Number.isSafeInteger(n)), 'Ids must be positive whole numbers.'),
});

export const StatusChangeInputSchema = z.strictObject({
  newStatus: ReviewStatusSchema,
  comment: z.string().trim().max(REVIEW_NOTE_MAX, `A note can have at most ${REVIEW_NOTE_MAX} characters.`).optional().default(''),
});
export type StatusChangeInput = z.input<typeof StatusChangeInputSchema>;

/** PUT …/result/{ids}: the changed records and the groups they belong to, with fresh counts. */
export const ExclusionChangeResponseSchema = z.object({ records: z.array(ExclusionRecordSchema), scGroups: z.array(ScGroupSchema) });
export const NpiChangeResponseSchema = z.object({ records: z.array(NpiResultSchema), scGroups: z.array(ScGroupSchema) });
export const SsdmfChangeResponseSchema = z.object({ records: z.array(SsdmfResultSchema), scGroups: z.array(ScGroupSchema) });
export type ExclusionChangeResponse = z.infer<typeof ExclusionChangeResponseSchema>;
export type NpiChangeResponse = z.infer<typeof NpiChangeResponseSchema>;
export type SsdmfChangeResponse = z.infer<typeof SsdmfChangeResponseSchema>;

export const REVIEW_MESSAGES = {
  npiClearedFixed: 'Cleared NPI records cannot be changed.',
  ssdmfNotFoundFixed: 'A record not found on the SSDMF has nothing to review.',
  sameStatus: 'Choose a status other than the current one.',
  batchNotReady: 'The batch has not finished; its results cannot be reviewed yet.',
  noExclusionSearch: 'This batch did not include an exclusion search.',
} as const;

/** Paths of the calls, for the web client. */
export const RESULT_PATHS = {
  exclusions: (batchId: number) => `/services/flexsearchs/${batchId}/result`,
  exclusion: (batchId: number, id: number) => `/services/flexsearchs/${batchId}/result/${id}`,
  changeExclusions: (batchId: number, ids: readonly number[]) => `/services/flexsearchs/${batchId}/result/${ids.join(',')}`,
  npi: (batchId: number) => `/services/flexsearchs/${batchId}/npidetails`,
  npiDetail: (batchId: number, id: number) => `/services/flexsearchs/${batchId}/npidetails/${id}`,
  changeNpi: (batchId: number, ids: readonly number[]) => `/services/flexsearchs/${batchId}/npidetails/${ids.join(',')}`,
  ssdmf: (batchId: number) => `/services/flexsearchs/${batchId}/ssdmfdetails`,
  ssdmfDetail: (batchId: number, id: number, searchId: number) => `/services/flexsearchs/${batchId}/ssdmfdetails/${id}?searchId=${searchId}`,
  changeSsdmf: (batchId: number, ids: readonly number[]) => `/services/flexsearchs/${batchId}/ssdmfdetails/${ids.join(',')}`,
  auditReport: (batchId: number, format: ReportFormat) => `/services/flexsearchs/${batchId}/auditreport?format=${format}`,
  auditSummaryReport: (batchId: number, format: ReportFormat) => `/services/flexsearchs/${batchId}/auditsummaryreport?format=${format}`,
  exclusionRecordsReport: (batchId: number, format: ReportFormat) => `/services/flexsearchs/${batchId}/exclusionrecordsreport?format=${format}`,
} as const;

/** GET /services/utils/sources: the exclusion sources of the source filter. */
export const SourceOptionSchema = z.object({ id: z.string(), name: z.string() });
export const SourceOptionListSchema = z.array(SourceOptionSchema);
export type SourceOption = z.infer<typeof SourceOptionSchema>;
