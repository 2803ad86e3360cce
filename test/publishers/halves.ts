/**
 * Every second record of a list file, for the stand-in's `half` mode: the preamble and header
 * kept (every row up to the first one with three cells or more), then every second row.
 * CSV, tab-separated text without a header, and XLSX; not PDF or legacy XLS (no writer here).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { openXlsx } from '#lists/core/xlsx';
import { writeWorkbook } from '../workbooks';

/** The rows up to the header, then every second row after it. */
export function halveRows<T>(rows: readonly T[], cellsOf: (row: T) => readonly string[]): T[] {
  const header = rows.findIndex((r) => cellsOf(r).filter((c) => c.trim() !== '').length >= 3);
  const keep = header < 0 ? 0 : header + 1;
  return [...rows.slice(0, keep), ...rows.slice(keep).filter((_, i) => i % 2 === 0)];
}

/** A CSV's every second record (a byte-order mark kept). */
export function halveCsv(bytes: Buffer): Buffer {
  let text = bytes.toString('utf8');
  const bom = text.startsWith('\uFEFF');
  if (bom) text = text.slice(1);
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  return Buffer.from(`${bom ? '\uFEFF' : ''}${Papa.unparse(halveRows(rows, (r) => r))}\r\n`, 'utf8');
}

/** A headerless text file's every second line. */
export function halveLines(bytes: Buffer): Buffer {
  const lines = bytes.toString('latin1').split(/\r?\n/).filter((l) => l !== '');
  return Buffer.from(`${lines.filter((_, i) => i % 2 === 0).join('\r\n')}\r\n`, 'latin1');
}

/** A workbook's every second record on every sheet, the cells as the reader displays them. */
export async function halveXlsx(bytes: Buffer): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'halve-'));
  const file = path.join(dir, 'in.xlsx');
  writeFileSync(file, bytes);
  try {
    const book = await openXlsx(file, 'in.xlsx');
    const sheets = [];
    try {
      for (const name of book.sheetNames) {
        const rows: string[][] = [];
        for await (const batch of book.rowBatches(name)) for (const row of batch) rows.push(row.cells);
        sheets.push({ name, rows: halveRows(rows, (r) => r).map((r) => r.map((c) => (c === '' ? null : c))) });
      }
    } finally {
      await book.close();
    }
    return writeWorkbook(sheets);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
