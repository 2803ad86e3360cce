/**
 * Contracts of the interactive search (spec batch-and-interactive-search §3, §4, §7, §8):
 * eligibility, name and NPI searches, their results (a printable proof of search) and the
 * signed-in user's search history.
 */
import { z } from 'zod';
import { birthDateSchema } from './birth-date';
import { OWNER_TEXTS, ownersField } from './business-owners';
import { isValidNpi } from './identifiers';
import { MESSAGES } from './messages';

/** A name search of more results than this answers MaxMatchesExceeded (spec §9). */
export const MAX_INTERACTIVE_MATCHES = 100;
/** Searches an anonymous visitor may run a day from one address, unless configured. */
export const DEFAULT_ANONYMOUS_SEARCHES_PER_DAY = 10;

export const MATCHING_ALGORITHMS = ['Exact', 'Fuzzy'] as const;
export type MatchingAlgorithm = (typeof MATCHING_ALGORITHMS)[number];

/** Eligibility names: GRANTED, or the reason a search may not run now. */
export const ELIGIBILITY_NAMES = ['GRANTED', 'DAILY_LIMIT_REACHED', 'TRIAL_LIMIT_REACHED', 'NOT_PERMITTED', 'ACCOUNT_INACTIVE'] as const;
export type EligibilityName = (typeof ELIGIBILITY_NAMES)[number];

export const SEARCH_KINDS = ['name', 'npi'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const EligibilityQuerySchema = z.strictObject({ type: z.enum(SEARCH_KINDS).optional() });
export const EligibilitySchema = z.object({ name: z.string(), text: z.string() });
export type Eligibility = z.infer<typeof EligibilitySchema>;

/** Interactive search errors by name: the default text shown when the server sends none (spec §8). */
export const INTERACTIVE_ERROR_TEXTS: Record<string, string> = {
  MaxMatchesExceeded:
    'Wow! Your search returned more than 100 results. Please use the full name of the person or company you are searching for so we can bring you more relevant results.',
  NPINotFound: 'Sorry... that NPI number does not exist in the NPPES Database.',
};

/** What an error of the given name shows: the server's text, else the name's default, else 'Error occurred.'. */
export function interactiveErrorText(name: string | null | undefined, serverText?: string | null): string {
  if (serverText && serverText.trim()) return serverText;
  return (name && INTERACTIVE_ERROR_TEXTS[name]) || MESSAGES.genericError;
}

export const ELIGIBILITY_TEXTS = {
  granted: 'Search granted.',
  dailyLimit: (perDay: number) =>
    `You have used the ${perDay} free searches a day allowed from your network. Start a free trial for 10 searches a month, or log in to keep searching.`,
  trialLimit: (perMonth: number) =>
    `Your trial has used its ${perMonth} free searches this month. Upgrade to a paid plan to keep searching, or wait until the 1st of next month.`,
  bulkTrialLimit: (needed: number, remaining: number, perMonth: number) =>
    `This request needs ${needed} searches but your trial has ${remaining} of its ${perMonth} free searches left this month. Nothing was searched or billed: send fewer subjects, or upgrade to a paid plan.`,
  notPermittedName: 'Your account does not include name searches. Ask your administrator to enable them.',
  notPermittedNpi: 'Your account does not include NPI searches. Ask your administrator to enable them.',
  inactive: 'Your account is not active. Contact your account owner or Clearlist support.',
} as const;

const optionalTrimmed = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** The fields of a name search (the public API adds the whole name in one field to them, issue 52). */
export const NAME_SEARCH_FIELDS = {
  firstName: optionalTrimmed(100),
  lastName: optionalTrimmed(100),
  companyName: optionalTrimmed(200),
  matchingAlgorithm: z.enum(MATCHING_ALGORITHMS).default('Exact'),
  dateOfBirth: optionalTrimmed(10).pipe(birthDateSchema.optional()),
  state: optionalTrimmed(2).pipe(z.string().regex(/^[A-Za-z]{2}$/, 'Use the two-letter state code.').optional()),
  /** A licence number, compared with those the state lists carry (ADR 120). */
  licenseNumber: optionalTrimmed(40).pipe(z.string().optional()).describe('A licence number of the person or business: a state-list record carrying the same one scores higher, another one a little lower.'),
  /** The state that issued the licence: another state's number is no evidence against a state list's record (ADR 120). */
  licenseState: optionalTrimmed(2).pipe(z.string().regex(/^[A-Za-z]{2}$/, 'Use the two-letter state code.').optional()).describe('The two-letter state that issued the licence number.'),
  /** What kind of provider (ADR 121), compared by kind with the list record's provider type. */
  providerType: optionalTrimmed(80).pipe(z.string().optional()).describe('What kind of provider ("RN", "Pharmacist", a taxonomy code): a list record of the same kind scores a little higher; another kind is said, not counted against.'),
};

/** Reads `owner[]` (spec §7's bracket style) as `owner`. */
const unbracketOwner = (q: unknown) => {
  if (!q || typeof q !== 'object' || !('owner[]' in q)) return q;
  const { 'owner[]': owner, ...rest } = q as Record<string, unknown>;
  return { ...rest, owner };
};

/**
 * GET /services/interactivesearch/name: firstName and lastName, or companyName; a business may
 * come with its owners, each a whole name (`owner`, repeated; ADR 119).
 */
export const NameSearchQuerySchema = z.preprocess(
  unbracketOwner,
  z.strictObject({ ...NAME_SEARCH_FIELDS, owner: ownersField }).superRefine((q, ctx) => {
    if (q.companyName) {
      if (q.firstName || q.lastName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Search a person or a business, not both.' });
      return;
    }
    if (q.owner?.length) ctx.addIssue({ code: 'custom', path: ['owner'], message: OWNER_TEXTS.businessOnly });
    if (!q.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: MESSAGES.required });
    if (!q.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: MESSAGES.required });
  }),
);
export type NameSearchQuery = z.infer<typeof NameSearchQuerySchema>;

