/**
 * Where a workbook sheet's header is and what its labels are (issue 18's sheet picker): a title
 * row across merged cells above the header is skipped, header cells merged across columns label
 * each column under them, and a two-row header (merged groups over sub-labels) is read as one.
 * Formulas without a calculated value and cells showing a formula error are told, not hidden.
 */
import { SHEET_MESSAGES } from '#shared/messages';
import type { SheetNotices } from '#lists/core/xlsx-sheet';
import type { SheetRow } from '#lists/core/xls-shared';
import { columnOf } from '#lists/core/xlsx-sheet';

/** A merged range: 1-based rows, 0-based columns. */
interface Range {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function rangeOf(ref: string): Range | null {
  const match = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/i.exec(ref.replace(/\$/g, ''));
  if (!match) return null;
  return { top: Number(match[2]), bottom: Number(match[4]), left: columnOf(match[1]), right: columnOf(match[3]) };
}

const filled = (cells: readonly string[]) => cells.flatMap((cell, i) => (cell.trim() ? [i] : []));

/** The header found: its labels (before they are made unique), how many leading rows it and any title took, and notes for the user. */
export interface SheetShape {
  labels: string[];
  /** Rows of `rows` that are title or header: the data starts after them. */
  headRows: number;
  notes: string[];
}

/** At most this many title rows are skipped: past it, the sheet is not a roster with a title. */
const MAX_TITLE_ROWS = 3;

/** The shape of a sheet from its first non-empty rows and the merged ranges read with them. */
export function shapeSheet(rows: readonly SheetRow[], merges: readonly string[]): SheetShape {
  const ranges = merges.map(rangeOf).filter((r): r is Range => r !== null && r.right > r.left);
  const notes: string[] = [];
  let at = 0;
  // A title: the row's one value is the corner of a range merged across columns, and a header follows.
  while (at < Math.min(MAX_TITLE_ROWS, rows.length - 1)) {
    const { row, cells } = rows[at];
    const values = filled(cells);
    if (values.length !== 1 || !ranges.some((r) => r.top === row && r.left === values[0])) break;
    notes.push(SHEET_MESSAGES.titleRow(row, cells[values[0]].trim(), rows[at + 1].row));
    at++;
  }
  if (at >= rows.length) return { labels: [], headRows: 0, notes };
  const head = rows[at];
  const groups = ranges.filter((r) => r.top === head.row && (head.cells[r.left] ?? '').trim() !== '');
  const labels = [...head.cells];
  for (const g of groups) for (let c = g.left + 1; c <= g.right; c++) labels[c] = labels[g.left];
  if (groups.length === 0) return { labels, headRows: at + 1, notes };
  const next = rows[at + 1];
  if (next && isSubHeader(next, head.row, groups)) {
    const under = new Set(groups.flatMap((g) => Array.from({ length: g.right - g.left + 1 }, (_, i) => g.left + i)));
    const width = Math.max(labels.length, next.cells.length);
    const joined = Array.from({ length: width }, (_, c) => (under.has(c) ? `${next.cells[c].trim()} (${labels[c].trim()})` : (labels[c] ?? '')));
    notes.push(SHEET_MESSAGES.twoRowHeader(head.row, joined.filter((_, c) => under.has(c))));
    return { labels: joined, headRows: at + 2, notes };
  }
  notes.push(SHEET_MESSAGES.mergedHeader(groups.map((g) => head.cells[g.left].trim())));
  return { labels, headRows: at + 1, notes };
}

/** The row under a header with merged groups holds a label under every column of each group, and nothing elsewhere. */
function isSubHeader(next: SheetRow, headRow: number, groups: readonly Range[]): boolean {
  if (next.row !== headRow + 1) return false;
  const isUnder = (c: number) => groups.some((g) => c >= g.left && c <= g.right);
  const values = filled(next.cells);
  if (!values.every(isUnder)) return false;
  return groups.every((g) => Array.from({ length: g.right - g.left + 1 }, (_, i) => g.left + i).every((c) => (next.cells[c] ?? '').trim() !== ''));
}

const SAMPLE_REFS = 5;

/** Notes on the data rows' formulas: cells never calculated, and cells showing an error (both read as empty). */
export function formulaNotes(notices: SheetNotices, firstDataRow: number): string[] {
  const isData = (ref: string) => Number(/\d+$/.exec(ref)?.[0] ?? 0) >= firstDataRow;
  const uncalculated = notices.uncalculated.filter(isData);
  const errors = notices.errors.filter((e) => isData(e.ref));
  const notes: string[] = [];
  if (uncalculated.length) notes.push(SHEET_MESSAGES.uncalculated(uncalculated.length, uncalculated.slice(0, SAMPLE_REFS)));
  if (errors.length) notes.push(SHEET_MESSAGES.formulaErrors(errors.length, errors.slice(0, SAMPLE_REFS).map((e) => `${e.text} in ${e.ref}`)));
  return notes;
}
