import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { biffRecord, oleFile, XlsWriter } from '../../../scripts/gen-lists/xls-writer';
import { rkValue } from './xls-biff';
import { openXls } from './xls';
import { WorkbookError, type SheetRow } from './xls-shared';

const dir = mkdtempSync(join(tmpdir(), 'xls-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const u16 = (...values: number[]): Buffer => Buffer.from(new Uint16Array(values).buffer);
const u32 = (value: number): Buffer => Buffer.from(new Uint32Array([value]).buffer);
const f64 = (value: number): Buffer => Buffer.from(new Float64Array([value]).buffer);
const text16 = (text: string): Buffer => Buffer.concat([u16(text.length), Buffer.from([1]), Buffer.from(text, 'utf16le')]);
const BOF = (kind: number): Buffer => biffRecord(0x0809, Buffer.concat([u16(0x0600, kind, 0x0dbb, 0x07cc), u32(0), u32(0)]));
const EOF = biffRecord(0x000a, Buffer.alloc(0));

function save(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function rowsOf(path: string, sheet?: string): Promise<SheetRow[]> {
  const workbook = await openXls(path, basename(path));
  const rows: SheetRow[] = [];
  try {
    for await (const batch of workbook.rowBatches(sheet ?? workbook.sheetNames[0])) rows.push(...batch);
  } finally {
    await workbook.close();
  }
  return rows;
}

/** A workbook stream with the records the generator does not write: LABEL, FORMULA + STRING, BOOLERR, MULBLANK, the 1904 system. */
function handMadeStream(): Buffer {
  const sheet = Buffer.concat([
    BOF(0x0010),
    biffRecord(0x0204, Buffer.concat([u16(0, 0, 0), text16('Name')])), // LABEL
    biffRecord(0x0204, Buffer.concat([u16(0, 1, 0), text16('When')])),
    biffRecord(0x0006, Buffer.concat([u16(1, 0, 0), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), u16(0), u32(0), u16(0)])), // FORMULA, string result
    biffRecord(0x04bc, Buffer.alloc(10)), // SHRFMLA between a formula and its STRING
    biffRecord(0x0207, text16('FROM A FORMULA')), // STRING
    biffRecord(0x0006, Buffer.concat([u16(1, 1, 1), f64(0), u16(0), u32(0), u16(0)])), // FORMULA, number result, date XF
    biffRecord(0x0205, Buffer.concat([u16(1, 2, 0), Buffer.from([1, 0])])), // BOOLERR: TRUE
    biffRecord(0x0205, Buffer.concat([u16(1, 3, 0), Buffer.from([0x2a, 1])])), // BOOLERR: #N/A
    biffRecord(0x00be, Buffer.concat([u16(2, 0, 0, 0, 1)])), // MULBLANK: an empty row
    biffRecord(0x027e, Buffer.concat([u16(3, 4, 0), u32(((1234 << 2) | 0x03) >>> 0)])), // RK, x100 integer: 12.34
    biffRecord(0x0203, Buffer.concat([u16(3, 1, 1), f64(43875)])), // NUMBER with the date XF
    EOF,
  ]);
  const globals = (offset: number): Buffer =>
    Buffer.concat([
      BOF(0x0005),
      biffRecord(0x0022, u16(1)), // DATEMODE: 1904
      biffRecord(0x041e, Buffer.concat([u16(170), text16('d\\-mmm\\-yyyy')])), // FORMAT
      biffRecord(0x00e0, Buffer.concat([u16(0, 0, 0), Buffer.alloc(14)])), // XF 0: General
      biffRecord(0x00e0, Buffer.concat([u16(0, 170, 0), Buffer.alloc(14)])), // XF 1: the custom date format
      biffRecord(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0, 5, 0]), Buffer.from('Hand1')])),
      EOF,
    ]);
  return Buffer.concat([globals(globals(0).length), sheet]);
}

