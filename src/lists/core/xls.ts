/**
 * Reads a legacy Excel .xls workbook (BIFF8 in an OLE2 compound file, Excel 97–2003): the
 * workbook globals (sheet list, shared strings, cell formats, date system) once, then one
 * sheet's cell records streamed from its BOF, a row at a time. Cells come out as the text
 * Excel shows for them (dates as MM/DD/YYYY), exactly as the XLSX reader gives them.
 */
import { BiffReader, biffRecords, RECORD, rkValue, type BiffRecord } from './xls-biff';
import { OleFile } from './xls-ole';
import { formatNumber, numberStyleOf, WorkbookError, type NumberStyle, type SheetRow, type Workbook } from './xls-shared';

interface Globals {
  sheets: { name: string; offset: number }[];
  strings: string[];
  styles: NumberStyle[];
  is1904: boolean;
}

const CELL_RECORDS = new Set<number>([RECORD.LABELSST, RECORD.LABEL, RECORD.NUMBER, RECORD.RK, RECORD.MULRK, RECORD.BLANK, RECORD.MULBLANK, RECORD.BOOLERR, RECORD.FORMULA, RECORD.EOF]);
const ERRORS: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A' };

async function readGlobals(ole: OleFile, stream: string): Promise<Globals> {
  const damaged = (why: string): WorkbookError => new WorkbookError(`${ole.file} is not a readable XLS workbook: ${why}`);
  const globals: Globals = { sheets: [], strings: [], styles: [], is1904: false };
  const formats = new Map<number, string>();
  const formatIds: number[] = [];
  let isFirst = true;
  read: for await (const records of biffRecords(ole.stream(stream))) {
    for (const record of records) {
      const r = new BiffReader(record.parts);
      if (isFirst) {
        if (record.type !== RECORD.BOF) throw damaged('the workbook stream does not start with a BOF record');
        if (r.u16() !== 0x0600) throw damaged('an Excel 5/95 (BIFF5) or older workbook; save it as .xlsx or as CSV');
        isFirst = false;
        continue;
      }
      switch (record.type) {
        case RECORD.EOF:
          break read;
        case RECORD.FILEPASS:
          throw damaged('the workbook is password-protected (save it without a password)');
        case RECORD.DATEMODE:
          globals.is1904 = r.u16() === 1;
          break;
        case RECORD.BOUNDSHEET: {
          const offset = r.u32();
          r.u8(); // visibility
          const kind = r.u8();
          const name = r.string(1);
          if (kind === 0) globals.sheets.push({ name, offset });
          break;
        }
        case RECORD.FORMAT: {
          const id = r.u16();
          formats.set(id, r.string(2));
          break;
        }
        case RECORD.XF:
          r.u16(); // font
          formatIds.push(r.u16());
          break;
        case RECORD.SST: {
          r.u32(); // total
          const unique = r.u32();
          for (let i = 0; i < unique && !r.isAtEnd; i += 1) globals.strings.push(r.string(2));
          break;
        }
      }
    }
  }
  if (isFirst) throw damaged('the workbook stream is empty');
  globals.styles = formatIds.map((id) => numberStyleOf(id, formats.get(id)));
  return globals;
}

