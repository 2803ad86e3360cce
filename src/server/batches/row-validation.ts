/** Row-level checks of a mapped file (the dry run): one error entry per row, its problems joined. */
import { checkNpi, checkSsn } from '#shared/identifiers';
import type { RowError } from '#shared/batches';
import { isNpiComparable, npiProblemOf } from '#shared/npi-problems';
import { runsOnRow, type SearchCriterion } from '#shared/search-types';
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
  /** What a skipped row loses (issue 50): the dry run names it for each row it would leave out. */
  skipLoses: (searches: readonly string[]) => (searches.length ? `Skipping this row leaves out its ${joinWords(searches)}.` : 'Skipping this row leaves out no search: it has none of their fields.'),
} as const;

function joinWords(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

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
  /** The selected search types: an NPI problem leaves a row the searches that still compare it (issue 50). */
  searchTypes?: readonly string[];
}

const EARLIEST_BIRTH_YEAR = 1900;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const digitAt = (v: string, i: number) => v.charCodeAt(i) - 48;

/**
 * YYYY-MM-DD, the form of most rosters, checked without a Date: a submission reads every row's
 * date twice (its check, its value), and the Date path cost ~1.6 µs a call, a third of the
 * check of 100,000 rows. Null when the value is not in that form; `parseDateOfBirth` then
 * reads it the general way. Same answers (row-validation.test.ts).
 */
function isoDateOfBirth(v: string, today: Date): string | null | undefined {
  if (v.length !== 10 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45) return undefined;
  let y = 0;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const digit = digitAt(v, i);
    if (digit < 0 || digit > 9) return undefined;
    if (i < 4) y = y * 10 + digit;
  }
  const mo = digitAt(v, 5) * 10 + digitAt(v, 6);
  const d = digitAt(v, 8) * 10 + digitAt(v, 9);
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[mo - 1])) return null;
  // A date's midnight (UTC) is after `today` exactly when its day is after today's (UTC).
  if (y < EARLIEST_BIRTH_YEAR || v > isoDayOf(today)) return null;
  return v;
}

/** Today's ISO day, kept for the calls of one submission (all given the same `today`). */
let lastDay = { time: Number.NaN, iso: '' };
function isoDayOf(today: Date): string {
  if (today.getTime() !== lastDay.time) lastDay = { time: today.getTime(), iso: today.toISOString().slice(0, 10) };
  return lastDay.iso;
}

/** Reads a date of birth as ISO (YYYY-MM-DD, MM/DD/YYYY, M/D/YYYY, YYYYMMDD); null when impossible. */
export function parseDateOfBirth(value: string, today: Date): string | null {
  const v = value.trim();
  const iso = isoDateOfBirth(v, today);
  if (iso !== undefined) return iso;
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
  /** A problem of the NPI only: the row is still screened when another search compares it (issue 50). */
  isNpiOnly?: boolean;
}

/** The problems of one row, in column order. */
export function rowProblems(row: string[], columns: MappedColumns, today: Date, stored: readonly number[] = storedIndexes(columns)): RowProblem[] {
  const problems: RowProblem[] = [];
  let extra = 0;
  for (let i = columns.columnCount; i < row.length; i++) if (row[i].trim() !== '') extra++;
  if (extra > 0) problems.push(problemAt(columns, null, ROW_MESSAGES.extraCells(extra, columns.columnCount)));
  for (const [index, criterion] of columns.criteria) {
    const value = (row[index] ?? '').trim();
    if (value === '') {
      if (columns.required.includes(criterion)) problems.push(problemAt(columns, index, ROW_MESSAGES.missing(criterion)));
      continue;
    }
    if (criterion === 'NPI') {
      const check = checkNpi(value);
      if (!check.ok) problems.push({ ...problemAt(columns, index, check.message), isNpiOnly: true });
    } else if (criterion === 'SSN') {
      const check = checkSsn(value);
      if (!check.ok && check.code === 'ssn-format') problems.push(problemAt(columns, index, check.message));
    } else if (criterion === 'Date of Birth' && parseDateOfBirth(value, today) === null) {
      problems.push(problemAt(columns, index, ROW_MESSAGES.dateOfBirth));
    }
  }
  for (const index of stored) {
    // Values that reach the database: PostgreSQL refuses NUL, and no roster value holds a control character.
    if (hasControlCharacter(row[index] ?? '')) problems.push(problemAt(columns, index, ROW_MESSAGES.controlCharacter(columnName(columns, index))));
  }
  return problems;
}

/** The columns whose values are stored (criteria, additional data, unique id), in the file's order. */
function storedIndexes(columns: MappedColumns): number[] {
  const stored = new Set([...columns.criteria.keys(), ...(columns.additionalIndexes ?? []), ...(columns.uniqueIdIndex === null ? [] : [columns.uniqueIdIndex])]);
  return [...stored].sort((a, b) => a - b);
}