describe('XLS (BIFF8) reader', () => {
  it('reads what the generator writes: shared strings split over CONTINUE records (mid-string too), RK/MULRK/NUMBER, dates, sheets in order', async () => {
    const book = new XlsWriter();
    book.addSheet('EXCEL_Destination');
    book.writeRow(['LastName', 'NPI', 'StartDate', 'AddDate', 'Amount']);
    const long = (i: number): string => `${i % 2 ? 'ÉLISE' : 'ELISE'} ${String(i).padStart(5, '0')} ${'X'.repeat(300)}`;
    for (let i = 0; i < 200; i += 1) book.writeRow([long(i), 1000000000 + i, { date: '2024-02-20' }, { date: '1900-01-01' }, i === 0 ? -2.5 : i]);
    book.addSheet('Second');
    book.writeRow([null, 'b']);
    const path = join(dir, 'generated.xls');
    book.save(path);
    const rows = await rowsOf(path);
    expect(rows).toHaveLength(201);
    expect(rows[1]).toEqual({ row: 2, cells: [long(0), '1000000000', '02/20/2024', '01/01/1900', '-2.5'] });
    expect(rows[200]).toEqual({ row: 201, cells: [long(199), '1000000199', '02/20/2024', '01/01/1900', '199'] });
    expect(rows.every((r, i) => i === 0 || r.cells[0] === long(i - 1))).toBe(true);
    expect(await rowsOf(path, 'Second')).toEqual([{ row: 1, cells: ['', 'b'] }]);
  });

  it('reads LABEL, formula results (text from the STRING record, numbers), booleans, errors, x100 RK numbers and 1904 dates, from the mini stream', async () => {
    const path = save('hand.xls', oleFile(handMadeStream(), { isMini: true }));
    expect(await rowsOf(path)).toEqual([
      { row: 1, cells: ['Name', 'When'] },
      { row: 2, cells: ['FROM A FORMULA', '01/01/1904', 'TRUE', '#N/A'] },
      { row: 4, cells: ['', '02/15/2024', '', '', '12.34'] },
    ]);
  });

  it('reads a file another program wrote (xlwt, see scripts/gen-lists/third-party-fixtures.py)', async () => {
    const rows = await rowsOf(new URL('../state/fixtures/tx-xlwt.xls', import.meta.url).pathname);
    expect(rows[1].cells.slice(0, 9)).toEqual(['OKAFOR', 'DANIEL', 'T', 'OKAFOR FAMILY CLINIC', 'PHYSICIAN', 'MD998877', '1000000020', '02/20/2024', '02/25/2024']);
  });

  it('decodes RK numbers', () => {
    expect(rkValue(((-7 << 2) | 2) >>> 0)).toBe(-7);
    expect(rkValue(0x3ff00000)).toBe(1); // the top 30 bits of the double 1.0
    expect(rkValue(0x3ff00001)).toBe(0.01);
  });

  it('refuses a file that is not OLE2, a truncated one, one without a Workbook stream, a BIFF5 and an encrypted workbook, naming the file', async () => {
    await expect(openXls(save('text.xls', Buffer.from('LastName,FirstName\r\n'.repeat(40))), 'text.xls')).rejects.toThrow('text.xls is not a readable XLS workbook: not an OLE2 compound file');
    const big = new XlsWriter();
    big.addSheet('S');
    for (let i = 0; i < 2000; i += 1) big.writeRow([`ROW ${i}`, i]);
    const whole = oleFile(big.workbookStream());
    const cut = save('cut.xls', whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(rowsOf(cut)).rejects.toThrow(WorkbookError);
    await expect(rowsOf(cut)).rejects.toThrow(/^cut\.xls is not a readable XLS workbook/);
    const renamed = Buffer.from(whole);
    const at = renamed.indexOf(Buffer.from('Workbook', 'utf16le'));
    Buffer.from('Workbooq', 'utf16le').copy(renamed, at);
    await expect(openXls(save('nowb.xls', renamed), 'nowb.xls')).rejects.toThrow('nowb.xls is not a readable XLS workbook: an OLE2 file without a Workbook stream (not an Excel workbook)');
    const biff5 = Buffer.concat([biffRecord(0x0809, Buffer.concat([u16(0x0500, 0x0005), Buffer.alloc(4)])), EOF]);
    await expect(openXls(save('old.xls', oleFile(biff5)), 'old.xls')).rejects.toThrow('old.xls is not a readable XLS workbook: an Excel 5/95 (BIFF5) or older workbook; save it as .xlsx or as CSV');
    const locked = Buffer.concat([BOF(0x0005), biffRecord(0x002f, Buffer.alloc(6)), EOF]);
    await expect(openXls(save('locked.xls', oleFile(locked)), 'locked.xls')).rejects.toThrow('locked.xls is not a readable XLS workbook: the workbook is password-protected (save it without a password)');
    await expect(rowsOf(save('good.xls', whole), 'Nope')).rejects.toThrow('good.xls has no sheet "Nope" (its sheets: "S")');
    expect(readFileSync(join(dir, 'good.xls')).length).toBeGreaterThan(4096);
  });
});
