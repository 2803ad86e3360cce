/**
 * Checks on an uploaded file before it is parsed (ADR 025): that it is text at all, and that no
 * line, value or column count is past the product's limits. A 6 MB line of 3 million columns
 * used to be parsed whole, answered as a 59 MB preview and held the event loop for seconds;
 * this scan stops at the first offending character and names the line.
 */
import { UPLOAD_MESSAGES } from '#shared/messages';

export interface CsvLimits {
  /** Columns a line may have (UPLOAD_MAX_COLUMNS). */
  maxColumns: number;
  /** Characters a value may have. */
  maxValueChars: number;
  /** Characters a line (a record, quoted line breaks included) may have. */
  maxLineChars: number;
}

/** Product limits: a roster's values are names, numbers and dates; a few notes run longer. */
export const MAX_VALUE_CHARS = 4_000;
export const MAX_LINE_CHARS = 100_000;
export const DEFAULT_MAX_COLUMNS = 500;

/** A refusal with the message the user sees (400, or 415 for a file that is not text). */
export class CsvRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
    /** The request field the refusal is about ("sheet" when the sheet asked for cannot be read). */
    readonly field?: string,
  ) {
    super(message);
  }
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** Refuses what is not text: ZIP (and .xlsx), legacy Excel, PDF, gzip, images, UTF-16 without a BOM, other binary. */
export function checkIsText(bytes: Uint8Array): void {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return; // UTF-16 with its BOM: decoded.
  const known: [number[], string][] = [
    [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (an Excel .xlsx workbook is one)'],
    [[0x50, 0x4b, 0x05, 0x06], 'a ZIP archive'],
    [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'an Excel 97–2003 (.xls) workbook'],
    [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
    [[0x1f, 0x8b], 'a gzip archive'],
    [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
    [[0xff, 0xd8, 0xff], 'a JPEG image'],
  ];
  for (const [signature, what] of known) if (startsWith(bytes, signature)) throw new CsvRefusal(UPLOAD_MESSAGES.notText(what), 415);
  // Text has no NUL bytes; one stray NUL is a bad value (refused by row), many mean binary or UTF-16 without a BOM.
  const sample = bytes.subarray(0, 65_536);
  let nul = 0;
  for (const b of sample) if (b === 0) nul++;
  if (nul > 8 && nul * 100 > sample.length) throw new CsvRefusal(UPLOAD_MESSAGES.notText('binary data (or UTF-16 text without a byte order mark)'), 415);
}

const QUOTE = 34;

/**
 * The line break the file uses, guessed as papaparse guesses it (from the first MiB, quoted
 * values left out): LF when there is no CR or an LF comes first, else CRLF when at least half
 * the CRs are followed by an LF, else CR. Parser and shape check are both given this one.
 */
export function newlineOf(text: string): '\n' | '\r\n' | '\r' {
  const head = text.slice(0, 1 << 20).replace(/"[^]*?"/g, '');
  const byCr = head.split('\r');
  const byLf = head.split('\n');
  if (byCr.length === 1 || (byLf.length > 1 && byLf[0].length < byCr[0].length)) return '\n';
  const crLf = byCr.filter((part) => part.startsWith('\n')).length;
  return crLf >= byCr.length / 2 ? '\r\n' : '\r';
}

/**
 * Scans the decoded text as papaparse reads it (the file's delimiter, RFC 4180 quotes, its line
 * break) and throws a CsvRefusal at the first line, value or column count past the limits.
 * Allocates nothing.
 */
export function checkCsvShape(text: string, limits: CsvLimits, newline = newlineOf(text), delimiter = ','): void {
  const separator = delimiter.charCodeAt(0);
  const first = newline.charCodeAt(0);
  const isBreak = (i: number) => text.charCodeAt(i) === first && (newline.length === 1 || text.charCodeAt(i + 1) === 10);
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  let valueStart = 0;
  let columns = 1;
  let inQuotes = false;
  let atValueStart = true;
  const endValue = (end: number) => {
    if (end - valueStart > limits.maxValueChars) throw new CsvRefusal(UPLOAD_MESSAGES.valueTooLong(recordLine, columns, limits.maxValueChars));
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (i - recordStart > limits.maxLineChars) throw new CsvRefusal(UPLOAD_MESSAGES.lineTooLong(recordLine, limits.maxLineChars));
    if (inQuotes) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else inQuotes = false;
      } else if (isBreak(i)) {
        line++;
        i += newline.length - 1;
      }
      if (i - valueStart > limits.maxValueChars) endValue(i);
      continue;
    }
    if (c === QUOTE && atValueStart) {
      inQuotes = true;
      atValueStart = false;
    } else if (c === separator) {
      endValue(i);
      columns++;
      if (columns > limits.maxColumns) throw new CsvRefusal(UPLOAD_MESSAGES.tooManyColumns(recordLine, limits.maxColumns));
      valueStart = i + 1;
      atValueStart = true;
    } else if (isBreak(i)) {
      endValue(i);
      i += newline.length - 1;
      line++;
      recordLine = line;
      recordStart = valueStart = i + 1;
      columns = 1;
      atValueStart = true;
    } else {
      atValueStart = false;
      if (i - valueStart > limits.maxValueChars) endValue(i);
    }
  }
  endValue(text.length);
}