/** Streams a sheet's rows from its BOF record to its EOF. */
async function* readSheet(ole: OleFile, stream: string, globals: Globals, offset: number): AsyncGenerator<SheetRow[]> {
  let ready: SheetRow[] = [];
  let current: SheetRow | null = null;
  let pendingFormula: { row: number; col: number } | null = null;
  const set = (row: number, col: number, text: string): void => {
    if (current === null || current.row !== row + 1) {
      if (current !== null && current.cells.length > 0) ready.push(current);
      current = { row: row + 1, cells: [] };
    }
    if (text === '') return;
    while (current.cells.length < col) current.cells.push('');
    current.cells[col] = text;
  };
  const number = (xf: number, value: number): string => formatNumber(value, globals.styles[xf] ?? 'number', globals.is1904);
  const handle = (record: BiffRecord): boolean => {
    const r = new BiffReader(record.parts);
    if (record.type === RECORD.EOF) return false;
    if (record.type === RECORD.STRING) {
      if (pendingFormula) set(pendingFormula.row, pendingFormula.col, r.string(2));
      pendingFormula = null;
      return true;
    }
    // A formula's text result follows it in a STRING record, maybe after SHRFMLA/ARRAY/TABLE.
    if (CELL_RECORDS.has(record.type)) pendingFormula = null;
    switch (record.type) {
      case RECORD.LABELSST: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        set(row, col, globals.strings[r.u32()] ?? '');
        break;
      }
      case RECORD.LABEL: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        set(row, col, r.string(2));
        break;
      }
      case RECORD.NUMBER: {
        const [row, col, xf] = [r.u16(), r.u16(), r.u16()];
        set(row, col, number(xf, r.f64()));
        break;
      }
      case RECORD.RK: {
        const [row, col, xf] = [r.u16(), r.u16(), r.u16()];
        set(row, col, number(xf, rkValue(r.u32())));
        break;
      }
      case RECORD.MULRK: {
        const [row, first] = [r.u16(), r.u16()];
        const count = (record.parts[0].length - 6) / 6;
        for (let i = 0; i < count; i += 1) {
          const xf = r.u16();
          set(row, first + i, number(xf, rkValue(r.u32())));
        }
        break;
      }
      case RECORD.BOOLERR: {
        const [row, col] = [r.u16(), r.u16()];
        r.u16();
        const [value, isError] = [r.u8(), r.u8()];
        set(row, col, isError ? (ERRORS[value] ?? '#N/A') : value ? 'TRUE' : 'FALSE');
        break;
      }
      case RECORD.FORMULA: {
        const [row, col, xf] = [r.u16(), r.u16(), r.u16()];
        const value = record.parts[0].subarray(6, 14);
        if (value.readUInt16LE(6) !== 0xffff) set(row, col, number(xf, value.readDoubleLE(0)));
        else if (value[0] === 0) pendingFormula = { row, col }; // the text is in the STRING record that follows
        else if (value[0] === 1) set(row, col, value[2] ? 'TRUE' : 'FALSE');
        else if (value[0] === 2) set(row, col, ERRORS[value[2]] ?? '#N/A');
        break;
      }
    }
    return true;
  };
  let isFirst = true;
  for await (const records of biffRecords(ole.stream(stream, offset), offset)) {
    for (const record of records) {
      if (isFirst) {
        if (record.type !== RECORD.BOF) throw new WorkbookError(`${ole.file} is not a readable XLS workbook: no sheet at the offset its BOUNDSHEET record gives`);
        isFirst = false;
        continue;
      }
      if (!handle(record)) {
        if (current !== null && (current as SheetRow).cells.length > 0) ready.push(current);
        if (ready.length > 0) yield ready;
        return;
      }
    }
    if (ready.length > 0) {
      yield ready;
      ready = [];
    }
  }
  throw new WorkbookError(`${ole.file} is not a readable XLS workbook: a sheet has no end (cut short?)`);
}

/** Opens the .xls at `path` (`file` names it in messages); throws WorkbookError when damaged. */
export async function openXls(path: string, file: string): Promise<Workbook> {
  const ole = await OleFile.open(path, file);
  try {
    const stream = ole.streamSize('Workbook') !== null ? 'Workbook' : ole.streamSize('Book') !== null ? 'Book' : null;
    if (stream === null) throw new WorkbookError(`${file} is not a readable XLS workbook: an OLE2 file without a Workbook stream (not an Excel workbook)`);
    const globals = await readGlobals(ole, stream).catch((error: unknown) => {
      throw error instanceof RangeError ? new WorkbookError(`${file} is not a readable XLS workbook: a record ends early (damaged)`) : error;
    });
    return {
      file,
      sheetNames: globals.sheets.map((s) => s.name),
      async *rowBatches(sheet: string): AsyncGenerator<SheetRow[]> {
        const found = globals.sheets.find((s) => s.name === sheet);
        if (!found) throw new WorkbookError(`${file} has no sheet "${sheet}" (its sheets: ${globals.sheets.map((s) => `"${s.name}"`).join(', ')})`);
        try {
          yield* readSheet(ole, stream, globals, found.offset);
        } catch (error) {
          if (error instanceof RangeError) throw new WorkbookError(`${file} is not a readable XLS workbook: a record ends early (damaged)`);
          throw error;
        }
      },
      close: () => ole.close(),
    };
  } catch (error) {
    await ole.close();
    throw error;
  }
}
