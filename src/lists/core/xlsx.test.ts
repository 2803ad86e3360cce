import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxWriter, dateSerial } from '../../../scripts/gen-lists/xlsx-writer';
import { ZipWriter } from '../../../scripts/gen-lists/zip-writer';
import { fileKindOf, numberStyleOf, serialToDate, WorkbookError, type SheetRow } from './xls-shared';
import { openXlsx } from './xlsx';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook made of hand-written parts, to reach what a writer would not produce. */
function rawWorkbook(name: string, parts: { sheet: string; strings?: string; styles?: string; workbookPr?: string; noRels?: boolean }): string {
  const path = join(dir, name);
  const zip = new ZipWriter(path);
  zip.add('xl/workbook.xml', `<workbook ${NS}>${parts.workbookPr ?? ''}<sheets><sheet name="Data" sheetId="1" r:id="rId7"/></sheets></workbook>`);
  if (!parts.noRels) {
    zip.add(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    );
  }
  zip.add(parts.noRels ? 'xl/worksheets/sheet1.xml' : 'xl/worksheets/data.xml', `<worksheet ${NS}><sheetData>${parts.sheet}</sheetData></worksheet>`);
  if (parts.strings) zip.add(parts.noRels ? 'xl/sharedStrings.xml' : 'xl/strings.xml', `<sst ${NS}>${parts.strings}</sst>`);
  if (parts.styles) zip.add(parts.noRels ? 'xl/styles.xml' : 'xl/styles.xml', `<styleSheet ${NS}>${parts.styles}</styleSheet>`);
  zip.close();
  return path;
}

async function rowsOf(path: string, sheet = 'Data'): Promise<SheetRow[]> {
  const workbook = await openXlsx(path, basename(path));
  const rows: SheetRow[] = [];
  for await (const batch of workbook.rowBatches(sheet)) rows.push(...batch);
  return rows;
}

// cellXfs: 0 General, 1 built-in 14, 2 custom dd/mm/yyyy, 3 time only, 4 zip code, 5 custom with literals.
const STYLES =
  '<numFmts count="4"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="h:mm"/><numFmt numFmtId="166" formatCode="00000"/><numFmt numFmtId="167" formatCode="[$-409]mmm\\ d&quot;, &quot;yyyy"/></numFmts>' +
  '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="167"/></cellXfs>';

