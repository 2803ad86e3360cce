/**
 * Advance Search (/advancedSearch/search, role advanced_search; ADR 036): one person or
 * business with every criterion the engine can use, the lists to search (grouped), Exact or
 * Fuzzy, a sensitivity within a safe range and reinstated records. The answer is a stored,
 * billed, printable search like the interactive ones (src/shared/interactive-search.ts).
 */
import { z } from 'zod';
import { birthDateSchema } from './birth-date';
import { ListSearchedSchema, MATCHING_ALGORITHMS, NotSearchedSchema, SearchHitSchema } from './interactive-search';
import { MESSAGES } from './messages';
import { STATE_SOURCE_IDS } from './state-lists';
import type { SearchOption } from './teams';

/** The list groups of the form, each with the search option that opens it. */
export const LIST_GROUPS = [
  { id: 'federal', title: 'Federal exclusions', option: 'NAME', sources: ['leie', 'sam'] },
  { id: 'state', title: 'State Medicaid lists', option: 'NAME', sources: STATE_SOURCE_IDS },
  { id: 'sanctions', title: 'Sanctions', option: 'OFAC', sources: ['ofac-sdn', 'ofac-consolidated'] },
  { id: 'registries', title: 'NPPES, Medicare opt-out and Death Master File', option: null, sources: ['nppes', 'optout', 'dmf'] },
] as const satisfies readonly { id: string; title: string; option: SearchOption | null; sources: readonly string[] }[];

/** The search option that opens each list (NPPES and opt-out: NPI; DMF: SSNDMF). */
export const LIST_OPTION: Readonly<Record<string, SearchOption>> = {
  leie: 'NAME', sam: 'NAME', ...Object.fromEntries(STATE_SOURCE_IDS.map((id) => [id, 'NAME' as const])),
  'ofac-sdn': 'OFAC', 'ofac-consolidated': 'OFAC', nppes: 'NPI', optout: 'NPI', dmf: 'SSNDMF',
};
export const ADVANCED_SOURCES = Object.keys(LIST_OPTION);

/** The lists a client's search options allow, in form order. */
export function sourcesAllowed(options: readonly string[]): string[] {
  return ADVANCED_SOURCES.filter((s) => options.includes(LIST_OPTION[s]));
}

/** Sensitivity is the lowest score shown: below 0.6 a name alone is noise, above 0.95 only identifiers match. */
export const SENSITIVITY_RANGE = { min: 0.6, max: 0.95, step: 0.05 } as const;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined));
const pattern = (max: number, re: RegExp, message: string) => text(max).pipe(z.string().regex(re, message).optional());
const date = text(10).pipe(birthDateSchema.optional());
const usState = pattern(2, /^[A-Za-z]{2}$/, 'Use the two-letter state code.');
const zip = pattern(10, /^\d{5}(-?\d{4})?$/, 'Use a 5-digit ZIP code (or ZIP+4).');

export const PersonCriteriaSchema = z.strictObject({
  firstName: text(100),
  middleName: text(100),
  lastName: text(100),
  /** Other names the person used: a former last name ("Smith") or a whole name ("Mary Smith"). */
  otherNames: z.array(z.string().trim().max(200)).max(5).default([]).transform((a) => a.filter(Boolean)),
  dateOfBirth: date,
  ssn: pattern(11, /^\d{3}-?\d{2}-?\d{4}$/, 'Use 9 digits (123-45-6789).'),
  npi: pattern(10, /^\d{10}$/, MESSAGES.npiInvalid),
  licenseNumber: text(40),
  licenseState: usState,
  address: text(200),
  city: text(100),
  state: usState,
  postalCode: zip,
});
export const BusinessCriteriaSchema = z.strictObject({
  name: text(200),
  dba: text(200),
  ein: pattern(10, /^\d{2}-?\d{7}$/, 'Use 9 digits (12-3456789).'),
  npi: pattern(10, /^\d{10}$/, MESSAGES.npiInvalid),
  address: text(200),
  city: text(100),
  state: usState,
  postalCode: zip,
});

