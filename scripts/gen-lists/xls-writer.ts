/**
 * A small deterministic writer of legacy Excel .xls workbooks (BIFF8 in an OLE2 compound
 * file, as Texas HHSC serves its list): text in the shared-string table (SST, split over
 * CONTINUE records the way Excel splits it, mid-string included), integers as RK / MULRK,
 * other numbers as NUMBER, dates as serial numbers with a "mm/dd/yyyy" cell format. A BIFF8
 * sheet holds at most 65,536 rows, so the workbook is built in memory (a few MiB at most).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { dateSerial } from './xlsx-writer';

/** A cell: text, a number, an ISO date (YYYY-MM-DD) shown with the date format, or empty. */
export type XlsCell = string | number | { date: string } | null;

export const XLS_MAX_ROWS = 65_536;
const MAX_RECORD = 8224;
const XF_GENERAL = 15;
const XF_DATE = 16;

/** One BIFF record: type, length, data. */
export function biffRecord(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const u16 = (...values: number[]): Buffer => {
  const b = Buffer.alloc(2 * values.length);
  values.forEach((v, i) => b.writeUInt16LE(v, 2 * i));
  return b;
};
const u32 = (value: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0, 0);
  return b;
};
const isLatin1 = (text: string): boolean => !/[^\x00-\xff]/.test(text);
const chars = (text: string, wide: boolean): Buffer => Buffer.from(text, wide ? 'utf16le' : 'latin1');

/** XLUnicodeString (16-bit length) or, with `short`, ShortXLUnicodeString (8-bit length). */
function unicodeString(text: string, short = false): Buffer {
  const wide = !isLatin1(text);
  return Buffer.concat([short ? Buffer.from([text.length]) : u16(text.length), Buffer.from([wide ? 1 : 0]), chars(text, wide)]);
}

/** An RK value for an integer that fits in 30 bits, else null. */
function rk(value: number): number | null {
  return Number.isInteger(value) && value >= -(2 ** 29) && value < 2 ** 29 ? ((value << 2) | 0x02) >>> 0 : null;
}

/** The SST record and its CONTINUE records: strings are cut at the record limit, a flags byte starting the rest. */
function sstRecords(strings: readonly string[], total: number): Buffer[] {
  const out: Buffer[] = [];
  let parts: Buffer[] = [u32(total), u32(strings.length)];
  let size = 8;
  let type = 0x00fc;
  const flush = (): void => {
    out.push(biffRecord(type, Buffer.concat(parts)));
    type = 0x003c;
    parts = [];
    size = 0;
  };
  for (const text of strings) {
    const wide = !isLatin1(text);
    const width = wide ? 2 : 1;
    if (size + 3 + width > MAX_RECORD) flush(); // the header and a first character stay together
    parts.push(u16(text.length), Buffer.from([wide ? 1 : 0]));
    size += 3;
    let at = 0;
    while (at < text.length) {
      const fit = Math.min(text.length - at, Math.floor((MAX_RECORD - size) / width));
      parts.push(chars(text.slice(at, at + fit), wide));
      size += fit * width;
      at += fit;
      if (at < text.length) {
        flush();
        parts.push(Buffer.from([wide ? 1 : 0]));
        size = 1;
      }
    }
  }
  if (size > 0 || parts.length > 0) flush();
  return out;
}

export class XlsWriter {
  private readonly sheets: { name: string; rows: XlsCell[][] }[] = [];
  private readonly shared = new Map<string, number>();
  private sharedTotal = 0;

  /** Starts a sheet; rows are added with `writeRow`. */
  addSheet(name: string): void {
    this.sheets.push({ name, rows: [] });
  }

  writeRow(cells: readonly XlsCell[]): void {
    const sheet = this.sheets[this.sheets.length - 1];
    if (sheet.rows.length >= XLS_MAX_ROWS) throw new Error(`a BIFF8 sheet holds at most ${XLS_MAX_ROWS} rows`);
    sheet.rows.push([...cells]);
  }

  private sst(text: string): number {
    this.sharedTotal += 1;
    let index = this.shared.get(text);
    if (index === undefined) {
      index = this.shared.size;
      this.shared.set(text, index);
    }
    return index;
  }

