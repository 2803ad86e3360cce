import { WorkbookError, type FileKind, type Workbook } from '../core/xls-shared';
import { openXlsx } from '../core/xlsx';

/** Opens a state list workbook of the sniffed kind. */
export async function openWorkbook(kind: Exclude<FileKind, 'text'>, path: string, file: string): Promise<Workbook> {
  if (kind === 'xlsx') return openXlsx(path, file);
  throw new WorkbookError(`${file} is a legacy Excel .xls workbook, which this version cannot read yet: save it as CSV (or XLSX)`);
}
