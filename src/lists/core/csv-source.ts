import type { ListRecord } from '#shared/list-record';
import { checkWidth, widthProblem } from './columns';
import { CsvRecordReader, readCsvBatches, type CsvRecord } from './csv-reader';
import { DateFormatError, parseDate, parseDateAny, type DateLayout } from './dates';
import { RecordDeduper, type DedupeScope } from './dedupe';
import { RowError } from './errors';
import type { FileContext } from './parse-run';
import { CsvLineCutter } from './csv-line-cutter';
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
  /**
   * The columns `map` reads, when it knows them. Lines with every field quoted are then cut
   * to these columns only (see CsvLineCutter): `map` sees '' in the other columns, and gets
   * an array that is reused for the next row, so it must not keep it.
   */
  columns?: readonly number[];
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
  /**
   * Finds the header below a title or preamble of any length: records before the first one
   * `isHeader` accepts are skipped, up to line `within`; past it the record goes to `start`
   * (which refuses it, naming the expected header).
   */
  findHeader?: HeaderSearch;
  /** Checks the header or shape (throwing WrongSourceError) and returns the row mapper. */
  start(first: CsvRecord): RowMapper<T>;
  /**
   * Called with each record the duplicate rule lets through, before the next row is mapped
   * (`parseCsvSourceBatches` only): the NPPES joins with its reference files happen here.
   */
  onAdmitted?(record: ListRecord): void;
}

/** How to find a header that is not on the first line (see CsvSourceSpec.findHeader). */
export interface HeaderSearch {
  isHeader(fields: readonly string[]): boolean;
  within: number;
}

/** True for a record above the header that `findHeader` says to skip. */
export function isAboveHeader(search: HeaderSearch | undefined, fields: readonly string[], line: number): boolean {
  return search !== undefined && line < search.within && !search.isHeader(fields);
}

/** A mapped row with where it came from. */
export interface MappedRow<T> {
  value: T;
  line: number;
  raw: string;
}

function lineBatches(input: ListInput, skipLines: number): AsyncIterable<PhysicalLine[]> {
  return skipLines > 0 ? afterLine(readLineBatches(input), skipLines) : readLineBatches(input);
}

/** Streams the CSV records of a file, a batch per chunk, reporting unreadable text to the context. */
export function csvRecordBatches(input: ListInput, context: FileContext, delimiter = ',', skipLines = 0): AsyncGenerator<CsvRecord[]> {
  return readCsvBatches(lineBatches(input, skipLines), { delimiter, onError: (line, reason, raw) => context.reject(line, reason, raw) });
}

/** `csvRecordBatches` one record at a time. */
export async function* csvRecords(input: ListInput, context: FileContext, delimiter = ',', skipLines = 0): AsyncGenerator<CsvRecord> {
  for await (const batch of csvRecordBatches(input, context, delimiter, skipLines)) yield* batch;
}

async function* afterLine(batches: AsyncIterable<PhysicalLine[]>, skip: number): AsyncGenerator<PhysicalLine[]> {
  for await (const batch of batches) yield batch[batch.length - 1].line > skip ? batch.filter((line) => line.line > skip) : [];
}

/** One row through its mapper: the value, or null when skipped on purpose or rejected (RowError). */
export function mapOneRow<T>(context: FileContext, mapper: RowMapper<T>, fields: string[], line: number, raw: string): T | null {
  try {
    return mapper.map(fields, new RowAt(context, line, raw));
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    context.reject(line, error.message, raw);
    return null;
  }
}

/** A RowPosition without a closure per row. */
export class RowAt implements RowPosition {
  constructor(
    private readonly context: FileContext,
    readonly line: number,
    readonly raw: string,
  ) {}

  warn(reason: string): void {
    this.context.warn(this.line, reason, this.raw);
  }
}

/**
 * The engine of `mapCsvRowBatches` and `parseCsvSourceBatches`: header check, ragged rows, row
 * errors, then `emit` (which may drop a row by answering null) for each mapped value. Yields
 * one batch per chunk of the file (none empty). An empty file yields nothing and one warning;
 * a header-only file yields nothing.
 */