/** A problem of a row in one of its columns (null: the row as a whole). */
const problemAt = (columns: MappedColumns, index: number | null, reason: string): RowProblem => ({ column: index === null ? '' : columnName(columns, index), reason });

const columnName = (columns: MappedColumns, index: number) => columns.labels?.[index] ?? columns.criteria.get(index) ?? `Column ${index + 1}`;

/** Validates every row; answers at most MAX_ROW_ERRORS entries. */
export function validateRows(rows: readonly string[][], columns: MappedColumns, today: Date): RowError[] {
  return checkRows(rows, columns, today).errors;
}

/** A row screened despite its NPI's problem, and the problem as its results show it. */
export interface RowNote {
  rowIndx: number;
  note: string;
}

/**
 * Every row's problems: the first MAX_ROW_ERRORS as entries, the indexes of all rows that have
 * some, and the rows kept with an NPI problem (their other searches run, issue 50). A row is left
 * out only when no selected search can compare it with a list; its entry says what skipping it loses.
 */
export function checkRows(rows: readonly string[][], columns: MappedColumns, today: Date): { errors: RowError[]; invalid: Set<number>; notes: RowNote[]; notedRows: number } {
  const errors: RowError[] = [];
  const invalid = new Set<number>();
  const notes: RowNote[] = [];
  let notedRows = 0;
  const firstSeen = new Map<string, number>();
  const stored = storedIndexes(columns);
  const types = columns.searchTypes ?? [];
  rows.forEach((row, rowIndx) => {
    const problems = rowProblems(row, columns, today, stored);
    if (columns.uniqueIdIndex !== null) {
      const uid = (row[columns.uniqueIdIndex] ?? '').trim();
      const column = columnName(columns, columns.uniqueIdIndex);
      if (uid === '') problems.push({ column, reason: ROW_MESSAGES.uniqueIdMissing });
      else if (firstSeen.has(uid)) problems.push({ column, reason: ROW_MESSAGES.uniqueIdDuplicate(uid, firstSeen.get(uid)!) });
      else firstSeen.set(uid, rowIndx);
    }
    if (!problems.length) return;
    const values = types.length ? criteriaValues(row, columns) : {};
    if (problems.every((p) => p.isNpiOnly) && comparesDespiteNpi(types, values)) {
      notedRows++;
      if (notes.length < MAX_ROW_ERRORS) notes.push({ rowIndx, note: npiProblemOf(values.NPI, hasNameSearch(types, values)) ?? problems[0].reason });
      return;
    }
    invalid.add(rowIndx);
    if (errors.length >= MAX_ROW_ERRORS) return;
    const loses = types.filter((t) => runsOnRow(t, (c) => Boolean(values[c])));
    const reasons = [...problems.map((p) => p.reason), ...(types.length ? [ROW_MESSAGES.skipLoses(loses)] : [])];
    errors.push({ rowIndx, errorMessage: reasons.join(' '), data: rowText(row), problems: problems.map(({ column, reason }) => ({ column, reason })), ...(types.length ? { skippedSearches: loses } : {}) });
  });
  return { errors, invalid, notes, notedRows };
}

/** The row's mapped values, trimmed, empty ones left out. */
function criteriaValues(row: string[], columns: MappedColumns): Partial<Record<SearchCriterion, string>> {
  const values: Partial<Record<SearchCriterion, string>> = {};
  for (const [index, criterion] of columns.criteria) {
    const value = (row[index] ?? '').trim();
    if (value) values[criterion] = value;
  }
  return values;
}

const NAME_SEARCHES: Record<string, readonly SearchCriterion[]> = { 'Exclusion Search by Individual Name': ['First Name', 'Last Name'], 'Exclusion Search by Business Name': ['Company Name'] };
const NPI_SEARCHES = ['Exclusion Search by NPI', 'Search by NPI', 'NPI Validation', 'NPI Medicare OptOut'];

/** Whether a name search of the selection screens the row (it holds the name). */
const hasNameSearch = (types: readonly string[], values: Partial<Record<SearchCriterion, string>>): boolean =>
  types.some((t) => NAME_SEARCHES[t]?.some((c) => values[c]));

/** Whether a selected search compares the row despite its NPI: its name, or the NPI's ten digits failing only the check digit. */
function comparesDespiteNpi(types: readonly string[], values: Partial<Record<SearchCriterion, string>>): boolean {
  if (hasNameSearch(types, values)) return true;
  return Boolean(values.NPI) && isNpiComparable(values.NPI!) && types.some((t) => NPI_SEARCHES.includes(t));
}