  private sheetStream(rows: readonly XlsCell[][]): Buffer {
    const columns = Math.max(1, ...rows.map((r) => r.length));
    const out: Buffer[] = [
      biffRecord(0x0809, Buffer.concat([u16(0x0600, 0x0010, 0x0dbb, 0x07cc), u32(0x000100c1), u32(0x00000406)])),
      biffRecord(0x0200, Buffer.concat([u32(0), u32(rows.length), u16(0, columns, 0)])),
      biffRecord(0x023e, u16(0x06b6, 0, 0, 0x40, 0, 0, 0, 0, 0)),
    ];
    rows.forEach((cells, row) => {
      let run: { col: number; xf: number; rk: number }[] = [];
      const endRun = (): void => {
        if (run.length === 1) out.push(biffRecord(0x027e, Buffer.concat([u16(row, run[0].col, run[0].xf), u32(run[0].rk)])));
        if (run.length > 1) out.push(biffRecord(0x00bd, Buffer.concat([u16(row, run[0].col), ...run.map((c) => Buffer.concat([u16(c.xf), u32(c.rk)])), u16(run[run.length - 1].col)])));
        run = [];
      };
      cells.forEach((cell, col) => {
        if (cell === null || cell === '') return endRun();
        const [value, xf] = typeof cell === 'object' ? [dateSerial(cell.date), XF_DATE] : [cell, XF_GENERAL];
        if (typeof value === 'string') {
          endRun();
          out.push(biffRecord(0x00fd, Buffer.concat([u16(row, col, XF_GENERAL), u32(this.sst(value))])));
          return;
        }
        const asRk = rk(value);
        if (asRk === null) {
          endRun();
          const number = Buffer.alloc(8);
          number.writeDoubleLE(value, 0);
          out.push(biffRecord(0x0203, Buffer.concat([u16(row, col, xf), number])));
          return;
        }
        if (run.length > 0 && run[run.length - 1].col !== col - 1) endRun();
        run.push({ col, xf, rk: asRk });
      });
      endRun();
    });
    out.push(biffRecord(0x000a, Buffer.alloc(0)));
    return Buffer.concat(out);
  }

  private globals(sheetOffsets: readonly number[]): Buffer {
    const font = biffRecord(0x0031, Buffer.concat([u16(200, 0, 0x7fff, 400, 0), Buffer.from([0, 0, 0, 0]), unicodeString('Arial', true)]));
    const xf = (format: number, isStyle: boolean): Buffer =>
      biffRecord(0x00e0, Buffer.concat([u16(0, format, isStyle ? 0xfff5 : 0x0001), Buffer.from([0x20, 0, 0, isStyle ? 0 : 0xf8]), u32(0), u32(0), u16(0x20c0)]));
    const out: Buffer[] = [
      biffRecord(0x0809, Buffer.concat([u16(0x0600, 0x0005, 0x0dbb, 0x07cc), u32(0x000100c1), u32(0x00000406)])),
      biffRecord(0x0042, u16(1200)),
      biffRecord(0x003d, u16(0x0168, 0x001e, 0x4a38, 0x2580, 0x0038, 0, 0, 1, 0x0258)),
      biffRecord(0x0022, u16(0)),
      font, font, font, font,
      biffRecord(0x041e, Buffer.concat([u16(164), unicodeString('mm/dd/yyyy')])),
    ];
    for (let i = 0; i < 15; i += 1) out.push(xf(0, true));
    out.push(xf(0, false), xf(164, false));
    out.push(biffRecord(0x0293, Buffer.concat([u16(0x8000), Buffer.from([0, 0xff])])));
    this.sheets.forEach((sheet, i) => out.push(biffRecord(0x0085, Buffer.concat([u32(sheetOffsets[i]), Buffer.from([0, 0]), unicodeString(sheet.name, true)]))));
    out.push(...sstRecords([...this.shared.keys()], this.sharedTotal));
    out.push(biffRecord(0x000a, Buffer.alloc(0)));
    return Buffer.concat(out);
  }

  /** The Workbook stream: globals, then each sheet at the offset its BOUNDSHEET gives. */
  workbookStream(): Buffer {
    const sheets = this.sheets.map((s) => this.sheetStream(s.rows));
    // BOUNDSHEET offsets depend on the globals' size, which does not depend on their values.
    const size = this.globals(sheets.map(() => 0)).length;
    const offsets: number[] = [];
    let at = size;
    for (const sheet of sheets) {
      offsets.push(at);
      at += sheet.length;
    }
    return Buffer.concat([this.globals(offsets), ...sheets]);
  }

  /** Writes the workbook as an OLE2 compound file holding one "Workbook" stream. */
  save(path: string): void {
    const stream = this.workbookStream();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, oleFile(stream));
  }
}

const SECTOR = 512;
const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECT = 0xfffffffd;
const DIF_SECT = 0xfffffffc;

function directoryEntry(name: string, type: number, child: number, start: number, size: number): Buffer {
  const entry = Buffer.alloc(128);
  entry.write(name, 0, 'utf16le');
  entry.writeUInt16LE(name ? (name.length + 1) * 2 : 0, 0x40);
  entry[0x42] = type;
  entry[0x43] = 1; // black
  entry.writeUInt32LE(FREE, 0x44);
  entry.writeUInt32LE(FREE, 0x48);
  entry.writeUInt32LE(child, 0x4c);
  entry.writeUInt32LE(start, 0x74);
  entry.writeUInt32LE(size, 0x78);
  return entry;
}

/**
 * An OLE2 compound file (version 3, 512-byte sectors) holding `stream` as "Workbook": the
 * stream's sectors, then the FAT, DIFAT (past 109 FAT sectors) and directory sectors. The
 * stream is padded to 4 KiB, as Excel does, so it never goes to the mini stream.
 */
