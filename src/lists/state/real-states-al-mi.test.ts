/**
 * The real files of issue 54's states from Alabama to Michigan (../shared/data/real/states)
 * import whole. Each count is made without the state parser: for the CSVs, the rows a plain
 * quote-aware reader here finds under the header; for the workbooks, the figure SOURCE.txt
 * states (rows with a date, counted by whoever copied the file). Five rows of each file, drawn
 * by a fixed seed from the raw cells (the CSV reader here, or the workbook's cells as the
 * spreadsheet reader gives them, before any state config), are found among the records with
 * their name, NPI and date.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { openXlsx } from '../core/xlsx';
import { hasRealData, real, runAll, SKIP_REAL } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));

/** A plain CSV reader: quoted fields with doubled quotes, any line end. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      rows.push([...row, field]);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** The raw cells of a file's table: the header row found by a name it holds, and the rows under it. */
async function rawTable(file: string, headerHas: string, sheet?: string): Promise<{ header: string[]; rows: string[][] }> {
  let all: string[][];
  if (file.endsWith('.csv')) all = csvRows(readFileSync(real(file), 'utf8').replace(/^\uFEFF/, ''));
  else {
    const book = await openXlsx(real(file), file);
    all = [];
    for await (const batch of book.rowBatches(sheet ?? book.sheetNames[0])) for (const { cells } of batch) all.push(cells);
    await book.close();
  }
  const at = all.findIndex((r) => r.some((c) => c.trim() === headerHas));
  return { header: all[at].map((h) => h.trim()), rows: all.slice(at + 1) };
}

