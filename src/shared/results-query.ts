/** Query strings and path parameters of the batch results calls (spec §7; issue 14) and of the reports. */

import { z } from 'zod';
import { EXCLUSION_ORDERS, SCORE_BANDS } from './results-order';
import { ReviewStatusSchema } from './review-status';
import { EXCLUSION_STATUS_TEXTS, NPI_STATUSES, OPT_OUT_TEXTS, SSDMF_NOT_LOADED, SSDMF_STATUS_TEXTS, type NpiStatus } from './result-texts';

// ---------------------------------------------------------------------------------------
// Query strings. Arrays come bracket-style (`status[]=A&status[]=B`, spec §7); plain
// repeated keys and a single value are accepted too.

export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Batch ids are 32-bit integers in the database: a larger one is a 400, not a database error. */
export const batchIdParam = z.coerce.number().int().positive().max(2_147_483_647);
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