export function oleFile(stream: Buffer, options: { isMini?: boolean } = {}): Buffer {
  if (options.isMini) return miniOleFile(stream);
  const data = stream.length >= 4096 ? stream : Buffer.concat([stream, Buffer.alloc(4096 - stream.length)]);
  const dataSectors = Math.ceil(data.length / SECTOR);
  let fatSectors = 1;
  let difatSectors = 0;
  for (;;) {
    const total = dataSectors + fatSectors + difatSectors + 1;
    const needFat = Math.ceil(total / 128);
    const needDifat = Math.max(0, Math.ceil((needFat - 109) / 127));
    if (needFat === fatSectors && needDifat === difatSectors) break;
    fatSectors = needFat;
    difatSectors = needDifat;
  }
  const fatStart = dataSectors;
  const difatStart = fatStart + fatSectors;
  const dirSector = difatStart + difatSectors;
  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  for (let i = 0; i < dataSectors; i += 1) fat.writeUInt32LE(i === dataSectors - 1 ? END : i + 1, 4 * i);
  for (let i = 0; i < fatSectors; i += 1) fat.writeUInt32LE(FAT_SECT, 4 * (fatStart + i));
  for (let i = 0; i < difatSectors; i += 1) fat.writeUInt32LE(DIF_SECT, 4 * (difatStart + i));
  fat.writeUInt32LE(END, 4 * dirSector);
  const difat = Buffer.alloc(difatSectors * SECTOR, 0xff);
  for (let i = 109; i < fatSectors; i += 1) difat.writeUInt32LE(fatStart + i, 4 * (i - 109) + 4 * Math.floor((i - 109) / 127));
  for (let d = 0; d < difatSectors; d += 1) difat.writeUInt32LE(d === difatSectors - 1 ? END : difatStart + d + 1, d * SECTOR + SECTOR - 4);
  const directory = Buffer.concat([directoryEntry('Root Entry', 5, 1, END, 0), directoryEntry('Workbook', 2, FREE, 0, stream.length >= 4096 ? stream.length : data.length), directoryEntry('', 0, FREE, 0, 0), directoryEntry('', 0, FREE, 0, 0)]);
  const header = oleHeader({ fatSectors, dirSector, miniFatStart: END, miniFatSectors: 0, difatStart: difatSectors > 0 ? difatStart : END, difatSectors });
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i < fatSectors ? fatStart + i : FREE, 0x4c + 4 * i);
  const padded = Buffer.concat([data, Buffer.alloc(dataSectors * SECTOR - data.length)]);
  return Buffer.concat([header, padded, fat, difat, directory]);
}

/** The OLE2 header sector (version 3, 512-byte sectors, 64-byte mini sectors below 4 KiB); the caller lists the FAT sectors. */
function oleHeader(at: { fatSectors: number; dirSector: number; miniFatStart: number; miniFatSectors: number; difatStart: number; difatSectors: number }): Buffer {
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18);
  header.writeUInt16LE(0x0003, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(at.fatSectors, 0x2c);
  header.writeUInt32LE(at.dirSector, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(at.miniFatStart, 0x3c);
  header.writeUInt32LE(at.miniFatSectors, 0x40);
  header.writeUInt32LE(at.difatStart, 0x44);
  header.writeUInt32LE(at.difatSectors, 0x48);
  return header;
}

/**
 * An OLE2 file whose "Workbook" stream (under 4 KiB) lives in the mini stream, as small
 * streams must by the format (tests of the reader's mini-stream path): the mini stream's
 * sectors, one mini FAT sector, one FAT sector, one directory sector.
 */
function miniOleFile(stream: Buffer): Buffer {
  if (stream.length >= 4096) throw new Error('a mini stream holds streams under 4096 bytes');
  const miniSectors = Math.ceil(stream.length / 64);
  const miniData = Buffer.concat([stream, Buffer.alloc(miniSectors * 64 - stream.length)]);
  const containerSectors = Math.ceil(miniData.length / SECTOR);
  const miniFatSector = containerSectors;
  const fatSector = containerSectors + 1;
  const dirSector = containerSectors + 2;
  const miniFat = Buffer.alloc(SECTOR, 0xff);
  for (let i = 0; i < miniSectors; i += 1) miniFat.writeUInt32LE(i === miniSectors - 1 ? END : i + 1, 4 * i);
  const fat = Buffer.alloc(SECTOR, 0xff);
  for (let i = 0; i < containerSectors; i += 1) fat.writeUInt32LE(i === containerSectors - 1 ? END : i + 1, 4 * i);
  fat.writeUInt32LE(END, 4 * miniFatSector);
  fat.writeUInt32LE(FAT_SECT, 4 * fatSector);
  fat.writeUInt32LE(END, 4 * dirSector);
  const directory = Buffer.concat([directoryEntry('Root Entry', 5, 1, 0, miniData.length), directoryEntry('Workbook', 2, FREE, 0, stream.length), directoryEntry('', 0, FREE, 0, 0), directoryEntry('', 0, FREE, 0, 0)]);
  const header = oleHeader({ fatSectors: 1, dirSector, miniFatStart: miniFatSector, miniFatSectors: 1, difatStart: END, difatSectors: 0 });
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i === 0 ? fatSector : FREE, 0x4c + 4 * i);
  return Buffer.concat([header, miniData, Buffer.alloc(containerSectors * SECTOR - miniData.length), miniFat, fat, directory]);
}
