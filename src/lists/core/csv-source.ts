import type { ListRecord } from '#shared/list-record';
import { checkWidth } from './columns';
import { readCsv, type CsvRecord } from './csv-reader';
import { DateFormatError, parseDate, parseDateAny, type DateLayout } from './dates';
import { RecordDeduper, type DedupeScope } from './dedupe';
import { RowError } from './errors';
import type { FileContext } from './parse-run';
import { readLineBatches, type ListInput, type PhysicalLine } from './read-lines';

/** The row being mapped: where it is, and how to note a repaired value. */
export interface RowPosition {
  line: number;
  raw: string;
  warn(reason: string): void;
}

/** Maps the data rows of one file; built from its first record by `CsvSourceSpec.start`. */
export interface RowMapper<T = ListRecord> {
  /** Fields a row must have (see `checkWidth`). */
  width: number;
  /** Returns the row's value, null to skip a row on purpose, or throws RowError. */
  map(fields: string[], row: RowPosition): T | null;
}

export interface CsvSourceSpec<T = ListRecord> {
  delimiter?: string;
  dedupe?: DedupeScope;
  /** No header line: the first record is data too (OFAC). */
  isHeaderless?: boolean;
  /** Lines above the header to ignore (titles of spreadsheet exports). */
  skipLines?: number;
  /** Checks the header or shape (throwing WrongSourceError) and returns the row mapper. */
  start(first: CsvRecord): RowMapper<T>;
}

/** Streams the CSV records of a file, reporting unreadable text to the context. */
export function csvRecords(input: ListInput, context: FileContext, delimiter = ',', skipLines = 0): AsyncGenerator<CsvRecord> {
  const lines = skipLines > 0 ? afterLine(readLineBatches(input), skipLines) : readLineBatches(input);
  return readCsv(lines, { delimiter, onError: (line, reason, raw) => context.reject(line, reason, raw) });
}

async function* afterLine(batches: AsyncIterable<PhysicalLine[]>, skip: number): AsyncGenerator<PhysicalLine[]> {
  for await (const batch of batches) yield batch[batch.length - 1].line > skip ? batch.filter((line) => line.line > skip) : [];
}

/**
 * Maps the rows of a CSV file: header check, ragged rows, row errors. An empty file yields
 * nothing and one warning; a header-only file yields nothing.
 */
export async function* mapCsvRows<T>(input: ListInput, context: FileContext, spec: CsvSourceSpec<T>): AsyncGenerator<{ value: T; line: number; raw: string }> {
  let mapper: RowMapper<T> | null = null;
  for await (const record of csvRecords(input, context, spec.delimiter, spec.skipLines)) {
    if (mapper === null) {
      mapper = spec.start(record);
      if (!spec.isHeaderless) continue;
    }
    const widthProblem = checkWidth(record.fields, mapper.width);
    if (widthProblem) {
      context.reject(record.line, widthProblem, record.raw);
      continue;
    }
    const position: RowPosition = { line: record.line, raw: record.raw, warn: (reason) => context.warn(record.line, reason, record.raw) };
    try {
      const value = mapper.map(record.fields, position);
      if (value !== null) yield { value, line: record.line, raw: record.raw };
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      context.reject(record.line, error.message, record.raw);
    }
  }
  if (mapper === null) context.warn(0, 'file is empty');
}

/** Drives a CSV source to records: `mapCsvRows` plus the duplicate rule (see RecordDeduper). */
export async function* parseCsvSource(input: ListInput, context: FileContext, spec: CsvSourceSpec): AsyncGenerator<ListRecord> {
  const deduper = new RecordDeduper(context, spec.dedupe ?? 'file');
  for await (const { value, line, raw } of mapCsvRows(input, context, spec)) {
    const admitted = deduper.admit(value, line, raw);
    if (admitted) yield admitted;
  }
}

/**
 * Reads a date for a field; a value that is not a date is dropped to null and reported as a
 * warning (the row is still imported: a bad DOB must not hide an excluded person).
 */
export function readDate(text: string, layouts: DateLayout | DateLayout[], field: string, row: RowPosition, pivotYear?: number): string | null {
  try {
    return Array.isArray(layouts) ? parseDateAny(text, layouts, pivotYear) : parseDate(text, layouts, pivotYear);
  } catch (error) {
    if (!(error instanceof DateFormatError)) throw error;
    row.warn(`${field}: ${error.message}; left empty`);
    return null;
  }
}
