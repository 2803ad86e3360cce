/**
 * Reading an uploaded Excel workbook (.xlsx) as a customer file (issue 18 item 4): the state
 * lists' streaming reader (src/lists/core/xlsx*.ts) run on the decrypted bytes in memory, never on
 * disk. The first sheet that has rows is read; its first row is the header, and the rows go
 * through the CSV file's rules: labels made unique, ragged rows fitted, the same limits. Cells come
 * out as Excel shows them, so dates typed as dates read as MM/DD/YYYY, which the dry run accepts.
 */
import type { FileFormat } from '#shared/batches';
import { UPLOAD_MESSAGES } from '#shared/messages';
import { openXlsx } from '#lists/core/xlsx';
import { WorkbookError } from '#lists/core/xls-shared';
import { readZipDirectory } from '#lists/core/zip';
import { fitRow } from './csv-dialect';
import { PREVIEW_SAMPLES, previewOf, uniqueLabels, type CsvSummary, type CsvTable } from './csv-file';
import { CsvRefusal, type CsvLimits } from './csv-shape';

/** Most bytes the parts of an uploaded workbook may inflate to: a 200,000-row roster fits many times over. */
export const MAX_XLSX_INFLATED_BYTES = 512 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const isXlsxBytes = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

interface SheetTable {
  header: string[];
  rows: string[][];
  format: FileFormat;
}

async function readSheet(bytes: Uint8Array, limits: CsvLimits, keepRows: number): Promise<SheetTable & { rowCount: number }> {
  let entries;
  try {
    entries = await readZipDirectory(bytes);
  } catch {
    throw new CsvRefusal(UPLOAD_MESSAGES.badWorkbook('it is not a whole ZIP package'), 415);
  }
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_XLSX_INFLATED_BYTES) throw new CsvRefusal(UPLOAD_MESSAGES.tooBigToRead, 413);
  try {
    const book = await openXlsx(bytes, 'The workbook');
    for (const sheet of book.sheetNames) {
      let header: string[] | null = null;
      const rows: string[][] = [];
      let rowCount = 0;
      for await (const batch of book.rowBatches(sheet)) {
        for (const { row, cells } of batch) {
          if (cells.every((cell) => cell.trim() === '')) continue;
          if (cells.length > limits.maxColumns) throw new CsvRefusal(UPLOAD_MESSAGES.tooManyColumns(row, limits.maxColumns));
          const long = cells.findIndex((cell) => cell.length > limits.maxValueChars);
          if (long >= 0) throw new CsvRefusal(UPLOAD_MESSAGES.valueTooLong(row, long + 1, limits.maxValueChars));
          if (!header) header = uniqueLabels(cells);
          else {
            rowCount++;
            if (rows.length < keepRows) rows.push(fitRow(cells, header.length));
          }
        }
      }
      if (header) return { header, rows, rowCount, format: { kind: 'xlsx', encoding: null, delimiter: null, sheet, sheets: [...book.sheetNames] } };
    }
    return { header: [], rows: [], rowCount: 0, format: { kind: 'xlsx', encoding: null, delimiter: null, sheet: null, sheets: [...book.sheetNames] } };
  } catch (error) {
    if (error instanceof WorkbookError) throw new CsvRefusal(UPLOAD_MESSAGES.badWorkbook(error.message.replace(/^The workbook is not a readable XLSX workbook:?\s*/, '')), 415);
    throw error;
  }
}

/** Every row of the workbook's first sheet with rows. */
export async function parseXlsx(bytes: Uint8Array, limits: CsvLimits): Promise<CsvTable> {
  const { header, rows, format } = await readSheet(bytes, limits, Infinity);
  return { header, rows, encoding: 'utf-8', format };
}

/** Header, row count and preview, keeping no row past the preview. */
export async function summarizeXlsx(bytes: Uint8Array, limits: CsvLimits): Promise<CsvSummary> {
  const { header, rows, rowCount, format } = await readSheet(bytes, limits, PREVIEW_SAMPLES);
  return { header, rowCount, previewData: previewOf({ header, rows }), encoding: 'utf-8', format };
}
