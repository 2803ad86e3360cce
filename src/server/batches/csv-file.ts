/**
 * Reading an uploaded CSV file (ADR 014): UTF-8 with or without BOM, else Windows-1252;
 * CRLF or LF; quoted fields with commas, quotes and line breaks; blank lines skipped.
 */
import Papa from 'papaparse';

export interface CsvTable {
  /** Column labels: trimmed, an empty label becomes "Column N", a repeated one "Label (2)". */
  header: string[];
  /** Data rows as read (ragged rows keep their own length). */
  rows: string[][];
  encoding: 'utf-8' | 'windows-1252';
}

/** Decodes the bytes: UTF-8 (BOM dropped) when valid, else Windows-1252 (what Excel writes on Windows). */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvTable['encoding'] } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (Node's decoder treats them as Latin-1).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** Parses the whole file; an empty file gives no header and no rows. */
export function parseCsv(bytes: Buffer): CsvTable {
  const { text, encoding } = decodeCsv(bytes);
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter: ',' });
  const all = parsed.data.filter((row) => !isBlank(row));
  if (all.length === 0) return { header: [], rows: [], encoding };
  return { header: uniqueLabels(all[0]), rows: all.slice(1), encoding };
}

function uniqueLabels(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export const PREVIEW_SAMPLES = 5;

/** One preview row per column: its label, then up to 5 sample values from the first rows. */
export function previewOf(table: CsvTable): string[][] {
  const samples = table.rows.slice(0, PREVIEW_SAMPLES);
  return table.header.map((label, i) => [label, ...samples.map((row) => (row[i] ?? '').trim())]);
}

/** A row as the errors table shows it: its values joined by commas, quoted where needed. */
export function rowText(row: string[]): string {
  return Papa.unparse([row], { newline: '' });
}
