import type { PhysicalLine } from './read-lines';

/** One logical CSV record (it may span several physical lines inside quotes). */
export interface CsvRecord {
  /** Line number where the record starts. */
  line: number;
  fields: string[];
  /** The record's text as read (joined lines), for reports. */
  raw: string;
}

export interface CsvReadOptions {
  delimiter?: string;
  /** A quoted field may span at most this many lines before the record is given up (default 200). */
  maxRecordLines?: number;
  /** Called for text that cannot form a record: unterminated quotes, over-long lines. */
  onError: (line: number, reason: string, raw: string) => void;
}

const QUOTE = 0x22;

/**
 * The fields of a one-line record when no quote can change them: no quote at all, or every
 * field quoted with no quote inside (NPPES, SAM, current LEIE). Null when the line needs the
 * full reader. Splitting natively is several times faster than reading character by character.
 */
export function splitSimpleLine(text: string, delimiter: string): string[] | null {
  if (!text.includes('"')) return text.split(delimiter);
  if (text.length < 2 || text.charCodeAt(0) !== QUOTE || text.charCodeAt(text.length - 1) !== QUOTE) return null;
  const fields = text.slice(1, -1).split(`"${delimiter}"`);
  for (const field of fields) if (field.includes('"')) return null;
  return fields;
}

/**
 * The CSV reader shared by every source, one physical line at a time. RFC 4180 quoting ("" escapes
 * a quote), lenient like Python's csv module: a quote inside an unquoted field, or text after a
 * closing quote, is kept literally. Blank lines are not records. Memory is bounded by
 * `maxRecordLines`. Synchronous, so callers can hand records on in batches (one await per chunk
 * of the file instead of one per record).
 */
export class CsvRecordReader {
  private readonly delimiter: string;
  private readonly maxRecordLines: number;
  private fields: string[] = [];
  private field = '';
  private isQuoted = false; // inside a quoted field, which may go on on the next line
  private isFieldStart = true;
  private startLine = 0;
  private rawLines: string[] = [];

  constructor(private readonly options: CsvReadOptions) {
    this.delimiter = options.delimiter ?? ',';
    this.maxRecordLines = options.maxRecordLines ?? 200;
  }

  /** True when no record is open: the next line starts a new one. */
  get isBetweenRecords(): boolean {
    return this.rawLines.length === 0;
  }

  /** Reads one line; returns the record it completes, or null (blank line, record still open, error). */
  take(physical: PhysicalLine): CsvRecord | null {
    if (physical.isTruncated) {
      this.options.onError(physical.line, 'line too long: not a record of this file', physical.text.slice(0, 200));
      this.reset();
      return null;
    }
    const text = physical.text;
    if (this.rawLines.length === 0) {
      if (text.trim() === '') return null;
      const simple = splitSimpleLine(text, this.delimiter);
      if (simple) return { line: physical.line, fields: simple, raw: text };
      this.startLine = physical.line;
    }
    this.rawLines.push(text);
    if (!this.scan(text)) {
      if (this.rawLines.length >= this.maxRecordLines) {
        this.options.onError(this.startLine, `unterminated quoted field spans more than ${this.maxRecordLines} lines; lines ${this.startLine}-${physical.line} skipped`, this.rawLines[0]);
        this.reset();
        return null;
      }
      this.field += '\n';
      return null;
    }
    const record = { line: this.startLine, fields: this.fields, raw: this.rawLines.length === 1 ? text : this.rawLines.join('\n') };
    this.reset();
    return record;
  }

  /** At the end of the file: reports a record left open (a truncated file). */
  end(): void {
    if (this.rawLines.length > 0) {
      this.options.onError(this.startLine, 'unterminated quoted field at end of file (truncated file?)', this.rawLines.join('\n').slice(0, 500));
    }
  }

  private reset(): void {
    this.fields = [];
    this.field = '';
    this.isQuoted = false;
    this.isFieldStart = true;
    this.rawLines = [];
  }

  /** Reads a line into the current record; true when the record ends with it. */
  private scan(text: string): boolean {
    const delimiter = this.delimiter;
    let i = 0;
    for (;;) {
      if (this.isQuoted) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          this.field += text.slice(i);
          return false;
        }
        this.field += text.slice(i, quote);
        i = quote + 1;
        if (text.charCodeAt(i) === QUOTE) {
          this.field += '"';
          i += 1;
          continue;
        }
        this.isQuoted = false;
      } else if (this.isFieldStart && text.charCodeAt(i) === QUOTE) {
        this.isQuoted = true;
        this.isFieldStart = false;
        i += 1;
        continue;
      }
      // Unquoted text, or text after a closing quote: literal up to the delimiter.
      const end = text.indexOf(delimiter, i);
      this.field += end === -1 ? text.slice(i) : text.slice(i, end);
      this.fields.push(this.field);
      this.field = '';
      this.isFieldStart = true;
      if (end === -1) return true;
      i = end + delimiter.length;
    }
  }
}

/** The records of a stream of lines (one by one or in batches), a batch per batch of lines. */
export async function* readCsvBatches(lines: AsyncIterable<PhysicalLine | readonly PhysicalLine[]>, options: CsvReadOptions): AsyncGenerator<CsvRecord[]> {
  const reader = new CsvRecordReader(options);
  for await (const item of lines) {
    const batch: CsvRecord[] = [];
    for (const physical of Array.isArray(item) ? (item as readonly PhysicalLine[]) : [item as PhysicalLine]) {
      const record = reader.take(physical);
      if (record) batch.push(record);
    }
    if (batch.length > 0) yield batch;
  }
  reader.end();
}

/** `readCsvBatches` one record at a time. */
export async function* readCsv(lines: AsyncIterable<PhysicalLine | readonly PhysicalLine[]>, options: CsvReadOptions): AsyncGenerator<CsvRecord> {
  for await (const batch of readCsvBatches(lines, options)) yield* batch;
}
