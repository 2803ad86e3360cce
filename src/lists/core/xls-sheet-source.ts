/**
 * Maps the rows of a workbook sheet exactly as `csv-source` maps CSV records: the first row
 * (after `skipLines` rows) is the header given to `spec.start`, then each row goes through the
 * same width rule, row mapper, RowError reporting and duplicate rule. The sheet's row number
 * is the line. A sheet leaves out trailing empty cells, so short rows are padded to the header
 * width (a CSV export writes them as empty fields); text right of the header is still an error.
 */
import type { ListRecord } from '#shared/list-record';
import { checkWidth } from './columns';
import type { CsvRecord } from './csv-reader';
import { isAboveHeader, mapOneRow, type CsvSourceSpec, type RowMapper } from './csv-source';
import { RecordDeduper } from './dedupe';
import type { FileContext } from './parse-run';
import { cellsAsCsv, type SheetRow } from './xls-shared';

/** The records of one sheet, a batch per batch of rows; an empty sheet yields nothing and one warning. */
export async function* parseSheetSource(rows: AsyncIterable<SheetRow[]>, context: FileContext, spec: CsvSourceSpec): AsyncGenerator<ListRecord[]> {
  const deduper = new RecordDeduper(context, spec.dedupe ?? 'file');
  const skip = spec.skipLines ?? 0;
  let mapper: RowMapper | null = null;
  let firstAbove: CsvRecord | null = null; // the first row above a searched-for header
  for await (const batch of rows) {
    const out: ListRecord[] = [];
    for (const { row, cells } of batch) {
      if (row <= skip) continue;
      const raw = cellsAsCsv(cells);
      if (mapper === null) {
        if (isAboveHeader(spec.findHeader, cells, row)) {
          firstAbove ??= { line: row, fields: cells, raw };
          continue;
        }
        mapper = spec.start(spec.findHeader && !spec.findHeader.isHeader(cells) ? (firstAbove ?? { line: row, fields: cells, raw }) : { line: row, fields: cells, raw });
        if (!spec.isHeaderless) {
          context.noteHeader?.(cells);
          continue;
        }
      }
      const fields = cells.length < mapper.width ? [...cells, ...Array<string>(mapper.width - cells.length).fill('')] : cells;
      const problem = checkWidth(fields, mapper.width);
      if (problem) {
        context.reject(row, problem, raw);
        continue;
      }
      const value = mapOneRow(context, mapper, fields, row, raw);
      if (value === null) continue;
      const admitted = deduper.admit(value, row, raw);
      if (admitted !== null) {
        spec.onAdmitted?.(admitted);
        out.push(admitted);
      }
    }
    if (out.length > 0) yield out;
  }
  if (mapper === null && firstAbove !== null) spec.start(firstAbove); // rows, but no header among them: refused
  if (mapper === null) context.warn(0, 'sheet is empty');
}