export const NpiParamsSchema = z.strictObject({ npi: z.string().trim().max(20) });
/** GET /services/interactivesearch/npi/{npi}?name=: the provider's name as the searcher has it (optional), checked against NPPES. */
export const NpiSearchQuerySchema = z.strictObject({ name: optionalTrimmed(200) });

/** A list searched, with the date of the copy searched: a "no match" is only worth what the lists behind it are worth. */
export const ListSearchedSchema = z.object({
  source: z.string(),
  title: z.string(),
  publisher: z.string(),
  officialUrl: z.string(),
  asOf: z.string().nullable(),
  /** When the copy was downloaded (YYYY-MM-DD): the date to go by when the publisher gives none. */
  acquiredOn: z.string().nullable().default(null),
  records: z.number(),
  /** Id of the list version searched (`clearlist lists status`); null when none is loaded or on searches kept before. */
  version: z.number().nullable().optional(),
  /** The copy searched is the shipped synthetic sample (the demo only, ADR 114): invented people, no proof of anything. */
  synthetic: z.boolean().default(false),
  /** In words, when the copy is older than its publisher's cadence and its last update failed; searched all the same. */
  warning: z.string().nullable().default(null),
});
export type ListSearched = z.infer<typeof ListSearchedSchema>;

/** A list the search asked for but could not search: none of its real versions is loaded (ADR 114). */
export const NotSearchedSchema = z.object({
  source: z.string(),
  title: z.string(),
  /** In words: "not loaded yet", "licensed list not provided: upload it on the Lists page". */
  reason: z.string(),
});
export type NotSearched = z.infer<typeof NotSearchedSchema>;

/** The lists a search covered and those it could not. */
export interface ListCoverage {
  lists: ListSearched[];
  notSearched: NotSearched[];
}

