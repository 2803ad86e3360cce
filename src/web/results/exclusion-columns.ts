/** Columns of the Exclusions tab (spec §2): defaults then optional columns, with widths. */
import type { ExclusionRecord } from '#shared/results';
import type { PickableColumn } from './column-picker';

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


export interface ExclusionColumn extends PickableColumn {
  key: keyof ExclusionRecord;
  /** Width in pixels, summed to decide whether the first column is fixed. */
  width: number;
}

const WIDE = new Set<string>(['akas', 'dbas', 'address', 'comments', 'specialty', 'licenseNumbers', 'providerNumbers', 'dateAcquiredFromSource']);
const NARROW = new Set<string>(['state', 'prefix', 'suffix']);
/**
 * The default columns add up to 1,210 px with the checkbox: they fit a 1280 px window without
 * a horizontal scroller (issue 14); longer values wrap.
 */
const DEFAULT_WIDTHS: Partial<Record<keyof ExclusionRecord, number>> = {
  name: 170,
  score: 64,
  companyName: 140,
  source: 170,
  state: 60,
  exclusionDate: 106,
  exclusionType: 150,
  status: 166,
  latestNote: 140,
};
const widthOf = (key: keyof ExclusionRecord) => DEFAULT_WIDTHS[key] ?? (WIDE.has(key) ? 200 : NARROW.has(key) ? 70 : 130);

export const EXCLUSION_COLUMNS: readonly ExclusionColumn[] = [
  ...EXCLUSION_DEFAULT_COLUMNS.map(([key, label]) => ({ key, label, isDefault: true, width: widthOf(key) })),
  ...EXCLUSION_OPTIONAL_COLUMNS.map(([key, label]) => ({ key, label, isDefault: false, width: widthOf(key) })),
];

/** Width of the checkbox column before the data columns. */
export const SELECT_COLUMN_WIDTH = 44;

/** Total width of the shown columns, checkbox column included. */
export function columnsWidth(shown: readonly string[]): number {
  return EXCLUSION_COLUMNS.filter((c) => shown.includes(c.key)).reduce((sum, c) => sum + c.width, SELECT_COLUMN_WIDTH);
}

/** A cell's text; empty values blank. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}