/** A date cell as ISO: a spreadsheet serial, m/d/yyyy or yyyy-mm-dd. */
function isoOf(value: string): string | null {
  const v = value.trim();
  if (/^\d{5}(\.0+)?$/.test(v)) return new Date(Date.UTC(1899, 11, 30) + Number(v) * 86_400_000).toISOString().slice(0, 10);
  const m = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (m) return `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return /^\d{4}-\d\d-\d\d$/.test(v) ? v : null;
}

/** Five distinct row numbers in [0, n), the same on every run (a linear congruential draw). */
function fiveOf(n: number, seed: number): number[] {
  const picks = new Set<number>();
  let x = seed;
  while (picks.size < Math.min(5, n)) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    picks.add(x % n);
  }
  return [...picks];
}

interface Case {
  id: string;
  file: string;
  /** How the count was made, and the count. */
  method: string;
  rows: () => Promise<number> | number;
  /** Identical rows the agency repeated and rows that cannot be read (named in the report). */
  refused: number;
  /** Columns of the raw table: the one to find the header by, the name cells, the NPI and date cells. */
  names: string[];
  npi?: string;
  date?: string;
  sheet?: string;
}

const csvCount = (file: string) => async () => (await rawTable(file, file.includes('AK') ? 'Last Name' : file.includes('AR') ? 'Provider Name' : 'Sanctioned Provider Name')).rows.length;

const CASES: Case[] = [
  // SOURCE.txt's 2,086 counts the serial dates of column B; one more row (Mason, Harold) has its date as text " 11/18/2021".
  { id: 'state-al', file: 'states/AL/Alabama.xlsx', method: 'SOURCE.txt: rows with a date in column B', rows: () => 2086 + 1, refused: 0, names: ['NAME OF PROVIDER'], date: 'SUSPENSION' },
  { id: 'state-ak', file: 'states/AK/Alaska.csv', method: 'CSV rows under the header (reader here)', rows: csvCount('states/AK/Alaska.csv'), refused: 0, names: ['Last Name', 'First Name'], date: 'Exclusion Date' },
  // One row repeated whole, one with no name (only a division and a town), one whose quotes the agency broke (""Memphis TN,"").
  { id: 'state-ar', file: 'states/AR/Arkansas.csv', method: 'CSV rows under the header (reader here)', rows: csvCount('states/AR/Arkansas.csv'), refused: 3, names: ['Provider Name', 'Facility Name'] },
  // One row repeated whole (line 204 = line 194).
  { id: 'state-co', file: 'states/CO/Colorado.xlsx', method: 'SOURCE.txt: data rows', rows: () => 318, refused: 1, names: ['Provider Name'], npi: 'NPI', date: 'Termination Effective Date' },
  { id: 'state-ct', file: 'states/CT/Connecticut.xlsx', method: 'SOURCE.txt: data rows', rows: () => 89, refused: 0, names: ['Name', 'Business'], date: 'Effective Date' },
  // 19 rows the PDF-to-CSV conversion wrote twice (the same cells but Year and Source Page).
  { id: 'state-de', file: 'states/DE/Delaware.csv', method: 'CSV rows under the header (reader here)', rows: csvCount('states/DE/Delaware.csv'), refused: 19, names: ['Sanctioned Provider Name'], npi: 'NPI #', date: 'Effective Date' },
  // Two rows repeated whole.
  { id: 'state-md', file: 'states/MD/Maryland.xlsx', method: 'SOURCE.txt: records with a sanction date', rows: () => 1605, refused: 2, names: ['LAST NAME/ORGANIZATION', 'FIRST NAME'], npi: 'NPI', date: 'TERMINATION/SANCTION DATE' },
  { id: 'state-ma', file: 'states/MA/Massachusetts.xlsx', method: 'SOURCE.txt: 294 + 5 data rows', rows: () => 294 + 5, refused: 0, names: ['Provider Name'], npi: 'National Provider Identifier (NPI)', date: 'Suspension/Exclusion Effective Date', sheet: 'Exclusions List' },
  { id: 'state-mi', file: 'states/MI/Michigan.xlsx', method: 'SOURCE.txt: data rows', rows: () => 3982, refused: 0, names: ['Entity Name', 'Last Name', 'First Name'], npi: 'NPI#', date: 'Sanction Date1' },
];

const words = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

describe.skipIf(!hasRealData)(`the real files of Alabama to Michigan (${SKIP_REAL})`, () => {
  it.each(CASES)('$id: $file imports every row ($method), and five drawn rows are found', async (c) => {
    const { records, run } = await runAll(parseStateList(configs.get(c.id) as StateListConfig, [real(c.file)]));
    const errors = run.rejected.filter((r) => r.severity === 'error');
    const expected = (await c.rows()) - c.refused;
    expect({ refused: errors.length, within1Percent: Math.abs(records.length - expected) <= expected * 0.01 }).toEqual({ refused: c.refused, within1Percent: true });
    expect(records.every((r) => r.source === c.id)).toBe(true);

    const table = await rawTable(c.file, c.names[0], c.sheet);
    const col = (name: string) => table.header.indexOf(name);
    const named = table.rows.filter((r) => c.names.some((n) => (r[col(n)] ?? '').trim() !== '' && (r[col(n)] ?? '').trim() !== ',') && (!c.date || isoOf(r[col(c.date)] ?? '') !== null));
    for (const i of fiveOf(named.length, 20_260_601)) {
      const row = named[i];
      const text = words(c.names.map((n) => row[col(n)] ?? '').join(' '));
      const npi = c.npi ? (row[col(c.npi)] ?? '').match(/\d{10}/)?.[0] ?? null : undefined;
      const date = c.date ? isoOf(row[col(c.date)]) : undefined;
      const found = records.find((r: ListRecord) => {
        const parts = r.kind === 'business' ? [r.businessName] : [r.lastName, r.firstName];
        const given = parts.filter((p): p is string => Boolean(p));
        return given.length > 0 && given.every((p) => text.includes(words(p))) && (date === undefined || r.exclusionDate === date) && (npi === undefined || r.npi === npi);
      });
      expect(found, `${c.id} row ${JSON.stringify(row.slice(0, 8))}`).toBeDefined();
    }
  });
});
