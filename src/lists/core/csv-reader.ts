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

type FieldState = 'start' | 'unquoted' | 'quoted' | 'afterQuote';

/**
 * Streaming CSV reader shared by every source. RFC 4180 quoting ("" escapes a quote), lenient
 * like Python's csv module: a quote inside an unquoted field, or text after a closing quote,
 * is kept literally. Blank lines are not records. Memory is bounded by `maxRecordLines`.
 */
export async function* readCsv(lines: AsyncIterable<PhysicalLine>, options: CsvReadOptions): AsyncGenerator<CsvRecord> {
  const delimiter = options.delimiter ?? ',';
  const maxRecordLines = options.maxRecordLines ?? 200;
  let fields: string[] = [];
  let field = '';
  let state: FieldState = 'start';
  let startLine = 0;
  let rawLines: string[] = [];

  const reset = (): void => {
    fields = [];
    field = '';
    state = 'start';
    rawLines = [];
  };

  for await (const physical of lines) {
    if (physical.isTruncated) {
      options.onError(physical.line, 'line too long: not a record of this file', physical.text.slice(0, 200));
      reset();
      continue;
    }
    const text = physical.text;
    if (rawLines.length === 0) {
      if (text.trim() === '') continue;
      startLine = physical.line;
    }
    rawLines.push(text);
    for (let i = 0; i < text.length; i += 1) {
      const ch = text[i];
      if (state === 'quoted') {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 1;
          } else state = 'afterQuote';
        } else field += ch;
      } else if (ch === delimiter) {
        fields.push(field);
        field = '';
        state = 'start';
      } else if (state === 'start' && ch === '"') {
        state = 'quoted';
      } else {
        field += ch;
        state = state === 'start' ? 'unquoted' : state;
      }
    }
    if (state === 'quoted') {
      if (rawLines.length >= maxRecordLines) {
        options.onError(startLine, `unterminated quoted field spans more than ${maxRecordLines} lines; lines ${startLine}-${physical.line} skipped`, rawLines[0]);
        reset();
        continue;
      }
      field += '\n';
      continue;
    }
    fields.push(field);
    yield { line: startLine, fields, raw: rawLines.join('\n') };
    reset();
  }
  if (rawLines.length > 0) {
    options.onError(startLine, 'unterminated quoted field at end of file (truncated file?)', rawLines.join('\n').slice(0, 500));
  }
}
