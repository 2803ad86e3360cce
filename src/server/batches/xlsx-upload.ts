/**
 * Reading an uploaded Excel workbook (.xlsx) as a customer file (issue 18 item 4 and its sheet
 * picker): the state lists' streaming reader (src/lists/core/xlsx*.ts) run on the decrypted bytes
 * in memory, never on disk. The upload's summary reads every sheet for its row count (stopping one
 * past the row limit) and previews the sheet asked for, else the default (xlsx-sheet-choice.ts);
 * parsing reads the batch's sheet. Headers are found by sheet-shape.ts; rows then follow the CSV
 * rules: labels made unique, ragged rows fitted, the same limits. Cells come out as Excel shows
 * them, so dates typed as dates read as MM/DD/YYYY, which the dry run accepts.
 */
import type { FileFormat, SheetDetail } from '#shared/batches';
import { SHEET_MESSAGES, UPLOAD_MESSAGES } from '#shared/messages';
import { openXlsx, type XlsxWorkbook } from '#lists/core/xlsx';
import { WorkbookError, type SheetRow } from '#lists/core/xls-shared';
import { newSheetNotices } from '#lists/core/xlsx-sheet';
import { readZipDirectory } from '#lists/core/zip';
import { fitRow } from './csv-dialect';
import { PREVIEW_SAMPLES, previewOf, uniqueLabels, type CsvSummary, type CsvTable } from './csv-file';
import { CsvRefusal, type CsvLimits } from './csv-shape';
import { formulaNotes, shapeSheet } from './sheet-shape';
import { chooseSheet, type ReadSheet } from './xlsx-sheet-choice';

/** Most bytes the parts of an uploaded workbook may inflate to: a 200,000-row roster fits many times over. */
export const MAX_XLSX_INFLATED_BYTES = 512 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const isXlsxBytes = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

/** Raw rows kept of a sheet only summarised: titles, a two-row header and the preview's samples. */
const KEEP_RAW = PREVIEW_SAMPLES + 5;

async function openChecked(bytes: Uint8Array): Promise<XlsxWorkbook> {
  let entries;
  try {
    entries = await readZipDirectory(bytes);
  } catch {
    throw new CsvRefusal(UPLOAD_MESSAGES.badWorkbook('it is not a whole ZIP package'), 415);
  }
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_XLSX_INFLATED_BYTES) throw new CsvRefusal(UPLOAD_MESSAGES.tooBigToRead, 413);
  return openXlsx(bytes, 'The workbook');
}

/** Reads one sheet: its first `keep` non-empty rows, the count of them all (stopping past `cap`), merges and formula notices. */
async function readSheet(book: XlsxWorkbook, name: string, limits: CsvLimits, keep: number, cap: number): Promise<ReadSheet> {
  const notices = newSheetNotices();
  const raw: SheetRow[] = [];
  let count = 0;
  let isCut = false;
  reading: for await (const batch of book.rowBatches(name, notices)) {
    for (const row of batch) {
      if (row.cells.every((cell) => cell.trim() === '')) continue;
      if (row.cells.length > limits.maxColumns) throw new CsvRefusal(UPLOAD_MESSAGES.tooManyColumns(row.row, limits.maxColumns));
      const long = row.cells.findIndex((cell) => cell.length > limits.maxValueChars);
      if (long >= 0) throw new CsvRefusal(UPLOAD_MESSAGES.valueTooLong(row.row, long + 1, limits.maxValueChars));
      count++;
      if (raw.length < keep) raw.push(row);
      if (count > cap) {
        isCut = true;
        break reading;
      }
    }
  }
  const shape = shapeSheet(raw, notices.merges);
  const header = shape.labels.length ? uniqueLabels(shape.labels) : [];
  const firstDataRow = raw[shape.headRows]?.row ?? Infinity;
  const notes = [...shape.notes, ...formulaNotes(notices, firstDataRow)];
  if (book.hiddenSheets.has(name)) notes.push(SHEET_MESSAGES.hiddenSheet(name));
  const rows = raw.slice(shape.headRows).map((r) => fitRow(r.cells, header.length));
  return { name, isHidden: book.hiddenSheets.has(name), header, rows, rowCount: Math.max(0, count - shape.headRows), isCut, notes, problem: null };
}

