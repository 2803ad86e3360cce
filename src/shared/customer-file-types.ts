/**
 * The types a customer file may be (issue 18: CSV text or an Excel workbook) and the refusal of
 * any other (issue 55): the spec's words where only CSV is taken, the types taken where more are.
 */
import { BATCH_MESSAGES } from './messages';

export type CustomerFileType = 'csv' | 'xlsx';

/** What the batch upload, the quick batches and the monitored rosters take (one reader, issue 18). */
export const CUSTOMER_FILE_TYPES: readonly CustomerFileType[] = ['csv', 'xlsx'];

/** Whether the name ends in one of the types, case-insensitive (spec §5). */
export function isAcceptedFileName(name: string, types: readonly CustomerFileType[] = CUSTOMER_FILE_TYPES): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return types.some((t) => t === extension);
}

/** The refusal of a file of another type. */
export function unsupportedFileText(types: readonly CustomerFileType[] = CUSTOMER_FILE_TYPES): string {
  return types.includes('xlsx') ? BATCH_MESSAGES.csvOrExcelOnly : BATCH_MESSAGES.csvOnly;
}
