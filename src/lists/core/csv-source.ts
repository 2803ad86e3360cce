import type { ListRecord } from '#shared/list-record';
import { checkWidth } from './columns';
import { readCsv, type CsvRecord } from './csv-reader';
import { DateFormatError, parseDate, parseDateAny, type DateLayout } from './dates';
import { RecordDeduper, type DedupeScope } from './dedupe';
import { RowError } from './errors';
import type { FileContext } from './parse-run';
import { readLines, type ListInput } from './read-lines';

/** The row being mapped: where it is, and how to note a repaired value. */
export interface RowPosition {
  line: number;
  raw: string;
  warn(reason: string): void;
}

/** Maps the data rows of one file; built from its first record by `CsvSourceSpec.start`. */
export interface RowMapper {
  /** Fields a row must have (see `checkWidth`). */
  width: number;
  /** Returns the record, null to skip a row on purpose (e.g. a known footer), or throws RowError. */
  map(fields: string[], row: RowPosition): ListRecord | null;
}

export interface CsvSourceSpec {
  delimiter?: string;
  dedupe?: DedupeScope;
  /** No header line: the first record is data too (OFAC). */
  isHeaderless?: boolean;
  /** Checks the header or shape (throwing WrongSourceError) and returns the row mapper. */
  start(first: CsvRecord): RowMapper;
}

/** Streams the CSV records of a file, reporting unreadable text to the context. */
export function csvRecords(input: ListInput, context: FileContext, delimiter = ','): AsyncGenerator<CsvRecord> {
  return readCsv(readLines(input), { delimiter, onError: (line, reason, raw) => context.reject(line, reason, raw) });
}

/**
 * Drives a CSV source: header check, ragged rows, row errors, duplicates. An empty file
 * yields nothing and one warning; a header-only file yields nothing.
 */
export async function* parseCsvSource(input: ListInput, context: FileContext, spec: CsvSourceSpec): AsyncGenerator<ListRecord> {
  const deduper = new RecordDeduper(context, spec.dedupe ?? 'file');
  let mapper: RowMapper | null = null;
  for await (const record of csvRecords(input, context, spec.delimiter)) {
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
    let mapped: ListRecord | null;
    try {
      mapped = mapper.map(record.fields, position);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      context.reject(record.line, error.message, record.raw);
      continue;
    }
    if (mapped === null) continue;
    const admitted = deduper.admit(mapped, record.line, record.raw);
    if (admitted) yield admitted;
  }
  if (mapper === null) context.warn(0, 'file is empty');
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
