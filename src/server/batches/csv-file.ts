/**
 * Reading an uploaded CSV file (ADR 014, 025; issue 18): UTF-8 with or without BOM, UTF-16 with
 * its BOM, else Windows-1252; comma, semicolon, tab or pipe delimited (csv-dialect.ts); CRLF or
 * LF; quoted fields with delimiters, quotes and line breaks; blank lines skipped; ragged rows
 * fitted to the header. Files that are not text, and lines, values or column counts past the
 * limits, are refused before parsing (csv-shape.ts). The server runs these in a worker (csv-worker.ts).
 */
import Papa from 'papaparse';
import type { FileFormat } from '#shared/batches';
import { decodeWindows1252 } from '#lists/core/windows-1252';
import { DELIMITERS, detectDelimiter, encodingLabel, fitRow } from './csv-dialect';
import { checkCsvShape, checkIsText, newlineOf, type CsvLimits } from './csv-shape';

export interface CsvTable {
  /** Column labels: trimmed, an empty label becomes "Column N", a repeated one "Label (2)". */
  header: string[];
  /** Data rows fitted to the header (fitRow): only a row with data past the header is longer. */
  rows: string[][];
  encoding: CsvEncoding;
  format: FileFormat;
}

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Decodes the bytes: UTF-8 (BOM dropped) when valid, UTF-16 by its BOM, else Windows-1252 (what Excel writes on Windows). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding; hasBom: boolean } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', hasBom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', hasBom: true };
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8', hasBom };
  } catch {
    return { text: decodeWindows1252(body), encoding: 'windows-1252', hasBom: false };
  }
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** Decodes and checks a file against the limits; throws a CsvRefusal naming the problem. */
function checkedText(bytes: Uint8Array, limits: CsvLimits | undefined) {
  checkIsText(bytes);
  const { text, encoding, hasBom } = decodeCsv(bytes);
  const newline = newlineOf(text);
  const delimiterName = detectDelimiter(text);
  const delimiter = DELIMITERS[delimiterName];
  if (limits) checkCsvShape(text, limits, newline, delimiter);
  const format: FileFormat = { kind: 'csv', encoding: encodingLabel(encoding, hasBom), delimiter: delimiterName, sheet: null, sheets: [] };
  return { text, encoding, newline, delimiter, format };
}

/** Parses the whole file; an empty file gives no header and no rows. */
export function parseCsv(bytes: Uint8Array, limits?: CsvLimits): CsvTable {
  const { text, encoding, newline, delimiter, format } = checkedText(bytes, limits);
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter, newline });
  const all = parsed.data.filter((row) => !isBlank(row));
  if (all.length === 0) return { header: [], rows: [], encoding, format };
  const header = uniqueLabels(all[0]);
  return { header, rows: all.slice(1).map((row) => fitRow(row, header.length)), encoding, format };
}

/** What an upload needs of a file: header, data row count and preview, read row by row (no row kept past the preview). */
export interface CsvSummary {
  header: string[];
  rowCount: number;
  previewData: string[][];
  encoding: CsvEncoding;
  format: FileFormat;
}

export function summarizeCsv(bytes: Uint8Array, limits: CsvLimits): CsvSummary {
  const { text, encoding, newline, delimiter, format } = checkedText(bytes, limits);
  let header: string[] | null = null;
  const samples: string[][] = [];
  let rowCount = 0;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimiter,
    newline,
    step: (result) => {
      const row = result.data;
      if (isBlank(row)) return;
      if (!header) header = uniqueLabels(row);
      else {
        rowCount++;
        if (samples.length < PREVIEW_SAMPLES) samples.push(row);
      }
    },
  });
  const labels: string[] = header ?? [];
  return { header: labels, rowCount, previewData: previewOf({ header: labels, rows: samples.map((row) => fitRow(row, labels.length)) }), encoding, format };
}

export function uniqueLabels(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export const PREVIEW_SAMPLES = 5;
/** Sample values are cut to this length in the preview: it shows what a column holds, not all of it. */
export const PREVIEW_VALUE_CHARS = 100;

/** One preview row per column: its label, then up to 5 sample values from the first rows. */
export function previewOf(table: Pick<CsvTable, 'header' | 'rows'>): string[][] {
  const samples = table.rows.slice(0, PREVIEW_SAMPLES);
  return table.header.map((label, i) => [label, ...samples.map((row) => (row[i] ?? '').trim().slice(0, PREVIEW_VALUE_CHARS))]);
}

/** Control characters PostgreSQL cannot store (NUL) or that no roster value holds; tab and line breaks are fine. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/** A row as the errors table shows it: its values joined by commas, quoted where needed. */
export function rowText(row: string[]): string {
  return Papa.unparse([row], { newline: '' });
}
