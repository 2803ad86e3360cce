/**
 * Streams the rows of one worksheet part (<sheetData><row><c r="C7" t="s" s="3"><v>…</v></c>)
 * with saxes: memory holds the rows of one chunk, never the sheet.
 */
import { feedXml, unescapeExcel } from './xlsx-parts';
import { formatNumber, type NumberStyle, type SheetRow } from './xls-shared';
import type { ZipPackage } from './xlsx-zip';

export interface SheetContext {
  sharedStrings: readonly string[];
  styles: readonly NumberStyle[];
  is1904: boolean;
  /** When given, what a customer file's reader must tell its user (batch uploads); error cells then read as empty. */
  notices?: SheetNotices;
}

/** Merged ranges, formulas without a calculated value, and cells showing a formula error, by reference. */
export interface SheetNotices {
  merges: string[];
  uncalculated: string[];
  errors: { ref: string; text: string }[];
}

export const newSheetNotices = (): SheetNotices => ({ merges: [], uncalculated: [], errors: [] });

/** "C7" → 2 (0-based column); -1 when the reference has no letters. */
export function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
  }
  return i === 0 ? -1 : column - 1;
}

/** An ISO 8601 date cell (t="d", strict OOXML) as MM/DD/YYYY. */
function isoCellDate(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : text;
}

/** The displayed text of a cell from its type, style and raw value. */
function cellText(type: string, style: number, value: string, inline: string, context: SheetContext): string {
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'inlineStr':
      return unescapeExcel(inline);
    case 'str':
      return unescapeExcel(value);
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    case 'e':
      return value;
    case 'd':
      return isoCellDate(value);
    default: {
      if (value === '') return '';
      const number = Number(value);
      return Number.isNaN(number) ? value : formatNumber(number, context.styles[style] ?? 'number', context.is1904);
    }
  }
}

/**
 * The sheet's rows with at least one non-empty cell, a batch per chunk of the part. A cell
 * lands in the column its reference names (skipped empty cells leave '' behind it); a row
 * without `r` follows the previous one, as a cell without `r` follows the previous cell.
 */
export async function* readSheetRows(zip: ZipPackage, part: string, context: SheetContext): AsyncGenerator<SheetRow[]> {
  let ready: SheetRow[] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let type = 'n';
  let style = 0;
  let value: string[] = [];
  let inline: string[] = [];
  let reading: 'v' | 't' | null = null;
  let phonetic = 0;
  let ref = '';
  let hasFormula = false;
  const notices = context.notices;

  const events = feedXml(zip, part, {
    open(tag) {
      switch (tag.name) {
        case 'row':
          rowNumber = tag.attributes.r ? Number(tag.attributes.r) : rowNumber + 1;
          cells = [];
          column = -1;
          break;
        case 'c': {
          ref = tag.attributes.r ?? '';
          hasFormula = false;
          const at = tag.attributes.r ? columnOf(tag.attributes.r) : -1;
          column = at >= 0 ? at : column + 1;
          type = tag.attributes.t ?? 'n';
          style = tag.attributes.s ? Number(tag.attributes.s) : 0;
          value = [];
          inline = [];
          break;
        }
        case 'v':
          reading = 'v';
          break;
        case 't':
          if (phonetic === 0) reading = 't';
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 'f':
          hasFormula = true;
          break;
        case 'mergeCell':
          if (notices && tag.attributes.ref) notices.merges.push(tag.attributes.ref);
          break;
      }
    },
    text(text) {
      if (reading === 'v') value.push(text);
      else if (reading === 't') inline.push(text);
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          reading = null;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
        case 'c': {
          let text = cellText(type, style, value.join(''), inline.join(''), context);
          if (notices && hasFormula && value.length === 0 && inline.length === 0) notices.uncalculated.push(ref);
          if (notices && type === 'e' && text !== '') {
            notices.errors.push({ ref, text });
            text = '';
          }
          if (text !== '') {
            while (cells.length < column) cells.push('');
            cells[column] = text;
          }
          break;
        }
        case 'row':
          if (cells.length > 0) ready.push({ row: rowNumber, cells });
          break;
      }
    },
  });
  for await (const _ of events) {
    if (ready.length > 0) {
      yield ready;
      ready = [];
    }
  }
  if (ready.length > 0) yield ready;
}