async function* rowBatches<T, U>(input: ListInput, context: FileContext, spec: CsvSourceSpec<T>, emit: (value: T, line: number, raw: string) => U | null): AsyncGenerator<U[]> {
  const reader = new CsvRecordReader({ delimiter: spec.delimiter, onError: (line, reason, raw) => context.reject(line, reason, raw) });
  let mapper: RowMapper<T> | null = null;
  let cutter: CsvLineCutter | null = null; // set when the mapper names its columns
  let firstAbove: CsvRecord | null = null; // the first line above a searched-for header
  let out: U[] = [];

  const mapRow = (rowMapper: RowMapper<T>, fields: string[], line: number, raw: string, problem: string | null): void => {
    if (problem) {
      context.reject(line, problem, raw);
      return;
    }
    const value = mapOneRow(context, rowMapper, fields, line, raw);
    if (value === null) return;
    const emitted = emit(value, line, raw);
    if (emitted !== null) out.push(emitted);
  };

  for await (const lines of lineBatches(input, spec.skipLines ?? 0)) {
    for (const physical of lines) {
      // The quick cut needs the start of a record; any other line goes to the full reader.
      if (cutter !== null && mapper !== null && reader.isBetweenRecords && !physical.isTruncated) {
        const found = cutter.cut(physical.text);
        if (found !== -1) {
          mapRow(mapper, cutter.fields, physical.line, physical.text, widthProblem(found, mapper.width, cutter.hasTextPastWidth));
          continue;
        }
      }
      const record = reader.take(physical);
      if (record === null) continue;
      if (mapper === null) {
        if (isAboveHeader(spec.findHeader, record.fields, record.line)) {
          firstAbove ??= record;
          continue;
        }
        // No header where it should be: the file's first line is what `start` refuses.
        mapper = spec.start(spec.findHeader && !spec.findHeader.isHeader(record.fields) ? (firstAbove ?? record) : record);
        if (!spec.isHeaderless) context.noteHeader?.(record.fields);
        const isCommaSeparated = (spec.delimiter ?? ',') === ',';
        cutter = mapper.columns && isCommaSeparated ? new CsvLineCutter(mapper.width, mapper.columns) : null;
        if (!spec.isHeaderless) continue;
      }
      mapRow(mapper, record.fields, record.line, record.raw, checkWidth(record.fields, mapper.width));
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  reader.end();
  if (mapper === null && firstAbove !== null) spec.start(firstAbove); // lines, but no header among them: refused
  if (mapper === null) context.warn(0, 'file is empty');
}

/** Maps the rows of a CSV file (see `rowBatches`), a batch per chunk of the file. */
export function mapCsvRowBatches<T>(input: ListInput, context: FileContext, spec: CsvSourceSpec<T>): AsyncGenerator<MappedRow<T>[]> {
  return rowBatches(input, context, spec, (value, line, raw) => ({ value, line, raw }));
}

/** `mapCsvRowBatches` one row at a time. */
export async function* mapCsvRows<T>(input: ListInput, context: FileContext, spec: CsvSourceSpec<T>): AsyncGenerator<MappedRow<T>> {
  for await (const batch of mapCsvRowBatches(input, context, spec)) yield* batch;
}

/** Drives a CSV source to record batches: the rows plus the duplicate rule (see RecordDeduper). */
export function parseCsvSourceBatches(input: ListInput, context: FileContext, spec: CsvSourceSpec): AsyncGenerator<ListRecord[]> {
  const deduper = new RecordDeduper(context, spec.dedupe ?? 'file');
  return rowBatches(input, context, spec, (value, line, raw) => {
    const admitted = deduper.admit(value, line, raw);
    if (admitted !== null) spec.onAdmitted?.(admitted);
    return admitted;
  });
}

/** `parseCsvSourceBatches` one record at a time. */
export async function* parseCsvSource(input: ListInput, context: FileContext, spec: CsvSourceSpec): AsyncGenerator<ListRecord> {
  for await (const batch of parseCsvSourceBatches(input, context, spec)) yield* batch;
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
