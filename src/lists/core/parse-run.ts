import type { ListRecord, RejectedRow } from '#shared/list-record';
import { isPlausibleDataDate, laterDate } from './dates';

export interface ParseOptions {
  /** ISO date the files were downloaded; copied to every record's `dateAcquired`. */
  dateAcquired?: string | null;
  /** Sees every rejected row and warning as it happens (the run keeps only the first ones). */
  onIssue?: (issue: RejectedRow) => void;
  /** How many issues `run.rejected` keeps in memory (default 10,000); counts stay exact. */
  maxCollectedIssues?: number;
}

/** What a parser gets for one file: where to report rows, and the run's options. */
export interface FileContext {
  file: string;
  dateAcquired: string | null;
  reject(line: number, reason: string, raw?: string): void;
  warn(line: number, reason: string, raw?: string): void;
  /** Records the data's as-of date when the file reveals it (the latest one wins). */
  noteAsOf(date: string | null): void;
  /** Records the header the file's rows were read by (the layout an update is compared on); headerless files never call it. */
  noteHeader?(fields: readonly string[]): void;
}

/** The header a file's rows were read by, as the file has it. */
export interface FileHeader {
  file: string;
  fields: string[];
}

export interface ParseCounts {
  records: number;
  rejected: number;
  warnings: number;
}

/**
 * The result of `parse(files, opts)`: iterate it once for the records, either one by one
 * (`for await (const record of run)`) or a chunk at a time (`for await (const batch of
 * run.batches())`, fewer awaits: the importer's way). `rejected`, `counts` and `asOf` fill in
 * while it runs and are complete when the iteration ends.
 */
export interface ParseRun extends AsyncIterable<ListRecord> {
  readonly rejected: readonly RejectedRow[];
  readonly counts: Readonly<ParseCounts>;
  readonly asOf: string | null;
  /** The header of each file that has one, in file order (complete when the iteration ends). */
  readonly headers: readonly FileHeader[];
  /** The records in file order, in non-empty arrays (about a chunk of the file each). */
  batches(): AsyncIterable<ListRecord[]>;
}

export type FileContextFactory = (file: string) => FileContext;

// Records of a one-by-one producer handed out together by `batches()`.
const WRAPPED_BATCH_SIZE = 1_000;

/** Wraps a producer of records, one at a time, into a ParseRun (see `createBatchedParseRun`). */
export function createParseRun(
  options: ParseOptions,
  produce: (contextFor: FileContextFactory) => AsyncIterable<ListRecord>,
): ParseRun {
  return makeParseRun(options, {
    records: produce,
    async *batches(contextFor) {
      let batch: ListRecord[] = [];
      for await (const record of produce(contextFor)) {
        batch.push(record);
        if (batch.length >= WRAPPED_BATCH_SIZE) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
  });
}

/**
 * Wraps a producer of record batches into a ParseRun that collects issues and the as-of date.
 * Empty batches are not handed out.
 */
export function createBatchedParseRun(
  options: ParseOptions,
  produce: (contextFor: FileContextFactory) => AsyncIterable<ListRecord[]>,
): ParseRun {
  return makeParseRun(options, {
    async *records(contextFor) {
      for await (const batch of produce(contextFor)) yield* batch;
    },
    batches: produce,
  });
}

interface Producer {
  records(contextFor: FileContextFactory): AsyncIterable<ListRecord>;
  batches(contextFor: FileContextFactory): AsyncIterable<ListRecord[]>;
}

function makeParseRun(options: ParseOptions, producer: Producer): ParseRun {
  const rejected: RejectedRow[] = [];
  const counts: ParseCounts = { records: 0, rejected: 0, warnings: 0 };
  const maxCollected = options.maxCollectedIssues ?? 10_000;
  let asOf: string | null = null;
  const refusedDates = new Set<string>();
  const headers: FileHeader[] = [];
  let isStarted = false;

  const report = (issue: RejectedRow): void => {
    if (issue.severity === 'warning') counts.warnings += 1;
    else counts.rejected += 1;
    if (rejected.length < maxCollected) rejected.push(issue);
    options.onIssue?.(issue);
  };
  const contextFor: FileContextFactory = (file) => ({
    file,
    dateAcquired: options.dateAcquired ?? null,
    reject: (line, reason, raw) => report({ file, line, reason, raw, severity: 'error' }),
    warn: (line, reason, raw) => report({ file, line, reason, raw, severity: 'warning' }),
    noteAsOf: (date) => {
      // A sentinel (9999-12-31), a date to come or before 1990 is no data date: reported, never taken.
      if (date === null || isPlausibleDataDate(date)) asOf = laterDate(asOf, date);
      else if (!refusedDates.has(`${file}|${date}`)) {
        refusedDates.add(`${file}|${date}`);
        report({ file, line: 0, reason: `the file's date ${date} cannot be its data date (in the future or before 1990); not taken as its as-of date`, severity: 'warning' });
      }
    },
    noteHeader: (fields) => {
      headers.push({ file, fields: [...fields] });
    },
  });
  const start = (): void => {
    if (isStarted) throw new Error('a parse run can be iterated only once');
    isStarted = true;
  };

  return {
    get rejected() {
      return rejected;
    },
    get counts() {
      return counts;
    },
    get asOf() {
      return asOf;
    },
    get headers() {
      return headers;
    },
    async *[Symbol.asyncIterator]() {
      start();
      for await (const record of producer.records(contextFor)) {
        counts.records += 1;
        yield record;
      }
    },
    async *batches() {
      start();
      for await (const batch of producer.batches(contextFor)) {
        if (batch.length === 0) continue;
        counts.records += batch.length;
        yield batch;
      }
    },
  };
}

/** Reads a whole run into memory: for tests and small lists only. */
export async function collectRun(run: ParseRun): Promise<ListRecord[]> {
  const records: ListRecord[] = [];
  for await (const record of run) records.push(record);
  return records;
}