/** A sheet read for the picker: a sheet whose reading is refused (a value too long…) is listed with that problem, not fatal. */
async function readForPicker(book: XlsxWorkbook, name: string, limits: CsvLimits, maxRows: number): Promise<ReadSheet> {
  try {
    const sheet = await readSheet(book, name, limits, KEEP_RAW, maxRows + MAX_HEAD_ROWS);
    const problem = sheet.isCut || sheet.rowCount > maxRows ? SHEET_MESSAGES.tooManyRows(name, maxRows) : sheet.header.length === 0 ? SHEET_MESSAGES.empty(name) : sheet.rowCount === 0 ? SHEET_MESSAGES.headerOnly(name) : null;
    return { ...sheet, rowCount: Math.min(sheet.rowCount, maxRows + 1), problem };
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    return { name, isHidden: book.hiddenSheets.has(name), header: [], rows: [], rowCount: 0, isCut: false, notes: [], problem: `“${name}”: ${error.message}` };
  }
}

/** Title rows and a two-row header at most: the row cap counts them too. */
const MAX_HEAD_ROWS = 5;

function refusalOf(error: unknown): never {
  if (error instanceof WorkbookError) throw new CsvRefusal(UPLOAD_MESSAGES.badWorkbook(error.message.replace(/^The workbook is not a readable XLSX workbook:?\s*/, '')), 415);
  throw error;
}

const detailOf = (s: ReadSheet): SheetDetail => ({ name: s.name, rows: s.rowCount, isHidden: s.isHidden, problem: s.problem });

/** Header, row count and preview of the sheet asked for (else the default), with every sheet's rows for the picker. */
export async function summarizeXlsx(bytes: Uint8Array, limits: CsvLimits, sheet: string | null, maxRows: number): Promise<CsvSummary> {
  try {
    const book = await openChecked(bytes);
    const names = [...book.sheetNames];
    if (sheet !== null && !names.includes(sheet)) throw new CsvRefusal(SHEET_MESSAGES.unknownSheet(sheet, names), 400, 'sheet');
    const read: ReadSheet[] = [];
    for (const name of names) read.push(await readForPicker(book, name, limits, maxRows));
    const { chosen, reason } = chooseSheet(read, sheet);
    const format: FileFormat = { kind: 'xlsx', encoding: null, delimiter: null, sheet: chosen.name, sheets: names, sheetDetails: read.map(detailOf), sheetReason: reason, notes: chosen.notes };
    return { header: chosen.header, rowCount: chosen.rowCount, previewData: previewOf({ header: chosen.header, rows: chosen.rows }), encoding: 'utf-8', format };
  } catch (error) {
    return refusalOf(error);
  }
}

/** Every row of the batch's sheet; a batch from before the picker (no sheet) reads the first sheet with rows, as then. */
export async function parseXlsx(bytes: Uint8Array, limits: CsvLimits, sheet: string | null): Promise<CsvTable> {
  try {
    const book = await openChecked(bytes);
    const names = [...book.sheetNames];
    if (sheet !== null && !names.includes(sheet)) throw new CsvRefusal(SHEET_MESSAGES.unknownSheet(sheet, names), 400, 'sheet');
    for (const name of sheet === null ? names : [sheet]) {
      const read = await readSheet(book, name, limits, Infinity, Infinity);
      if (read.header.length === 0 && sheet === null) continue;
      const format: FileFormat = { kind: 'xlsx', encoding: null, delimiter: null, sheet: name, sheets: names, notes: read.notes };
      return { header: read.header, rows: read.rows, encoding: 'utf-8', format };
    }
    return { header: [], rows: [], encoding: 'utf-8', format: { kind: 'xlsx', encoding: null, delimiter: null, sheet: null, sheets: names } };
  } catch (error) {
    return refusalOf(error);
  }
}
