/**
 * The sheet picker's reader (issue 18): every sheet of a generated workbook counted, the default
 * sheet chosen and said, the sheet asked for read, and bad workbooks (no data anywhere, hidden
 * sheets, a sheet as long as Excel allows, formulas, merged header cells) told clearly.
 */
import { describe, expect, it } from 'vitest';
import { SHEET_MESSAGES } from '#shared/messages';
import { messyRoster } from '#test/messy-rosters';
import { COVER_ROWS, EXCEL_MAX_ROWS, LOOKUP_ROWS, rosterRows, writeWorkbook } from '#test/workbooks';
import { CsvRefusal, MAX_LINE_CHARS, MAX_VALUE_CHARS } from './csv-shape';
import { parseXlsx, summarizeXlsx } from './xlsx-upload';

const LIMITS = { maxColumns: 500, maxValueChars: MAX_VALUE_CHARS, maxLineChars: MAX_LINE_CHARS };
const MAX_ROWS = 200_000;
const roster = messyRoster({ rows: 30, seed: 7, npiShare: 0.4 });
const names = (preview: string[][]) => preview.map((column) => column[0]);

async function refusalOf(work: Promise<unknown>): Promise<CsvRefusal> {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CsvRefusal);
  return error as CsvRefusal;
}

describe('a workbook with several sheets', () => {
  const bytes = writeWorkbook([
    { name: 'Cover', rows: COVER_ROWS },
    { name: 'Staff', rows: rosterRows(roster) },
    { name: 'Lookups', rows: LOOKUP_ROWS },
  ]);

  it('lists every sheet with its rows and reads the one that looks like a roster, saying why', async () => {
    const summary = await summarizeXlsx(bytes, LIMITS, null, MAX_ROWS);
    expect(summary.format.sheet).toBe('Staff');
    expect(summary.format.sheetDetails).toEqual([
      { name: 'Cover', rows: 2, isHidden: false, problem: null },
      { name: 'Staff', rows: 30, isHidden: false, problem: null },
      { name: 'Lookups', rows: 2, isHidden: false, problem: null },
    ]);
    expect(summary.format.sheetReason).toBe(SHEET_MESSAGES.chosenAsRoster('Staff', ['First Name', 'Last Name', 'Date of Birth', 'NPI', 'SSN']));
    expect(summary.rowCount).toBe(30);
    expect(names(summary.previewData)).toEqual(roster.header);
  });

  it('reads the sheet asked for, for the preview and for every row', async () => {
    const summary = await summarizeXlsx(bytes, LIMITS, 'Lookups', MAX_ROWS);
    expect(summary).toMatchObject({ header: ['Department', 'Cost centre'], rowCount: 2, format: { sheet: 'Lookups', sheetReason: null } });
    const table = await parseXlsx(bytes, LIMITS, 'Lookups');
    expect(table.rows).toEqual([['Nursing', '100'], ['Pharmacy', '200']]);
    const staff = await parseXlsx(bytes, LIMITS, 'Staff');
    expect(staff.rows.map((r) => r[0])).toEqual(roster.rows.map((r) => r[0]));
  });

  it('takes the first sheet with rows when no header looks like a roster, and reads the first sheet with rows for a batch from before the picker', async () => {
    const plain = writeWorkbook([{ name: 'Empty' }, { name: 'A', rows: LOOKUP_ROWS }, { name: 'B', rows: [['Code'], ['x']] }]);
    const summary = await summarizeXlsx(plain, LIMITS, null, MAX_ROWS);
    expect(summary.format).toMatchObject({ sheet: 'A', sheetReason: SHEET_MESSAGES.chosenAsFirst('A') });
    expect(summary.format.sheetDetails![0]).toEqual({ name: 'Empty', rows: 0, isHidden: false, problem: SHEET_MESSAGES.empty('Empty') });
    expect((await parseXlsx(plain, LIMITS, null)).format.sheet).toBe('A');
  });

  it('refuses a sheet the workbook lacks, listing its sheets, on the "sheet" field', async () => {
    const refusal = await refusalOf(summarizeXlsx(bytes, LIMITS, 'Sheet9', MAX_ROWS));
    expect(refusal).toMatchObject({ message: 'The workbook has no sheet “Sheet9”. Its sheets: “Cover”, “Staff”, “Lookups”.', status: 400, field: 'sheet' });
  });
});

