/** Row-level checks of a mapped file (the dry run): one error entry per row, its problems joined. */
import { checkNpi, checkSsn } from '#shared/identifiers';
import type { RowError } from '#shared/batches';
import type { SearchCriterion } from '#shared/search-types';
import { hasControlCharacter, rowText } from './csv-file';

export const ROW_MESSAGES = {
  missing: (column: string) => `${column} is required.`,
  /** Only data past the header is a problem: missing or empty trailing cells are normal export output (issue 18). */
  extraCells: (filled: number, width: number) =>
    `The row has ${filled === 1 ? 'a value' : `${filled} values`} past the header's ${width} columns (a delimiter inside a value without quotes?).`,
  dateOfBirth: 'Date of Birth is not a possible date (use YYYY-MM-DD or MM/DD/YYYY).',
  uniqueIdMissing: 'The unique identifier is missing.',
  uniqueIdDuplicate: (value: string, firstRow: number) => `The unique identifier ${value} is also on row ${firstRow + 1}.`,
  controlCharacter: (column: string) => `${column} contains a control character (such as NUL); remove it from the file or leave the column out.`,
} as const;

/** Most rows the dry run reports; a file with more bad rows is usually mapped wrongly. */
export const MAX_ROW_ERRORS = 1000;

export interface MappedColumns {
  /** Header position → criterion. */
  criteria: Map<number, SearchCriterion>;
  required: readonly SearchCriterion[];
  uniqueIdIndex: number | null;
  columnCount: number;
  /** Columns kept as additional data: stored too, so they must be storable. */
  additionalIndexes?: readonly number[];
  /** The header's labels, to name a column in messages. */
  labels?: readonly string[];
}

const EARLIEST_BIRTH_YEAR = 1900;

/** Reads a date of birth as ISO (YYYY-MM-DD, MM/DD/YYYY, M/D/YYYY, YYYYMMDD); null when impossible. */
export function parseDateOfBirth(value: string, today: Date): string | null {
  const v = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  let [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m) {
    m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v);
    if (!m) return null;
    [y, mo, d] = [Number(m[3]), Number(m[1]), Number(m[2])];
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < EARLIEST_BIRTH_YEAR || date.getTime() > today.getTime()) return null;
  return date.toISOString().slice(0, 10);
}

/** One problem of a row: the file's column it is in ('' for the row as a whole) and why. */
export interface RowProblem {
  column: string;
  reason: string;
}

/** The problems of one row, in column order. */
export function rowProblems(row: string[], columns: MappedColumns, today: Date): RowProblem[] {
  const problems: RowProblem[] = [];
  const add = (index: number | null, reason: string) => problems.push({ column: index === null ? '' : columnName(columns, index), reason });
  const extra = row.slice(columns.columnCount).filter((cell) => cell.trim() !== '').length;
  if (extra > 0) add(null, ROW_MESSAGES.extraCells(extra, columns.columnCount));
  for (const [index, criterion] of columns.criteria) {
    const value = (row[index] ?? '').trim();
    if (value === '') {
      if (columns.required.includes(criterion)) add(index, ROW_MESSAGES.missing(criterion));
      continue;
    }
    if (criterion === 'NPI') {
      const check = checkNpi(value);
      if (!check.ok) add(index, check.message);
    } else if (criterion === 'SSN') {
      const check = checkSsn(value);
      if (!check.ok && check.code === 'ssn-format') add(index, check.message);
    } else if (criterion === 'Date of Birth' && parseDateOfBirth(value, today) === null) {
      add(index, ROW_MESSAGES.dateOfBirth);
    }
  }
  const stored = new Set([...columns.criteria.keys(), ...(columns.additionalIndexes ?? []), ...(columns.uniqueIdIndex === null ? [] : [columns.uniqueIdIndex])]);
  for (const index of [...stored].sort((a, b) => a - b)) {
    // Values that reach the database: PostgreSQL refuses NUL, and no roster value holds a control character.
    if (hasControlCharacter(row[index] ?? '')) add(index, ROW_MESSAGES.controlCharacter(columnName(columns, index)));
  }
  return problems;
}

const columnName = (columns: MappedColumns, index: number) => columns.labels?.[index] ?? columns.criteria.get(index) ?? `Column ${index + 1}`;

/** Validates every row; answers at most MAX_ROW_ERRORS entries. */
export function validateRows(rows: readonly string[][], columns: MappedColumns, today: Date): RowError[] {
  return checkRows(rows, columns, today).errors;
}

/** Every row's problems: the first MAX_ROW_ERRORS as entries, and the indexes of all rows that have some. */
export function checkRows(rows: readonly string[][], columns: MappedColumns, today: Date): { errors: RowError[]; invalid: Set<number> } {
  const errors: RowError[] = [];
  const invalid = new Set<number>();
  const firstSeen = new Map<string, number>();
  rows.forEach((row, rowIndx) => {
    const problems = rowProblems(row, columns, today);
    if (columns.uniqueIdIndex !== null) {
      const uid = (row[columns.uniqueIdIndex] ?? '').trim();
      const column = columnName(columns, columns.uniqueIdIndex);
      if (uid === '') problems.push({ column, reason: ROW_MESSAGES.uniqueIdMissing });
      else if (firstSeen.has(uid)) problems.push({ column, reason: ROW_MESSAGES.uniqueIdDuplicate(uid, firstSeen.get(uid)!) });
      else firstSeen.set(uid, rowIndx);
    }
    if (problems.length) invalid.add(rowIndx);
    if (problems.length && errors.length < MAX_ROW_ERRORS) errors.push({ rowIndx, errorMessage: problems.map((p) => p.reason).join(' '), data: rowText(row), problems });
  });
  return { errors, invalid };
}