/** One list record that may be the person or business searched. */
export const SearchHitSchema = z.object({
  source: z.string(),
  sourceTitle: z.string(),
  recordId: z.string(),
  kind: z.enum(['person', 'business']),
  name: z.string(),
  otherNames: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  npi: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  specialty: z.string().nullable(),
  exclusionType: z.string().nullable(),
  exclusionDate: z.string().nullable(),
  /** As published: "Indefinite", "5 years", "until 2027-01-31". */
  exclusionTerm: z.string().nullable(),
  reinstatementDate: z.string().nullable(),
  link: z.string().nullable(),
  score: z.number(),
  /** Why it matched, in words. */
  matchedOn: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const NameCriteriaSchema = z.object({
  entity: z.enum(['individual', 'business']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  matchingAlgorithm: z.enum(MATCHING_ALGORITHMS),
  dateOfBirth: z.string().nullable(),
  state: z.string().nullable(),
  /** Only when given (ADR 120): searches stored before have none. */
  licenseNumber: z.string().optional(),
  licenseState: z.string().optional(),
  /** Only when given (ADR 121). */
  providerType: z.string().optional(),
});
export type NameCriteria = z.infer<typeof NameCriteriaSchema>;

const MetaSchema = z.object({
  /** Stored id of the search (the proof's reference). */
  searchId: z.number(),
  reference: z.string(),
  searchedAt: z.string(),
  /** Who searched ("Full Name, Client"), null for an anonymous visitor. */
  searchedBy: z.string().nullable(),
  /** Version of the matching rules that scored the search (absent on searches kept before versions were). */
  algorithmVersion: z.string().optional(),
  lists: z.array(ListSearchedSchema),
  /** The lists asked for that were not searched, with the reason (absent on searches kept before ADR 114). */
  notSearched: z.array(NotSearchedSchema).default([]),
});

/** An owner or principal searched with a business (ADR 119): the name as written, as read into a person's fields, and its matches. */
export const OwnerFindingSchema = z.object({
  name: z.string(),
  criteria: NameCriteriaSchema,
  hits: z.array(SearchHitSchema),
});
export type OwnerFinding = z.infer<typeof OwnerFindingSchema>;

export const NameSearchResultSchema = MetaSchema.extend({
  kind: z.literal('name'),
  criteria: NameCriteriaSchema,
  hits: z.array(SearchHitSchema),
  /** A business's owners, each screened as a person on the same lists; absent when none were listed. */
  owners: z.array(OwnerFindingSchema).optional(),
});
export type NameSearchResult = z.infer<typeof NameSearchResultSchema>;

export const NppesRecordSchema = z.object({
  npi: z.string(),
  name: z.string(),
  entityType: z.enum(['Individual', 'Organization']).nullable(),
  /** Active, Deactivated or Reactivated. */
  status: z.string(),
  deactivationDate: z.string().nullable(),
  reactivationDate: z.string().nullable(),
  specialty: z.string().nullable(),
  location: z.string().nullable(),
  link: z.string().nullable(),
});
export type NppesRecord = z.infer<typeof NppesRecordSchema>;

export const OPT_OUT_LABELS = { found: 'Found on Opt Out List', notFound: 'Not Found on Opt Out List' } as const;
export const EXCLUSION_LABELS = { found: 'Exclusion Found', notFound: 'No Exclusions Found' } as const;

/** The searcher's name for the NPI's holder against NPPES's (issue 14): someone else's NPI is not a clean result. */
export const NpiNameCheckSchema = z.object({
  agrees: z.boolean(),
  /** The name given. */
  givenName: z.string(),
  /** The NPPES name it was compared with (its own, or an other name such as a maiden name). */
  nppesName: z.string(),
  /** One sentence: agrees, or does not (the NPI may belong to someone else). */
  verdict: z.string(),
  /** Field by field: "Last name: different (Garcia vs Wang)". */
  lines: z.array(z.string()),
});
export type NpiNameCheck = z.infer<typeof NpiNameCheckSchema>;

export const NpiSearchResultSchema = MetaSchema.extend({
  kind: z.literal('npi'),
  'npi-match': z.boolean(),
  criteria: z.object({ npi: z.string(), name: z.string().nullable().default(null) }),
  /** Null when no name was given (or NPPES holds no name for the NPI). */
  nameCheck: NpiNameCheckSchema.nullable().default(null),
  /** Why the NPI is not a valid one, when it fails the check digit: searched all the same (issue 50). */
  npiProblem: z.string().nullable().default(null),
  /** The name given was searched on the exclusion lists too (an NPI failing the check digit): `exclusions` holds its matches. */
  searchedByName: z.boolean().default(false),
  nppes: NppesRecordSchema.nullable(),
  exclusionStatus: z.enum([EXCLUSION_LABELS.found, EXCLUSION_LABELS.notFound]),
  exclusions: z.array(SearchHitSchema),
  optOutStatus: z.enum([OPT_OUT_LABELS.found, OPT_OUT_LABELS.notFound]),
  optOut: z.object({ effectiveDate: z.string().nullable(), term: z.string().nullable(), link: z.string().nullable() }).nullable(),
});
export type NpiSearchResult = z.infer<typeof NpiSearchResultSchema>;

export const InteractiveResultSchema = z.discriminatedUnion('kind', [NameSearchResultSchema, NpiSearchResultSchema]);
export type InteractiveResult = z.infer<typeof InteractiveResultSchema>;

export const SearchIdParamsSchema = z.strictObject({ searchId: z.coerce.number().int().positive().max(2_147_483_647) });

export const HISTORY_RESULTS = ['matches', 'clear'] as const;
/** Kinds of Search History: the interactive searches and Advance Search (ADR 036). */
export const HISTORY_KINDS = [...SEARCH_KINDS, 'advanced'] as const;

export const SearchHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limits: z.coerce.number().int().min(1).max(100).default(25),
  /** Name, NPI or Advance searches only. */
  kind: z.enum(HISTORY_KINDS).optional(),
  /** `matches`: searches that found list records; `clear`: those that found none. */
  result: z.enum(HISTORY_RESULTS).optional(),
  /** Text in the criteria or the reference, any case. */
  q: z.string().trim().max(100).optional(),
});
export type SearchHistoryFilters = Pick<z.infer<typeof SearchHistoryQuerySchema>, 'kind' | 'result' | 'q'>;

export const SearchHistoryItemSchema = z.object({
  searchId: z.number(),
  reference: z.string(),
  searchedAt: z.string(),
  searchedBy: z.string(),
  kind: z.enum(HISTORY_KINDS),
  criteria: z.string(),
  outcome: z.string(),
  hits: z.number(),
});
export type SearchHistoryItem = z.infer<typeof SearchHistoryItemSchema>;

export const SearchHistorySchema = z.object({ items: z.array(SearchHistoryItemSchema), total: z.number() });
export type SearchHistory = z.infer<typeof SearchHistorySchema>;

/** The criteria of a name search in one line ("Jane Doe, born 1970-01-02, NY · Exact"; "Acme LLC · Exact · owners: LEE, Ann; Bo Ek": owners apart by semicolons, as a name may hold a comma). */
export function describeNameCriteria(c: NameCriteria, owners: readonly { name: string }[] = []): string {
  const who = c.entity === 'business' ? (c.companyName ?? '') : [c.firstName, c.lastName].filter(Boolean).join(' ');
  const extras = [c.dateOfBirth ? `born ${c.dateOfBirth}` : '', c.state ?? '', c.licenseNumber ? `license ${c.licenseNumber}${c.licenseState ? ` (${c.licenseState})` : ''}` : '', c.providerType ? `provider type ${c.providerType}` : ''].filter(Boolean);
  const ownerText = owners.length ? ` · owner${owners.length === 1 ? '' : 's'}: ${owners.map((o) => o.name).join('; ')}` : '';
  return `${who}${extras.length ? `, ${extras.join(', ')}` : ''} · ${c.matchingAlgorithm}${ownerText}`;
}

/** The web form's NPI rule (validated on blur): 10 digits. One failing the check digit is searched all the same (issue 50). */
export function npiFieldError(value: string): string | null {
  const v = value.trim();
  if (!v) return MESSAGES.required;
  if (!/^\d{10}$/.test(v)) return MESSAGES.npiInvalid;
  return null;
}

/** What the form says of ten digits failing the check digit: searched as entered (lists publish such NPIs). */
export const NPI_CHECK_DIGIT_HINT =
  'This NPI fails the check digit (its last digit does not match the other nine), so NPPES cannot hold it. It is still looked up on the exclusion lists as entered; give the provider’s name to search the lists by name too.';

/** The form's hint for a well-formed NPI failing the check digit, else null. */
export function npiFieldHint(value: string): string | null {
  const v = value.trim();
  return /^\d{10}$/.test(v) && !isValidNpi(v) ? NPI_CHECK_DIGIT_HINT : null;
}
