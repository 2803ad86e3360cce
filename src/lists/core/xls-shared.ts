/**
 * What the XLSX and legacy XLS readers share: the row they hand out, the workbook interface,
 * telling files apart by their first bytes, and Excel's number and date display rules.
 */

/** One row of a sheet: its 1-based row number and its cells as displayed text ('' when empty). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** A workbook opened for reading: sheet names in workbook order, and one sheet's rows streamed. */
export interface Workbook {
  readonly file: string;
  readonly sheetNames: readonly string[];
  /** The sheet's non-empty rows, a batch at a time; throws WorkbookError for a damaged sheet. */
  rowBatches(sheet: string): AsyncGenerator<SheetRow[]>;
  /** Lets go of the file. */
  close(): Promise<void>;
}

/** A damaged or unreadable workbook: the message names the file. Nothing of it is imported. */
export class WorkbookError extends Error {
  override name = 'WorkbookError';
}

export type FileKind = 'xlsx' | 'xls' | 'pdf' | 'text';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The kind of a file by its first bytes: a ZIP is taken for XLSX, an OLE2 compound file for XLS. */
export function fileKindOf(head: Buffer): FileKind {
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'xlsx';
  if (head.subarray(0, 8).equals(OLE2_SIGNATURE)) return 'xls';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return 'text';
}

// Built-in number formats that show a date (ECMA-376 §18.8.30; 27–36 and 50–58 are East Asian dates).
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** How a number of a cell with this format is shown. */
export type NumberStyle = 'date' | 'number' | { zeros: number };

/**
 * The style of a number format: a date when built-in as one, or when its code (literals,
 * colours and locales left out) has a day or year part, or a month part without hours or
 * seconds (not the minutes of "h:mm"); zero-padded for codes like "00000" (ZIP codes).
 */
export function numberStyleOf(id: number, code: string | undefined): NumberStyle {
  if (BUILT_IN_DATE_FORMATS.has(id)) return 'date';
  if (code === undefined) return 'number';
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '').split(';')[0];
  if (/^00+$/.test(bare)) return { zeros: bare.length };
  if (/[dy]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare))) return 'date';
  return 'number';
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * An Excel serial day as MM/DD/YYYY (the time of day dropped). The 1900 system counts from
 * 1900-01-01 = 1 and keeps Lotus's 1900-02-29 (serial 60, shown as such); the 1904 system
 * counts from 1904-01-01 = 0. Serials that are no date (negative, or 0 in 1900) stay numbers.
 */
export function serialToDate(serial: number, is1904: boolean): string {
  const days = Math.floor(serial + 1e-8);
  if (!Number.isFinite(serial) || days < 0 || (!is1904 && days < 1) || days > 2_958_465) return numberText(serial);
  if (!is1904 && days === 60) return '02/29/1900';
  const epoch = is1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, days < 60 ? 31 : 30);
  const date = new Date(epoch + days * 86_400_000);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${pad(date.getUTCFullYear(), 4)}`;
}

/** A number as Excel's General format shows it: integers in full, others to 15 significant digits. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value.toFixed(0);
  return String(Number(value.toPrecision(15)));
}

/** A number cell's text under its style. */
export function formatNumber(value: number, style: NumberStyle, is1904: boolean): string {
  if (style === 'date') return serialToDate(value, is1904);
  if (style !== 'number' && Number.isInteger(value) && value >= 0) return value.toFixed(0).padStart(style.zeros, '0');
  return numberText(value);
}

/** Cells as one CSV line (quoted where needed), the "raw" text of a row in reports. */
export function cellsAsCsv(cells: readonly string[]): string {
  return cells.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',');
}
