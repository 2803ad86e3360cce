/** The detail drawer of a result (spec §2 Detail drawer, §3 Match record): sections, history, the engine's explanation, the list version. */

import { z } from 'zod';
import { batchIdParam as batchId, idParam as id } from './results-query';
import { RESULT_TYPES, ReviewStatusSchema } from './review-status';

// ---------------------------------------------------------------------------------------
// The detail drawer (spec §2 Detail drawer, §3 Match record)

/**
 * A value in a details section. The special keys 'View Details', 'Status' and 'Source'
 * carry a link: `{ value, _link }`. Keys starting with an underscore are hidden.
 */
export const DetailValueSchema = z.union([z.string(), z.null(), z.object({ value: z.string().nullable(), _link: z.string().nullable() })]);
export type DetailValue = z.infer<typeof DetailValueSchema>;
export const isHiddenDetailKey = (key: string): boolean => key.startsWith('_');

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
  /** The note of the last status change, shown beside the status. */
  latestNote: z.string().nullable(),
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
