/**
 * Which sheet of an uploaded workbook is read (issue 18's sheet picker, ADR 040): the one asked
 * for; else, among the sheets that can be screened (visible ones first), the one whose header and
 * values map the most search criteria (a roster beside a cover sheet, lookups or notes), the first
 * of them on a tie; else the first with rows. The reason is said to the user.
 */
import { guessColumns } from '#shared/column-values';
import { SHEET_MESSAGES } from '#shared/messages';
import { previewOf } from './csv-file';
import { CsvRefusal } from './csv-shape';

/** A sheet as read for the picker (xlsx-upload.ts). */
export interface ReadSheet {
  name: string;
  isHidden: boolean;
  header: string[];
  /** The rows kept: every row when parsing, the first few when summarising. */
  rows: string[][];
  rowCount: number;
  /** Counting stopped past the row limit. */
  isCut: boolean;
  notes: string[];
  /** Why it cannot be screened, or null. */
  problem: string | null;
}

/** The criteria a sheet's header and first values map to (the mapping step's own guess). */
export function rosterCriteria(sheet: Pick<ReadSheet, 'header' | 'rows'>): string[] {
  return Object.values(guessColumns(previewOf(sheet))).map((g) => g.criterion);
}

/** The sheet to read and why (null when nobody needs telling: it was asked for, or it is the only sheet with rows). */
export function chooseSheet(sheets: readonly ReadSheet[], asked: string | null): { chosen: ReadSheet; reason: string | null } {
  if (asked !== null) {
    const chosen = sheets.find((s) => s.name === asked)!;
    if (chosen.problem) throw new CsvRefusal(chosen.problem, 400, 'sheet');
    return { chosen, reason: null };
  }
  const usable = sheets.filter((s) => s.problem === null);
  if (usable.length === 0) {
    const withRows = sheets.find((s) => s.header.length > 0);
    throw new CsvRefusal(withRows?.problem ?? SHEET_MESSAGES.noDataOnAnySheet(sheets.map((s) => s.name)), 400);
  }
  const visible = usable.filter((s) => !s.isHidden);
  if (visible.length === 0) return { chosen: usable[0], reason: SHEET_MESSAGES.onlyHidden(usable[0].name) };
  let best = visible[0];
  let bestCriteria = rosterCriteria(best);
  for (const sheet of visible.slice(1)) {
    const criteria = rosterCriteria(sheet);
    if (criteria.length > bestCriteria.length) [best, bestCriteria] = [sheet, criteria];
  }
  if (sheets.filter((s) => s.rowCount > 0).length <= 1) return { chosen: best, reason: null };
  return { chosen: best, reason: bestCriteria.length ? SHEET_MESSAGES.chosenAsRoster(best.name, bestCriteria) : SHEET_MESSAGES.chosenAsFirst(best.name) };
}