/** POST /services/advancedsearch. `sources` absent: every list the client's options allow. */
export const AdvancedSearchInputSchema = z
  .strictObject({
    subject: z.enum(['person', 'business']),
    person: PersonCriteriaSchema.optional(),
    business: BusinessCriteriaSchema.optional(),
    sources: z.array(z.string().max(40)).max(ADVANCED_SOURCES.length).optional(),
    matchingAlgorithm: z.enum(MATCHING_ALGORITHMS).default('Fuzzy'),
    sensitivity: z.number().min(SENSITIVITY_RANGE.min).max(SENSITIVITY_RANGE.max).optional(),
    includeReinstated: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.subject === 'person') {
      if (!q.person?.firstName) ctx.addIssue({ code: 'custom', path: ['person', 'firstName'], message: MESSAGES.required });
      if (!q.person?.lastName) ctx.addIssue({ code: 'custom', path: ['person', 'lastName'], message: MESSAGES.required });
    } else if (!q.business?.name) ctx.addIssue({ code: 'custom', path: ['business', 'name'], message: MESSAGES.required });
    for (const s of q.sources ?? []) if (!LIST_OPTION[s]) ctx.addIssue({ code: 'custom', path: ['sources'], message: `Unknown list: ${s}.` });
    if (q.sources && q.sources.length === 0) ctx.addIssue({ code: 'custom', path: ['sources'], message: 'Choose at least one list.' });
  });
export type AdvancedSearchInput = z.infer<typeof AdvancedSearchInputSchema>;

/** The criteria as searched (stored with the result, printed on the proof). */
export const AdvancedCriteriaSchema = z.object({
  subject: z.enum(['person', 'business']),
  /** Label and value of every criterion given, in form order (the SSN masked). */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  matchingAlgorithm: z.enum(MATCHING_ALGORITHMS),
  sensitivity: z.number(),
  includeReinstated: z.boolean(),
});
export type AdvancedCriteria = z.infer<typeof AdvancedCriteriaSchema>;

export const AdvancedHitSchema = SearchHitSchema.extend({
  /** Criteria the engine does not index, compared with the record ("Licence number: same"). */
  checks: z.array(z.string()).default([]),
  isReinstated: z.boolean().default(false),
});
export type AdvancedHit = z.infer<typeof AdvancedHitSchema>;

export const AdvancedSearchResultSchema = z.object({
  kind: z.literal('advanced'),
  searchId: z.number(),
  reference: z.string(),
  searchedAt: z.string(),
  searchedBy: z.string().nullable(),
  algorithmVersion: z.string().optional(),
  lists: z.array(ListSearchedSchema),
  notSearched: z.array(NotSearchedSchema).default([]),
  criteria: AdvancedCriteriaSchema,
  hits: z.array(AdvancedHitSchema),
  /** Hits left out because their record shows a reinstatement and reinstated records were not asked for. */
  reinstatedHidden: z.number().default(0),
});
export type AdvancedSearchResult = z.infer<typeof AdvancedSearchResultSchema>;

/** GET /services/advancedsearch/options: what the form offers this caller. */
export const AdvancedOptionsSchema = z.object({
  groups: z.array(z.object({ id: z.string(), title: z.string(), lists: z.array(z.object({ source: z.string(), title: z.string(), allowed: z.boolean() })) })),
  sensitivity: z.object({ min: z.number(), max: z.number(), step: z.number(), default: z.number() }),
  /** How many records of the loaded lists carry a reinstatement date (0: the option has nothing to add). */
  reinstatedRecords: z.number(),
});
export type AdvancedOptions = z.infer<typeof AdvancedOptionsSchema>;

export const ADVANCED_TEXTS = {
  listNotAllowed: (titles: string) => `Your account's search options do not include: ${titles}.`,
  notPermitted: 'Your account does not include Advance Search. Ask your administrator for the advanced_search role.',
  reinstatedNone:
    'The lists loaded now carry no reinstated records: the agencies publish current exclusions only, and records removed from a list by a later copy are not searched.',
} as const;
