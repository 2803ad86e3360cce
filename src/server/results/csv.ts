/** CSV lines for the reports: formulas neutralised, quoted when needed, and a stream built from pages. */
import { Readable } from 'node:stream';

import { csvCell, type CsvCellValue } from '#shared/csv-cell';

export type Cell = CsvCellValue;

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