describe('bad workbooks: a clear message, nothing lost', () => {
  it('no data on any sheet', async () => {
    const bytes = writeWorkbook([{ name: 'Sheet1' }, { name: 'Sheet2' }]);
    const refusal = await refusalOf(summarizeXlsx(bytes, LIMITS, null, MAX_ROWS));
    expect(refusal.message).toBe(SHEET_MESSAGES.noDataOnAnySheet(['Sheet1', 'Sheet2']));
    expect(refusal.message).toContain('no rows on any of its 2 sheets (“Sheet1”, “Sheet2”)');
  });

  it('a header-only sheet is listed with why it cannot be screened, and asking for it says so', async () => {
    const bytes = writeWorkbook([{ name: 'Template', rows: [roster.header] }, { name: 'Staff', rows: rosterRows(roster) }]);
    const summary = await summarizeXlsx(bytes, LIMITS, null, MAX_ROWS);
    expect(summary.format.sheet).toBe('Staff');
    expect(summary.format.sheetDetails![0].problem).toBe('The sheet “Template” has a header row but no data rows.');
    expect((await refusalOf(summarizeXlsx(bytes, LIMITS, 'Template', MAX_ROWS))).message).toBe(SHEET_MESSAGES.headerOnly('Template'));
  });

  it('hidden sheets are listed as hidden and never the default while a visible sheet has rows; they can still be chosen', async () => {
    const bytes = writeWorkbook([
      { name: 'Old roster', rows: rosterRows(roster), hidden: true },
      { name: 'Staff', rows: rosterRows(messyRoster({ rows: 5, seed: 8 })) },
    ]);
    const summary = await summarizeXlsx(bytes, LIMITS, null, MAX_ROWS);
    expect(summary.format.sheet).toBe('Staff');
    expect(summary.format.sheetDetails!.map((s) => [s.name, s.isHidden, s.rows])).toEqual([
      ['Old roster', true, 30],
      ['Staff', false, 5],
    ]);
    const hidden = await summarizeXlsx(bytes, LIMITS, 'Old roster', MAX_ROWS);
    expect(hidden).toMatchObject({ rowCount: 30, format: { sheet: 'Old roster', notes: [SHEET_MESSAGES.hiddenSheet('Old roster')] } });
    const onlyHidden = writeWorkbook([{ name: 'Cover' }, { name: 'Data', rows: rosterRows(roster), hidden: true }]);
    expect((await summarizeXlsx(onlyHidden, LIMITS, null, MAX_ROWS)).format).toMatchObject({ sheet: 'Data', sheetReason: SHEET_MESSAGES.onlyHidden('Data') });
  });

  it('a sheet that reaches Excel’s last row (1,048,576) is listed as too long, the roster beside it still read', async () => {
    const bytes = writeWorkbook([
      { name: 'Export', rows: [['Counter']], numberRows: EXCEL_MAX_ROWS - 1 },
      { name: 'Staff', rows: rosterRows(roster) },
    ]);
    const summary = await summarizeXlsx(bytes, LIMITS, null, MAX_ROWS);
    expect(summary.format.sheet).toBe('Staff');
    expect(summary.format.sheetDetails![0]).toEqual({ name: 'Export', rows: MAX_ROWS + 1, isHidden: false, problem: SHEET_MESSAGES.tooManyRows('Export', MAX_ROWS) });
    const refusal = await refusalOf(summarizeXlsx(bytes, LIMITS, 'Export', MAX_ROWS));
    expect(refusal).toMatchObject({ message: 'The sheet “Export” has more than 200,000 rows; a batch can have at most 200,000. Split it into smaller sheets or files.', field: 'sheet' });
  }, 120_000);

  it('formulas read as the values Excel calculated; formulas never calculated and formula errors read as empty and are told', async () => {
    const bytes = writeWorkbook([
      {
        name: 'Staff',
        rows: [
          ['First Name', 'Last Name', 'Full Name', 'NPI'],
          ['Ann', 'Lee', { formula: 'A2&" "&B2', value: 'Ann Lee' }, { formula: 'VLOOKUP(B2,Lookups!A:B,2,0)', value: 1234567893 }],
          ['Bo', 'Ray', { formula: 'A3&" "&B3' }, { formula: 'VLOOKUP(B3,Lookups!A:B,2,0)', error: '#N/A' }],
        ],
      },
    ]);
    const table = await parseXlsx(bytes, LIMITS, 'Staff');
    expect(table.rows).toEqual([
      ['Ann', 'Lee', 'Ann Lee', '1234567893'],
      ['Bo', 'Ray', '', ''],
    ]);
    const summary = await summarizeXlsx(bytes, LIMITS, null, MAX_ROWS);
    expect(summary.format.notes).toEqual([SHEET_MESSAGES.uncalculated(1, ['C3']), SHEET_MESSAGES.formulaErrors(1, ['#N/A in D3'])]);
  });

  it('a title across merged cells is skipped; merged group headers over sub-labels make one header; a merged header cell labels each column', async () => {
    const titled = writeWorkbook([
      {
        name: 'Staff',
        rows: [['Staff roster, March 2026'], ['ID', 'Name', null, 'NPI'], [null, 'First', 'Last'], ['E-1', 'Ann', 'Lee', '1234567893'], ['E-2', 'Bo', 'Ray', '']],
        merges: ['A1:D1', 'B2:C2', 'A2:A3', 'D2:D3'],
      },
    ]);
    const summary = await summarizeXlsx(titled, LIMITS, null, MAX_ROWS);
    expect(summary.header).toEqual(['ID', 'First (Name)', 'Last (Name)', 'NPI']);
    expect(summary.rowCount).toBe(2);
    expect(summary.format.notes).toEqual([SHEET_MESSAGES.titleRow(1, 'Staff roster, March 2026', 2), SHEET_MESSAGES.twoRowHeader(2, ['First (Name)', 'Last (Name)'])]);
    expect((await parseXlsx(titled, LIMITS, 'Staff')).rows).toEqual([
      ['E-1', 'Ann', 'Lee', '1234567893'],
      ['E-2', 'Bo', 'Ray', ''],
    ]);
    const merged = writeWorkbook([{ name: 'Staff', rows: [['Name', null, 'NPI'], ['Ann', 'Lee', '1234567893']], merges: ['A1:B1'] }]);
    const plain = await summarizeXlsx(merged, LIMITS, null, MAX_ROWS);
    expect(plain.header).toEqual(['Name', 'Name (2)', 'NPI']);
    expect(plain.format.notes).toEqual([SHEET_MESSAGES.mergedHeader(['Name'])]);
  });
});
