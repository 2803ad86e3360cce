/** A cell of a CSV file we write for people to open in a spreadsheet. */

export type CsvCellValue = string | number | boolean | null | undefined;

/** Formulas neutralised (a leading =, +, -, @, tab or CR gets an apostrophe), quoted when needed. */
export function csvCell(value: CsvCellValue): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