describe('XLSX reader', () => {
  it('reads shared strings (rich text runs joined, phonetic guides left out), inline strings, formulas, booleans and errors', async () => {
    const path = rawWorkbook('types.xlsx', {
      strings: '<si><t>Provider Name</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">O&apos;NEIL, </t></r><r><t>ANN</t></r><rPh><t>ignored</t></rPh></si><si><t>LINE_x000D_BREAK</t></si>',
      sheet:
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>inline &amp; text</t></is></c><c r="C2" t="str"><f>UPPER("x")</f><v>X</v></c><c r="D2" t="b"><v>1</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="s"><v>2</v></c></row>',
    });
    expect(await rowsOf(path)).toEqual([
      { row: 1, cells: ['Provider Name'] },
      { row: 2, cells: ["O'NEIL, ANN", 'inline & text', 'X', 'TRUE', '#N/A', 'LINE\rBREAK'] },
    ]);
  });

  it('puts cells in the column of their reference, skips empty rows, and numbers rows and cells without references in order', async () => {
    const path = rawWorkbook('gaps.xlsx', {
      sheet:
        '<row r="3"><c r="B3" t="inlineStr"><is><t>b</t></is></c><c r="E3"><v>42</v></c></row>' +
        '<row r="4" spans="1:5"/>' +
        '<row r="7"><c r="AA7"><v>1</v></c></row>' +
        '<row><c><v>1.5</v></c><c><v>0.30000000000000004</v></c><c><v>1E+20</v></c></row>',
    });
    const rows = await rowsOf(path);
    expect(rows[0]).toEqual({ row: 3, cells: ['', 'b', '', '', '42'] });
    expect(rows[1].row).toBe(7);
    expect(rows[1].cells).toHaveLength(27);
    expect(rows[1].cells[26]).toBe('1');
    expect(rows[2]).toEqual({ row: 8, cells: ['1.5', '0.3', '100000000000000000000'] });
  });

  it('shows numbers in date formats as MM/DD/YYYY (built-in and custom formats), keeps times and zero-padded codes apart', async () => {
    const path = rawWorkbook('dates.xlsx', {
      styles: STYLES,
      sheet: `<row r="1"><c r="A1" s="1"><v>${dateSerial('2024-02-15')}</v></c><c r="B1" s="2"><v>45292.75</v></c><c r="C1" s="3"><v>0.5</v></c><c r="D1" s="4"><v>2134</v></c><c r="E1" s="5"><v>59</v></c><c r="F1" s="1"><v>60</v></c><c r="G1" s="1"><v>61</v></c><c r="H1" s="1"><v>1</v></c></row>`,
    });
    expect((await rowsOf(path))[0].cells).toEqual(['02/15/2024', '01/01/2024', '0.5', '02134', '02/28/1900', '02/29/1900', '03/01/1900', '01/01/1900']);
  });

  it('counts days from 1904-01-01 when the workbook uses the 1904 date system', async () => {
    const path = rawWorkbook('d1904.xlsx', { styles: STYLES, workbookPr: '<workbookPr date1904="1"/>', sheet: `<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="2"><v>${dateSerial('2024-02-15', true)}</v></c></row>` });
    expect((await rowsOf(path))[0].cells).toEqual(['01/01/1904', '02/15/2024']);
    expect(dateSerial('2024-02-15') - dateSerial('2024-02-15', true)).toBe(1462);
  });

  it('finds the parts by their default names when the workbook has no relationships part', async () => {
    const path = rawWorkbook('norels.xlsx', { noRels: true, strings: '<si><t>hello</t></si>', sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' });
    expect(await rowsOf(path)).toEqual([{ row: 1, cells: ['hello'] }]);
  });

  it('round-trips the generator workbook: sheets in order, shared and (past the cap) inline strings, 1904 dates', async () => {
    const path = join(dir, 'written.xlsx');
    const book = new XlsxWriter(path, { date1904: true, dateStyle: 'custom', maxShared: 2 });
    book.addSheet('Notes');
    book.writeRow(['read me']);
    book.addSheet('Data');
    book.writeRow(['A', 'B', 'C', 'D']);
    book.writeRow(['x < y & "z"', null, 7, { date: '1999-12-31' }]);
    book.writeRow([' padded ', 'tab\there', 'a_x0041_b', '']);
    book.close();
    const workbook = await openXlsx(path, 'written.xlsx');
    expect(workbook.sheetNames).toEqual(['Notes', 'Data']);
    expect(await rowsOf(path)).toEqual([
      { row: 1, cells: ['A', 'B', 'C', 'D'] },
      { row: 2, cells: ['x < y & "z"', '', '7', '12/31/1999'] },
      { row: 3, cells: [' padded ', 'tab\there', 'a_x0041_b'] },
    ]);
    expect(readFileSync(path).includes(Buffer.from('inlineStr'))).toBe(false); // compressed
  });

  it('refuses a file that is not a ZIP, a truncated one, a damaged entry and a missing sheet, naming the file', async () => {
    const good = readFileSync(join(dir, 'types.xlsx'));
    const text = join(dir, 'text.xlsx');
    writeFileSync(text, 'Provider Name,NPI\r\n');
    await expect(openXlsx(text, 'text.xlsx')).rejects.toThrow(/^text\.xlsx is not a readable XLSX workbook: no ZIP central directory/);
    const cut = join(dir, 'cut.xlsx');
    writeFileSync(cut, good.subarray(0, good.length - 200));
    await expect(openXlsx(cut, 'cut.xlsx')).rejects.toThrow(WorkbookError);
    await expect(openXlsx(cut, 'cut.xlsx')).rejects.toThrow(/cut\.xlsx is not a readable XLSX workbook/);
    const damaged = Buffer.from(good);
    const at = damaged.indexOf(Buffer.from('xl/worksheets/data.xml')) + 'xl/worksheets/data.xml'.length + 10;
    damaged[at] ^= 0xff;
    const bad = join(dir, 'bad.xlsx');
    writeFileSync(bad, damaged);
    await expect(rowsOf(bad)).rejects.toThrow(/bad\.xlsx is not a readable XLSX workbook: xl\/worksheets\/data\.xml: damaged data/);
    await expect(rowsOf(join(dir, 'types.xlsx'), 'Individuals')).rejects.toThrow('types.xlsx has no sheet "Individuals" (its sheets: "Data")');
  });
});

describe('spreadsheet helpers', () => {
  it('tells files apart by their first bytes', () => {
    expect(fileKindOf(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('xlsx');
    expect(fileKindOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(fileKindOf(Buffer.from('Provider Name'))).toBe('text');
    expect(fileKindOf(Buffer.alloc(0))).toBe('text');
  });

  it('knows date formats from their codes', () => {
    expect(numberStyleOf(14, undefined)).toBe('date');
    expect(numberStyleOf(0, undefined)).toBe('number');
    expect(numberStyleOf(164, 'yyyy-mm-dd')).toBe('date');
    expect(numberStyleOf(165, '[h]:mm:ss')).toBe('number');
    expect(numberStyleOf(166, '"Day "0')).toBe('number');
    expect(numberStyleOf(167, '#,##0.00')).toBe('number');
    expect(numberStyleOf(168, '000000000')).toEqual({ zeros: 9 });
  });

  it('turns serial days into dates in both systems', () => {
    expect(serialToDate(45337, false)).toBe('02/15/2024');
    expect(serialToDate(43875, true)).toBe('02/15/2024');
    expect(serialToDate(0, false)).toBe('0');
    expect(serialToDate(-3, true)).toBe('-3');
  });
});
