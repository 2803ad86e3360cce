import type { FileKind, Workbook } from '../core/xls-shared';
import { openXls } from '../core/xls';
import { openXlsx } from '../core/xlsx';

/** Opens a state list workbook of the kind its bytes tell (XLSX, or legacy XLS). */
export function openWorkbook(kind: Exclude<FileKind, 'text' | 'pdf'>, path: string, file: string): Promise<Workbook> {
  return kind === 'xlsx' ? openXlsx(path, file) : openXls(path, file);
}
