/**
 * The batch search types (GET /services/flexsearchs/searchtypes), the search criteria a CSV
 * column can be mapped to, and the rules that tie them (ADR 013).
 */
import { STATE_LISTS } from './state-lists';
import type { SearchOption } from './teams';

/** The exclusion lists a name search covers, named ("LEIE, SAM and the Medicaid lists of NY, CA, …"). */
const EXCLUSION_LISTS = `LEIE, SAM and the state Medicaid lists of ${[...new Set(STATE_LISTS.map((l) => l.state))].join(', ')}`;

/** Mapping targets: the search criteria a CSV column can be mapped to. */
export const SEARCH_CRITERIA = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Company Name',
  'NPI',
  'SSN',
  'Date of Birth',
  'State',
  'City',
  'Postal Code',
  /** Compared with the licence numbers state lists carry (ADR 120); never required. */
  'License Number',
  /** The state that issued the licence: another state's number on a state list's record is no evidence against (ADR 120). */
  'License State',
  /** What kind of provider the row is ("RN", "Pharmacist"), compared by kind with the list record's provider type (ADR 121). */
  'Provider Type',
] as const;
export type SearchCriterion = (typeof SEARCH_CRITERIA)[number];

/** Which result tab a search type fills. */
export type ResultType = 'exclusions' | 'npi' | 'ssdmf';

export interface SearchTypeDef {
  name: string;
  /** Required types are the exclusion searches, offered as one radio group. */
  required: boolean;
  requiredColumns: SearchCriterion[];
  /** The client's search option that offers it. */
  option: SearchOption;
  resultType: ResultType;
  /** Billed as a search of this option, per row. */
  billedAs: SearchOption;
  description: string;
}

export const SEARCH_TYPES: readonly SearchTypeDef[] = [
  { name: 'Exclusion Search by Individual Name', required: true, requiredColumns: ['First Name', 'Last Name'], option: 'NAME', resultType: 'exclusions', billedAs: 'NAME', description: `Every federal and state exclusion list (${EXCLUSION_LISTS}), by first and last name.` },
  { name: 'Exclusion Search by Business Name', required: true, requiredColumns: ['Company Name'], option: 'NAME', resultType: 'exclusions', billedAs: 'NAME', description: `Every federal and state exclusion list (${EXCLUSION_LISTS}), by business name.` },
  { name: 'Exclusion Search by NPI', required: true, requiredColumns: ['NPI'], option: 'NPI', resultType: 'exclusions', billedAs: 'NPI', description: 'Every exclusion list that publishes NPIs, by NPI.' },
  { name: 'OFAC', required: false, requiredColumns: [], option: 'OFAC', resultType: 'exclusions', billedAs: 'OFAC', description: 'Add the OFAC sanctions lists to the name search.' },
  { name: 'Search by NPI', required: false, requiredColumns: ['NPI'], option: 'NPI', resultType: 'exclusions', billedAs: 'NPI', description: 'Also look the row’s NPI up on the exclusion lists, beside its name.' },
  { name: 'NPI Validation', required: false, requiredColumns: ['NPI'], option: 'NPI', resultType: 'npi', billedAs: 'NPI', description: 'Check each NPI in NPPES: found, active or deactivated, and whose it is.' },
  { name: 'NPI Medicare OptOut', required: false, requiredColumns: ['NPI'], option: 'NPI', resultType: 'npi', billedAs: 'NPI', description: 'Check each NPI against the Medicare opt-out affidavits.' },
  { name: 'SSDMF', required: false, requiredColumns: ['SSN'], option: 'SSNDMF', resultType: 'ssdmf', billedAs: 'SSNDMF', description: 'Check each SSN against the Death Master File.' },
];

/** Types that bring 'NPI Validation' along when selected. */
export const ADDS_NPI_VALIDATION = ['NPI Medicare OptOut', 'Search by NPI'] as const;

/** The search types a client may use, by its search options. */
export function searchTypesFor(options: readonly string[]): SearchTypeDef[] {
  return SEARCH_TYPES.filter((t) => options.includes(t.option));
}

/** Applies the selection rules: one required type at most, and the NPI Validation add-on. */
export function normaliseSelection(names: readonly string[]): string[] {
  const selected = new Set(names);
  if (ADDS_NPI_VALIDATION.some((n) => selected.has(n))) selected.add('NPI Validation');
  return SEARCH_TYPES.map((t) => t.name).filter((n) => selected.has(n));
}

/** Columns the selection requires, in catalogue order, each once. */
export function requiredColumnsOf(names: readonly string[]): SearchCriterion[] {
  const out = new Set<SearchCriterion>();
  for (const type of SEARCH_TYPES) if (names.includes(type.name)) for (const c of type.requiredColumns) out.add(c);
  return [...out];
}

/**
 * Criteria every row must hold: those of the required (exclusion) search. An add-on search runs
 * on the rows that have its field and skips the others (issue 18: real rosters mix clinicians and
 * staff); chosen without an exclusion search, the add-ons' fields are required.
 */
export function rowRequiredColumnsOf(names: readonly string[]): SearchCriterion[] {
  const exclusion = SEARCH_TYPES.filter((t) => t.required && names.includes(t.name)).map((t) => t.name);
  return requiredColumnsOf(exclusion.length ? exclusion : names);
}

/** Whether a selected search type runs on (and bills) a row: an add-on only where the row has its field. */
export function runsOnRow(typeName: string, has: (criterion: SearchCriterion) => boolean): boolean {
  const type = SEARCH_TYPES.find((t) => t.name === typeName);
  if (!type || type.required) return true;
  return type.requiredColumns.every(has);
}

/** Rows each selected search type runs on, in the order the types are given. */
export function rowsPerSearchType(names: readonly string[], rows: Iterable<Partial<Record<SearchCriterion, string>>>): { searchType: string; rows: number }[] {
  const counts = names.map((searchType) => ({ searchType, rows: 0 }));
  for (const values of rows) for (const count of counts) if (runsOnRow(count.searchType, (c) => Boolean(values[c]?.trim()))) count.rows++;
  return counts;
}

/**
 * The additional-data step is shown unless the required columns include NPI or SSN, but
 * shown anyway when First Name, Last Name or Company Name is required (spec §5).
 */
export function showsAdditionalDataStep(required: readonly SearchCriterion[]): boolean {
  if (required.some((c) => c === 'First Name' || c === 'Last Name' || c === 'Company Name')) return true;
  return !required.some((c) => c === 'NPI' || c === 'SSN');
}
