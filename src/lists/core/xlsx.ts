/**
 * Reads an XLSX workbook from a file with bounded memory: ZIP central directory → workbook and
 * its relationships (sheet names) → shared strings and styles (held in memory) → one sheet
 * streamed row by row. Cells come out as the text Excel shows for them (dates as MM/DD/YYYY).
 */
import { readCellStyles, readSharedStrings, readWorkbookInfo } from './xlsx-parts';
import { readSheetRows, type SheetContext, type SheetNotices } from './xlsx-sheet';
import { ZipPackage } from './xlsx-zip';
import type { ZipSource } from './zip';
import { WorkbookError, type SheetRow, type Workbook } from './xls-shared';

/** An XLSX workbook: which sheets are hidden, and rows read with notices for a customer file's reader. */
export interface XlsxWorkbook extends Workbook {
  readonly hiddenSheets: ReadonlySet<string>;
  rowBatches(sheet: string, notices?: SheetNotices): AsyncGenerator<SheetRow[]>;
}

/** Opens the workbook at `path`, or in memory (`file` names it in messages); throws WorkbookError when damaged. */
export async function openXlsx(path: ZipSource, file: string): Promise<XlsxWorkbook> {
  const zip = await ZipPackage.open(path, file);
  const info = await readWorkbookInfo(zip);
  if (info.sheets.length === 0) throw new WorkbookError(`${file} is not a readable XLSX workbook: it lists no sheets`);
  let context: SheetContext | null = null;
  const sheetContext = async (): Promise<SheetContext> => {
    context ??= { sharedStrings: await readSharedStrings(zip, info.sharedStrings), styles: await readCellStyles(zip, info.styles), is1904: info.is1904 };
    return context;
  };
  return {
    file,
    sheetNames: info.sheets.map((s) => s.name),
    hiddenSheets: new Set(info.sheets.filter((s) => s.isHidden).map((s) => s.name)),
    async *rowBatches(sheet: string, notices?: SheetNotices): AsyncGenerator<SheetRow[]> {
      const found = info.sheets.find((s) => s.name === sheet);
      if (!found) throw new WorkbookError(`${file} has no sheet "${sheet}" (its sheets: ${info.sheets.map((s) => `"${s.name}"`).join(', ')})`);
      if (!zip.has(found.part)) throw new WorkbookError(`${file} is not a readable XLSX workbook: the part ${found.part} of sheet "${sheet}" is missing`);
      const shared = await sheetContext();
      yield* readSheetRows(zip, found.part, notices ? { ...shared, notices } : shared);
    },
    close: async () => {},
  };
}
