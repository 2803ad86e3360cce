/** CSV lines for the reports: formulas neutralised, quoted when needed, and a stream built from pages. */
import { Readable } from 'node:stream';

export type Cell = string | number | boolean | null | undefined;

/** A cell a spreadsheet will not run: a leading =, +, -, @ (or tab, CR) gets an apostrophe. */
export function csvCell(value: Cell): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: readonly Cell[]): string => cells.map(csvCell).join(',') + '\r\n';

/** A byte stream of the lines a generator yields; the generator runs only as fast as the reader reads. */
export function csvStream(lines: () => AsyncGenerator<string>): Readable {
  return Readable.from(
    (async function* () {
      // A BOM so spreadsheets read the file as UTF-8.
      yield '\ufeff';
      yield* lines();
    })(),
    { objectMode: false },
  );
}
