/**
 * Issue 54: the real files of MS, MT, NE, SC, VT, WA, WY, Arizona's State Exclusions workbook
 * and the full California and Texas files import whole. Each expected count is made without the
 * state parser: the table's non-empty rows under the header read with the plain workbook reader
 * (less what SOURCE.txt says is not a record), the CSV's records cut by a quote-aware splitter
 * written here, or the dates in a PDF's date column counted from pdf.js's text positions. Five
 * rows per file, picked with a fixed seed, are checked against the parsed records (name, NPI or
 * number, date).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { readPdfPages } from '../core/pdf-read';
import { hasRealData, real, runAll, SKIP_REAL } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';
import { openWorkbook } from './workbook';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const parse = (id: string, file: string) => runAll(parseStateList(configs.get(id) as StateListConfig, [real(`states/${file}`)]));

/** The rows of a sheet below the header row, as plain cells (the workbook reader alone). */
async function sheetRows(file: string, headerRow: number, sheet?: string): Promise<string[][]> {
  const path = real(`states/${file}`);
  const book = await openWorkbook(file.endsWith('.xls') ? 'xls' : 'xlsx', path, file);
  const rows: string[][] = [];
  for await (const batch of book.rowBatches(sheet ?? book.sheetNames[0])) for (const r of batch) if (r.row > headerRow && r.cells.some((c) => c.trim() !== '')) rows.push(r.cells);
  await book.close();
  return rows;
}

/** CSV records (quotes may hold line breaks), less the header. */
function csvRecords(file: string): string[][] {
  const text = readFileSync(real(`states/${file}`), 'utf8').replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    }
    else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i += 1;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) records.push(fields);
      fields = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || fields.length > 0) records.push([...fields, field]);
  return records.slice(1);
}

/** Text items of a PDF matching `pattern` whose left edge is right of `minX` (a date column). */
async function pdfColumnCount(file: string, pattern: RegExp, minX: number): Promise<number> {
  let n = 0;
  for await (const page of readPdfPages(new Uint8Array(readFileSync(real(`states/${file}`))), file)) for (const t of page.texts) if (pattern.test(t.text.trim()) && t.x0 > minX) n += 1;
  return n;
}

/** Five fixed picks of 0..n-1 (a small linear congruential generator, seed 54). */
function picks(n: number): number[] {
  let s = 54;
  const out = new Set<number>();
  while (out.size < Math.min(5, n)) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    out.add(s % n);
  }
  return [...out];
}

