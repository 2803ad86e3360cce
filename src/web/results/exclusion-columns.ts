/** Columns of the Exclusions tab (spec §2, the contract's lists): defaults then optional columns, with widths. */
import { EXCLUSION_DEFAULT_COLUMNS, EXCLUSION_OPTIONAL_COLUMNS, type ExclusionRecord } from '#shared/results';
import type { PickableColumn } from './column-picker';

export interface ExclusionColumn extends PickableColumn {
  key: keyof ExclusionRecord;
  /** Width in pixels, summed to decide whether the first column is fixed. */
  width: number;
}

const WIDE = new Set<string>(['name', 'companyName', 'latestNote', 'akas', 'dbas', 'address', 'comments', 'specialty', 'licenseNumbers', 'providerNumbers', 'dateAcquiredFromSource']);
const NARROW = new Set<string>(['state', 'prefix', 'suffix']);
const widthOf = (key: string) => (key === 'status' || key === 'source' ? 190 : WIDE.has(key) ? 210 : NARROW.has(key) ? 80 : 140);

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
