/**
 * Contracts of batch results and review (spec §2 Batch results page and Detail drawer, §3,
 * §4, §7; issue 6; ADR 015): the three result tabs, the detail drawer, status changes and
 * their history, the reports.
 */
import { z } from 'zod';
import { EXCLUSION_ORDERS, SCORE_BANDS } from './results-order';

// ---------------------------------------------------------------------------------------
// Review statuses (spec §4)

export const REVIEW_STATUSES = ['NONCLEARED', 'UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

/** The spec's labels (HISTORICAL_MATCH is "Reviewed: Match", a confirmed match). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  NONCLEARED: 'Needs Review',
  UNDER_REVIEW: 'Under Review',
  HISTORICAL_MATCH: 'Reviewed: Match',
  CLEARED: 'Reviewed: Clear',
};

/** Tones of the spec: to review is a warning, a confirmed match an alert, cleared a success. */
export type ReviewTone = 'warning' | 'alert' | 'success';
export const REVIEW_STATUS_TONES: Record<ReviewStatus, ReviewTone> = {
  NONCLEARED: 'warning',
  UNDER_REVIEW: 'warning',
  HISTORICAL_MATCH: 'alert',
  CLEARED: 'success',
};
/** Mantine colour of each tone. */
export const REVIEW_TONE_COLORS: Record<ReviewTone, string> = { warning: 'orange', alert: 'red', success: 'green' };

/** Text shown instead of a status dropdown on rows that cannot change (spec §2 NPI, SSDMF). */
export const CLEAR_TEXT = 'Clear';

/** Result status texts shown in red (spec §9); any other is dark grey. */
export const RED_STATUS_TEXTS = ['Invalid', 'Inactive', 'Found on Opt Out List', 'Exclusion Found', 'Error', 'Found on SSDMF'] as const;
export const isRedStatusText = (text: string | null | undefined): boolean => (RED_STATUS_TEXTS as readonly string[]).includes(text ?? '');

export const RESULT_TYPES = ['exclusions', 'npi', 'ssdmf'] as const;
export type ResultTabType = (typeof RESULT_TYPES)[number];

/**
 * Whether a record's status can change (spec §4): any status other than the current can be
 * chosen, except that CLEARED NPI records and SSDMF rows without an id (not found) never change.
 */
export function canChangeStatus(resultType: ResultTabType, current: ReviewStatus, hasId = true): boolean {
  if (resultType === 'npi' && current === 'CLEARED') return false;
  if (resultType === 'ssdmf' && !hasId) return false;
  return true;
}

/** The statuses a dropdown offers: every status but the current one (empty when it cannot change). */
export function statusChoices(resultType: ResultTabType, current: ReviewStatus, hasId = true): ReviewStatus[] {
  return canChangeStatus(resultType, current, hasId) ? REVIEW_STATUSES.filter((s) => s !== current) : [];
}

// ---------------------------------------------------------------------------------------
// Group counts (spec §4)

export const StatusCountsSchema = z.object({
  NONCLEARED: z.number(),
  UNDER_REVIEW: z.number(),
  HISTORICAL_MATCH: z.number(),
  CLEARED: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/** One search-criteria group: its key, unique id, and the counts of all its records by status. */
export const ScGroupSchema = z.object({
  /** The group key (records' searchCriteriaKey). */
  searchCriteria: z.string(),
  uniqueId: z.string().nullable(),
  /** Counts of every record of the group (not only those the filters show). */
  counts: StatusCountsSchema,
  total: z.number(),
});
export type ScGroup = z.infer<typeof ScGroupSchema>;

/** The group header card: 'N record(s) to review' (warning), 'N confirmed match(es)' (alert), else 'All records cleared'. */
export function groupHeader(counts: StatusCounts): { tone: ReviewTone; text: string } {
  const toReview = counts.NONCLEARED + counts.UNDER_REVIEW;
  if (toReview > 0) return { tone: 'warning', text: `${toReview} record(s) to review` };
  if (counts.HISTORICAL_MATCH > 0) return { tone: 'alert', text: `${counts.HISTORICAL_MATCH} confirmed match(es)` };
  return { tone: 'success', text: 'All records cleared' };
}

/** Exclusion group pages: total ÷ page size, rounded up (spec §9). */
export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);

// ---------------------------------------------------------------------------------------
// Query strings. Arrays come bracket-style (`status[]=A&status[]=B`, spec §7); plain
// repeated keys and a single value are accepted too.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Batch ids are 32-bit integers in the database: a larger one is a 400, not a database error. */
const batchId = z.coerce.number().int().positive().max(2_147_483_647);
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const many = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
const text = z.string().trim().max(200);

/** Renames `key[]` to `key` so both serialisations parse alike. */
const unbracket = (q: unknown) =>
  q && typeof q === 'object' ? Object.fromEntries(Object.entries(q as Record<string, unknown>).map(([k, v]) => [k.endsWith('[]') ? k.slice(0, -2) : k, v])) : q;

export const RESULTS_MAX_PAGE_SIZE = 100;
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limits = (fallback: number) => z.coerce.number().int().min(1).max(RESULTS_MAX_PAGE_SIZE).default(fallback);

/** GET …/result: pages of search-criteria groups (page is 1-based; limits = groups per page). */
export const ExclusionQuerySchema = z.preprocess(
  unbracket,
  z.strictObject({
    limits: limits(10),
    page,
    /** Sort of the search criteria. */
    sort: z.enum(['ASC', 'DESC']).default('ASC'),
    requireTotal: bool.default(true),
    /** Search criteria text (contains, any case; the unique id counts). */
    sc: text.optional(),
    status: many(ReviewStatusSchema).optional(),
    /** Source ids (leie, sam, state-ny…), as GET /services/utils/sources answers them. */
    sources: many(z.string().trim().min(1).max(40)).optional(),
    /** What the groups are sorted by (issue 14); `sort` gives the direction. */
    orderBy: z.enum(EXCLUSION_ORDERS).default('name'),
    scoreBand: many(z.enum(SCORE_BANDS)).optional(),
  }),
);
export type ExclusionQuery = z.output<typeof ExclusionQuerySchema>;

export const NPI_STATUSES = ['VALID', 'INACTIVE', 'INVALID', 'ERROR'] as const;
export type NpiStatus = (typeof NPI_STATUSES)[number];
/** NPI status texts (spec §3 result status groups). */
export const NPI_STATUS_TEXTS: Record<NpiStatus, string> = { VALID: 'Valid', INACTIVE: 'Inactive', INVALID: 'Invalid', ERROR: 'Error' };
export const OPT_OUT_TEXTS = { FOUND: 'Found on Opt Out List', NOT_FOUND: 'Not Found on Opt Out List' } as const;
export const EXCLUSION_STATUS_TEXTS = { FOUND: 'Exclusion Found', NOT_FOUND: 'No Exclusions Found' } as const;
export const SSDMF_STATUS_TEXTS = { FOUND: 'Found on SSDMF', NOT_FOUND: 'Not Found on SSDMF' } as const;
/** An SSN screened while no Death Master File was loaded (a licensed file a deployment may not hold, ADR 055): not checked, never "not found". */
export const SSDMF_NOT_LOADED = { value: 'NOT_LOADED', text: 'Not checked: DMF not loaded' } as const;
const foundOrNot = z.enum(['FOUND', 'NOT_FOUND']);
/** A found/not-found filter also takes the spec's label texts ('Found on SSDMF'…). */
const foundOrNotOr = (texts: { FOUND: string; NOT_FOUND: string }) =>
  z.union([foundOrNot, z.literal(texts.FOUND).transform(() => 'FOUND' as const), z.literal(texts.NOT_FOUND).transform(() => 'NOT_FOUND' as const)]);
/** The spec's raw NPI statuses fold into its groups (§3): VALID = CLEARED or EXCLUDED; ERROR = PENDING or ERROR. */
const NPI_STATUS_ALIASES: Record<string, NpiStatus> = { CLEARED: 'VALID', EXCLUDED: 'VALID', PENDING: 'ERROR' };
const NpiStatusFilterSchema = z.enum([...NPI_STATUSES, 'CLEARED', 'EXCLUDED', 'PENDING']).transform((v): NpiStatus => NPI_STATUS_ALIASES[v] ?? (v as NpiStatus));

/** GET …/npidetails (page is 1-based). */
export const NpiQuerySchema = z.preprocess(
  unbracket,
  z.strictObject({
    limits: limits(25),
    page,
    requireTotal: bool.default(true),
    searchCriteria: text.optional(),
    recordStatus: many(ReviewStatusSchema).optional(),
    npiStatus: many(NpiStatusFilterSchema).optional(),
    optOutStatus: foundOrNotOr(OPT_OUT_TEXTS).optional(),
    exclusionStatus: foundOrNotOr(EXCLUSION_STATUS_TEXTS).optional(),
  }),
);
export type NpiQuery = z.output<typeof NpiQuerySchema>;

/** GET …/ssdmfdetails (page is 1-based). */
export const SsdmfQuerySchema = z.preprocess(
  unbracket,
  z.strictObject({
    limits: limits(25),
    page,
    requireTotal: bool.default(true),
    searchCriteria: text.optional(),
    recordStatus: many(ReviewStatusSchema).optional(),
    ssdmfStatus: z.union([foundOrNotOr(SSDMF_STATUS_TEXTS), z.literal(SSDMF_NOT_LOADED.value), z.literal(SSDMF_NOT_LOADED.text).transform(() => SSDMF_NOT_LOADED.value)]).optional(),
  }),
);
export type SsdmfQuery = z.output<typeof SsdmfQuerySchema>;

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

/** Exclusion columns (spec §2): the defaults, then the optional ones of the column picker. */
export const EXCLUSION_DEFAULT_COLUMNS = [
  ['name', 'Name'],
  ['score', 'Score'],
  ['companyName', 'Company Name'],
  ['source', 'Source'],
  ['state', 'State'],
  ['exclusionDate', 'Exclusion Date'],
  ['exclusionType', 'Exclusion Type'],
  ['status', 'Status'],
  ['latestNote', 'Latest Note'],
] as const satisfies readonly (readonly [keyof ExclusionRecord, string])[];
export const EXCLUSION_OPTIONAL_COLUMNS = [
  ['akas', 'AKAs'],
  ['dbas', 'DBAs'],
  ['middleName', 'Middle Name'],
  ['prefix', 'Prefix'],
  ['suffix', 'Suffix'],
  ['dateOfBirth', 'Date of Birth'],
  ['startDate', 'Start Date'],
  ['classification', 'Classification'],
  ['address', 'Address'],
  ['city', 'City'],
  ['county', 'County'],
  ['postalCode', 'Postal Code'],
  ['country', 'Country'],
  ['NPI', 'NPI'],
  ['specialty', 'Specialty'],
  ['licenseNumbers', 'License Numbers'],
  ['providerNumbers', 'Provider Numbers'],
  ['caseNumber', 'Case Number'],
  ['exclusionTerm', 'Exclusion Term'],
  ['comments', 'Comments'],
  ['dateAcquiredFromSource', 'Date Acquired From Source'],
] as const satisfies readonly (readonly [keyof ExclusionRecord, string])[];

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
// The detail drawer (spec §2 Detail drawer, §3 Match record)

/**
 * A value in a details section. The special keys 'View Details', 'Status' and 'Source'
 * carry a link: `{ value, _link }`. Keys starting with an underscore are hidden.
 */
export const DetailValueSchema = z.union([z.string(), z.null(), z.object({ value: z.string().nullable(), _link: z.string().nullable() })]);
export type DetailValue = z.infer<typeof DetailValueSchema>;
export const LINKED_DETAIL_KEYS = ['View Details', 'Status', 'Source'] as const;
export const isHiddenDetailKey = (key: string): boolean => key.startsWith('_');
/** Labels renamed for display ('Date Acquired From Source' shows as 'Date Acquired'). */
export const detailLabel = (key: string): string => (key === 'Date Acquired From Source' ? 'Date Acquired' : key);

export const DetailSectionSchema = z.object({ title: z.string(), data: z.record(z.string(), DetailValueSchema) });
export type DetailSection = z.infer<typeof DetailSectionSchema>;

/** One change of a record's status (spec: newStatus, modifiedBy, modifiedDate, notes). */
export const HistoryEntrySchema = z.object({
  id: z.number(),
  /** Null for the first entry of a record that arrived with its status (carried forward). */
  previousStatus: ReviewStatusSchema.nullable(),
  newStatus: ReviewStatusSchema,
  /** The person's name, or 'Clearlist' for a decision carried forward. */
  modifiedBy: z.string(),
  /** ISO instant. */
  modifiedDate: z.string(),
  notes: z.string().nullable(),
  /** 'change' (a person's decision) or 'carried-forward' (an earlier clearing applied again). */
  kind: z.enum(['change', 'carried-forward']),
  /** For carried-forward entries: the earlier decision it repeats. */
  carriedFrom: z
    .object({ batchId: z.number(), fileName: z.string(), resultId: z.number(), decidedBy: z.string(), decidedAt: z.string(), notes: z.string().nullable() })
    .nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** The engine's explanation (why it matched): each compared field, its score, what moved the total. */
export const MatchExplanationSchema = z.object({
  algorithm: z.string(),
  /** The engine's scoring version (absent on results scored before versions were kept). */
  algorithmVersion: z.string().optional(),
  score: z.number(),
  threshold: z.number(),
  summary: z.string(),
  matchedName: z.object({ listField: z.string(), value: z.string() }).nullable(),
  nameScore: z.number().nullable(),
  fields: z.array(
    z.object({
      queryField: z.string(),
      listField: z.string(),
      queryValue: z.string(),
      listValue: z.string(),
      score: z.number(),
      method: z.string(),
    }),
  ),
  /** Signed effects on the total: positive raised it, negative lowered it. */
  adjustments: z.array(z.object({ reason: z.string(), effect: z.number() })),
});
export type MatchExplanation = z.infer<typeof MatchExplanationSchema>;

/** The list version a record came from. */
export const ListVersionInfoSchema = z.object({
  source: z.string(),
  sourceName: z.string(),
  versionId: z.number(),
  /** The list's own data date (as published), when known. */
  asOf: z.string().nullable(),
  /** When Clearlist fetched that version (ISO). */
  fetchedAt: z.string(),
});
export type ListVersionInfo = z.infer<typeof ListVersionInfoSchema>;

/** GET …/result/{id}, …/npidetails/{id}, …/ssdmfdetails/{id}?searchId= */
export const MatchDetailSchema = z.object({
  id: z.number(),
  resultType: z.enum(RESULT_TYPES),
  matchStatus: ReviewStatusSchema,
  /** Statuses the dropdown offers (empty in clear-only mode). */
  statusChoices: z.array(ReviewStatusSchema),
  /** 'Clear' with no dropdown and no history (CLEARED NPI rows, SSDMF rows not found). */
  clearOnly: z.boolean(),
  searchCriteriaKey: z.string(),
  uniqueId: z.string().nullable(),
  details: z.array(DetailSectionSchema),
  /** The customer's own row: mapped columns, then additional columns. */
  userData: z.array(DetailSectionSchema),
  /** Oldest first; empty in clear-only mode. */
  changeHistorys: z.array(HistoryEntrySchema),
  explanation: MatchExplanationSchema.nullable(),
  /** The explanation in a reviewer's words (src/shared/match-words.ts). */
  explanationWords: z.object({ verdict: z.string(), matchedThrough: z.string().nullable(), lines: z.array(z.string()), notes: z.array(z.string()) }).nullable(),
  listVersion: ListVersionInfoSchema.nullable(),
});
export type MatchDetail = z.infer<typeof MatchDetailSchema>;

export const ResultIdParamsSchema = z.strictObject({ batchId, id });
export const SsdmfDetailQuerySchema = z.strictObject({ searchId: id.optional() });

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

// ---------------------------------------------------------------------------------------
// Reports (download links of the Reports menu)

/** True for a time zone the runtime knows (an IANA name such as America/Chicago, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `tz`: the zone of the report's times, the browser's (ADR 033); the server's when absent. */
export const ReportQuerySchema = z.strictObject({
  format: z.enum(['pdf', 'csv']).default('pdf'),
  tz: z.string().max(64).refine(isTimeZone, 'Unknown time zone: use a name such as America/Chicago.').optional(),
});
export type ReportFormat = z.output<typeof ReportQuerySchema>['format'];

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
  exclusionRecordsReport: (batchId: number, format: ReportFormat) => `/services/flexsearchs/${batchId}/exclusionrecordsreport?format=${format}`,
} as const;

/** GET /services/utils/sources: the exclusion sources of the source filter. */
export const SourceOptionSchema = z.object({ id: z.string(), name: z.string() });
export const SourceOptionListSchema = z.array(SourceOptionSchema);
export type SourceOption = z.infer<typeof SourceOptionSchema>;
