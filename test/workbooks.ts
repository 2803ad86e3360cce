/**
 * Multi-sheet Excel workbooks for the sheet picker's tests (issue 18), written by the project's
 * own XLSX writer (scripts/gen-lists/xlsx-writer.ts): sheets hidden or not, merged ranges,
 * formulas with or without their calculated value, and a sheet that reaches Excel's last row.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XlsxWriter, type XlsxCell, type XlsxFormula } from '../scripts/gen-lists/xlsx-writer';
import type { Roster } from './messy-rosters';

export interface SheetSpec {
  name: string;
  rows?: readonly (readonly (XlsxCell | XlsxFormula)[])[];
  hidden?: boolean;
  merges?: readonly string[];
  /** Rows of one number each appended after `rows` (a sheet as long as Excel allows: 1,048,576 rows in all). */
  numberRows?: number;
}

/** Excel's last row: a sheet cannot be longer. */
export const EXCEL_MAX_ROWS = 1_048_576;

/** The workbook's bytes (written to a temporary file first, as the writer streams to disk). */
export function writeWorkbook(sheets: readonly SheetSpec[], fileName = 'book.xlsx'): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'workbook-')), fileName);
  const book = new XlsxWriter(file);
  for (const sheet of sheets) {
    book.addSheet(sheet.name, { hidden: sheet.hidden });
    for (const row of sheet.rows ?? []) book.writeRow(row);
    for (let i = 0; i < (sheet.numberRows ?? 0); i++) book.writeRow([i + 1]);
    for (const ref of sheet.merges ?? []) book.mergeCells(ref);
  }
  book.close();
  return readFileSync(file);
}

/** A roster's header and rows as sheet rows (text cells; empty ones left out). */
export const rosterRows = (roster: Pick<Roster, 'header' | 'rows'>): string[][] => [roster.header, ...roster.rows];

/** A cover sheet of instructions, as HR templates start: text a roster's header does not look like. */
export const COVER_ROWS = [['Instructions'], ['Fill in one row per person on the sheet "Staff".'], ['Questions: hr@example.com']];

/** A lookup sheet after the roster. */
export const LOOKUP_ROWS = [
  ['Department', 'Cost centre'],
  ['Nursing', '100'],
  ['Pharmacy', '200'],
];
