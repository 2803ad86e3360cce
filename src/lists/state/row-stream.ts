/**
 * Rows of a state table reshaped before they are read, for three file shapes: a legend below the
 * table (Vermont's) left out, a continuation row
 * (Montana's "a.k.a. Taylor Clement" below "Clement, Ty") joined to the row above, and a name
 * cell holding several names (Washington's line breaks) made one row per name. All keep the
 * sheet's row numbers, so a problem is still reported at the row the file shows.
 */
import type { SheetRow } from '../core/xls-shared';
import type { StateListConfig } from './config';

const rowText = (cells: readonly string[]): string => cells.map((c) => c.trim()).filter(Boolean).join(' ');

/** Adds the cells of a continuation row to the row above, column by column. */
function joined(above: SheetRow, below: SheetRow): SheetRow {
  const width = Math.max(above.cells.length, below.cells.length);
  const cells = Array.from({ length: width }, (_, i) => [above.cells[i] ?? '', below.cells[i] ?? ''].map((c) => c.trim()).filter(Boolean).join(' '));
  return { row: above.row, cells };
}

/**
 * Joins each row whose whole text matches `pattern` to the row above it; the last row of a
 * batch is held back until the next batch shows whether a continuation follows.
 */
export async function* joinContinuationRows(batches: AsyncIterable<SheetRow[]>, pattern: string): AsyncGenerator<SheetRow[]> {
  const continues = new RegExp(`^(?:${pattern})$`, 'i');
  let held: SheetRow | null = null;
  for await (const batch of batches) {
    const out: SheetRow[] = [];
    for (const row of batch) {
      const text = rowText(row.cells);
      if (held !== null && text !== '' && continues.test(text)) {
        held = joined(held, row);
        continue;
      }
      if (held !== null) out.push(held);
      held = row;
    }
    if (out.length > 0) yield out;
  }
  if (held !== null) yield [held];
}

/**
 * Splits the name cell of every row below the header into one row per name; `isHeader` tells
 * the header row, `nameColumn` finds the name cell in it.
 */
export async function* splitNameCells(
  batches: AsyncIterable<SheetRow[]>,
  separator: string,
  isHeader: (cells: readonly string[]) => boolean,
  nameColumn: (header: readonly string[]) => number,
): AsyncGenerator<SheetRow[]> {
  const split = new RegExp(separator);
  let column = -1;
  for await (const batch of batches) {
    const out: SheetRow[] = [];
    for (const row of batch) {
      if (column < 0) {
        if (isHeader(row.cells)) column = nameColumn(row.cells);
        out.push(row);
        continue;
      }
      const names = (row.cells[column] ?? '').split(split).map((n) => n.trim()).filter(Boolean);
      if (names.length < 2) out.push(row);
      else for (const name of names) out.push({ row: row.row, cells: row.cells.map((c, i) => (i === column ? name : c)) });
    }
    if (out.length > 0) yield out;
  }
}

/** The rows above the first whose whole text matches `pattern` (a legend below the table). */
export async function* endTableAt(batches: AsyncIterable<SheetRow[]>, pattern: string): AsyncGenerator<SheetRow[]> {
  const ends = new RegExp(`^(?:${pattern})$`, 'i');
  for await (const batch of batches) {
    const end = batch.findIndex((row) => ends.test(rowText(row.cells)));
    if (end < 0) {
      yield batch;
      continue;
    }
    if (end > 0) yield batch.slice(0, end);
    return;
  }
}

/** The config's reshaping of a table's rows (none for most states). */
export function reshapeRows(
  config: StateListConfig,
  batches: AsyncIterable<SheetRow[]>,
  header: { isHeader: (cells: readonly string[]) => boolean; nameColumn: (header: readonly string[]) => number },
): AsyncIterable<SheetRow[]> {
  let rows = batches;
  if (config.tableEndsAt !== undefined) rows = endTableAt(rows, config.tableEndsAt);
  if (config.continuationRows !== undefined) rows = joinContinuationRows(rows, config.continuationRows);
  if (config.namesPerCell !== undefined) rows = splitNameCells(rows, config.namesPerCell, header.isHeader, header.nameColumn);
  return rows;
}