const iso = (mdy: string): string => {
  const [m, d, y] = mdy.trim().split('/');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
};
const words = (text: string): string[] => text.toUpperCase().split(/[^A-Z0-9']+/).filter((w) => w.length > 1);

/** A parsed record whose name words are all in the raw name cell, with the raw date (and NPI when it is one). */
function findRecord(records: ListRecord[], name: string, date: string | null, npi?: string): ListRecord | undefined {
  const raw = new Set(words(name));
  return records.find((r) => {
    const own = words([r.businessName, r.firstName, r.lastName].filter(Boolean).join(' '));
    return own.length > 0 && own.every((w) => raw.has(w)) && (date === null || r.exclusionDate === date) && (npi === undefined || !/^\d{10}$/.test(npi.trim()) || r.npi === npi.trim());
  });
}

interface SheetCase {
  id: string;
  file: string;
  /** Independent count of data rows, and the method. */
  rows: () => Promise<string[][]>;
  /** Of those rows, the ones that are not records (why in the comment), and records the rows make. */
  expected: (rows: string[][]) => number;
  /** Name, date (mm/dd/yyyy) and NPI cells of a raw row. */
  cells: (row: string[]) => [name: string, date: string, npi?: string];
}

const SHEETS: SheetCase[] = [
  // SOURCE.txt: 193 non-empty data rows; rows with only a number in the # column are blank records.
  { id: 'state-ms', file: 'MS/Mississippi.xlsx', rows: () => sheetRows('MS/Mississippi.xlsx', 9, 'Sheet1'), expected: (rows) => rows.filter((r) => r.slice(1).some((c) => c.trim() !== '')).length, cells: (r) => [r[3]?.trim() ? r[3] : `${r[4]} ${r[5]}`, r[18], r[13]] },
  // 174 rows, of which the a.k.a. rows belong to the record above.
  { id: 'state-mt', file: 'MT/Montana.xlsx', rows: () => sheetRows('MT/Montana.xlsx', 1), expected: (rows) => rows.filter((r) => !/^a\.?k\.?a/i.test(r[0])).length, cells: (r) => [r[0], r[3], r[2]] },
  { id: 'state-sc', file: 'SC/South Carolina.xlsx', rows: () => sheetRows('SC/South Carolina.xlsx', 3), expected: (rows) => rows.length, cells: (r) => [r[0], r[7], r[1]] },
  // SOURCE.txt's 73 rows count the 9 legend rows below the table (after its blank row).
  { id: 'state-vt', file: 'VT/Vermont.xlsx', rows: () => sheetRows('VT/Vermont.xlsx', 2), expected: (rows) => rows.filter((r) => r.length > 3).length, cells: (r) => [r[2], r[8], r[1]] },
  // A name cell can hold several names, one a line: each is a record.
  { id: 'state-wa', file: 'WA/Washinton.xlsx', rows: () => sheetRows('WA/Washinton.xlsx', 4), expected: (rows) => rows.reduce((n, r) => n + r[0].split('\n').filter((l) => l.trim() !== '').length, 0), cells: (r) => [r[0].split('\n')[0], r[3]] },
  { id: 'state-az-exclusions', file: 'AZ/Arizona.xlsx', rows: () => sheetRows('AZ/Arizona.xlsx', 1), expected: (rows) => rows.length, cells: (r) => [r[1], r[2], r[0]] },
  // SOURCE.txt: 13,344 data rows.
  { id: 'state-tx', file: 'TX/TexasExclusionsData_2026_06_15.xls', rows: () => sheetRows('TX/TexasExclusionsData_2026_06_15.xls', 1), expected: (rows) => rows.length, cells: (r) => [r[0].trim() ? r[0] : `${r[2]} ${r[1]}`, r[7]] },
  // SOURCE.txt: 23,120 records.
  { id: 'state-ca', file: 'CA/California_Exclusion_List.csv', rows: async () => csvRecords('CA/California_Exclusion_List.csv'), expected: (rows) => rows.length, cells: (r) => [/^n\/a$/i.test(r[1]) ? r[0] : `${r[1]} ${r[0]}`, r[8]] },
];

/** Refused rows are only the agency's exact repeats (and a nameless row in Texas). */
function refusedOnly(run: { rejected: readonly { severity?: string; reason: string }[] }): number {
  const errors = run.rejected.filter((r) => r.severity === 'error');
  expect(errors.every((e) => /^duplicate of line \d+|^no name in the row$/.test(e.reason))).toBe(true);
  return errors.length;
}

describe.skipIf(!hasRealData)(`issue 54 real state files import whole (${SKIP_REAL})`, () => {
  it.each(SHEETS)('$id: $file', async ({ id, file, rows, expected, cells }) => {
    const raw = await rows();
    const count = expected(raw);
    const { records, run } = await parse(id, file);
    const refused = refusedOnly(run);
    expect(records.length + refused).toBe(count);
    expect(Math.abs(records.length - count) / count).toBeLessThanOrEqual(0.01);
    const dataRows = raw.filter((r) => r.length > 3 && !/^a\.?k\.?a/i.test(r[0]) && r.slice(1).some((c) => c.trim() !== ''));
    for (const i of picks(dataRows.length)) {
      const [name, date, npi] = cells(dataRows[i]);
      const when = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(date.trim()) ? iso(date) : null;
      expect(findRecord(records, name, when, npi), `${id} row ${i}: ${name} ${date} ${npi ?? ''}`).toBeDefined();
    }
  }, 120_000);

  it.each([
    // Effective Date column (x ≈ 331): 1,391 dates; SOURCE.txt's 1,328 counts the Date Added column, which 63 older rows leave empty.
    { id: 'state-ne', file: 'NE/Nebraska.pdf', date: /^\d{4}-\d{2}-\d{2}$/, minX: 300 },
    // Exclusion Date column (x ≈ 765): 108 dates, the footer's 7/7/2021 on each page left of it.
    { id: 'state-wy', file: 'WY/2021_07_07_Wyoming-Medicaid-Exclusion-List-PDF_AP.pdf', date: /^\d{1,2}\/\d{1,2}\/\d{4}$/, minX: 700 },
  ])('$id: $file (dates in the date column counted by their position)', async ({ id, file, date, minX }) => {
    const count = await pdfColumnCount(file, date, minX);
    const { records, run } = await parse(id, file);
    expect(records.length + refusedOnly(run)).toBe(count);
    const text: string[] = [];
    for await (const page of readPdfPages(new Uint8Array(readFileSync(real(`states/${file}`))), file)) text.push(page.texts.map((t) => t.text).join(' '));
    const all = text.join(' ').toUpperCase();
    for (const i of picks(records.length)) {
      const r = records[i];
      const [y, m, d] = (r.exclusionDate ?? '').split('-');
      expect(all, `${id} record ${i}`).toContain((r.lastName ?? r.businessName ?? '').toUpperCase().split(' ')[0]);
      expect(all).toContain(id === 'state-ne' ? r.exclusionDate : `${+m}/${+d}/${y}`);
      if (r.npi) expect(all).toContain(r.npi);
    }
  }, 120_000);
});
