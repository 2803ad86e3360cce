/**
 * The small parts of an XLSX package, read once before a sheet: the workbook (sheet names,
 * date system), its relationships (where each sheet, the shared strings and the styles are),
 * the shared-string table and the cell styles' number formats.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { numberStyleOf, WorkbookError, type NumberStyle } from './xls-shared';
import type { ZipPackage } from './xlsx-zip';

export interface XmlHandlers {
  open?(tag: SaxesTagPlain): void;
  text?(text: string): void;
  close?(name: string): void;
}

// Element names without their namespace prefix (strict OOXML and some writers use "x:").
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** The longest run of text (or of anything) between two tags a part may hold. */
export const XML_MAX_TEXT_BYTES = 4 << 20;

/** Feeds a package part to a SAX parser, yielding after each chunk (so callers can hand out what is ready). */
export async function* feedXml(zip: ZipPackage, part: string, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  // The parser holds a text until the next tag: one without tags for megabytes is a bomb, not a cell (Excel's hold 32,767 characters).
  let sinceTag = 0;
  parser.on('opentag', (tag) => {
    sinceTag = 0;
    handlers.open?.({ ...tag, name: local(tag.name) } as SaxesTagPlain);
  });
  parser.on('closetag', (tag) => {
    sinceTag = 0;
    handlers.close?.(local(tag.name));
  });
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.text) parser.on('cdata', handlers.text);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of zip.stream(part)) {
      sinceTag += chunk.length;
      if (sinceTag > XML_MAX_TEXT_BYTES) throw new WorkbookError(`The file ${zip.file} holds a text of more than ${XML_MAX_TEXT_BYTES >> 20} MB in ${part} (a cell holds at most 32,767 characters): refused`);
      parser.write(decoder.decode(chunk, { stream: true }));
      yield;
    }
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError(`${zip.file} is not a readable XLSX workbook: ${part}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads a whole part with the handlers. */
export async function readXml(zip: ZipPackage, part: string, handlers: XmlHandlers): Promise<void> {
  for await (const _ of feedXml(zip, part, handlers));
}

/** Excel escapes characters XML cannot hold as _xHHHH_ ("_x000D_" for CR). */
export function unescapeExcel(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

export interface WorkbookInfo {
  /** Sheets in workbook order; `isHidden` for the state "hidden" or "veryHidden" (shown in no tab). */
  sheets: { name: string; part: string; isHidden: boolean }[];
  is1904: boolean;
  sharedStrings: string | null;
  styles: string | null;
}

/** A relationship target as a package part name ("worksheets/sheet1.xml" → "xl/worksheets/sheet1.xml"). */
function partName(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** Sheet names and parts in workbook order, the date system, and where strings and styles are. */
export async function readWorkbookInfo(zip: ZipPackage): Promise<WorkbookInfo> {
  if (!zip.has('xl/workbook.xml')) throw new WorkbookError(`${zip.file} is not a readable XLSX workbook: no xl/workbook.xml (a ZIP, but not an Excel workbook)`);
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  let styles: string | null = null;
  if (zip.has('xl/_rels/workbook.xml.rels')) {
    await readXml(zip, 'xl/_rels/workbook.xml.rels', {
      open(tag) {
        if (tag.name !== 'Relationship') return;
        const target = partName(tag.attributes.Target ?? '');
        targets.set(tag.attributes.Id ?? '', target);
        if (/\/sharedStrings$/.test(tag.attributes.Type ?? '')) sharedStrings = target;
        if (/\/styles$/.test(tag.attributes.Type ?? '')) styles = target;
      },
    });
  }
  const sheets: WorkbookInfo['sheets'] = [];
  let is1904 = false;
  await readXml(zip, 'xl/workbook.xml', {
    open(tag) {
      if (tag.name === 'workbookPr') is1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
      if (tag.name !== 'sheet') return;
      const relId = Object.entries(tag.attributes).find(([key]) => local(key) === 'id')?.[1] ?? '';
      const isHidden = ['hidden', 'veryHidden'].includes(tag.attributes.state ?? '');
      sheets.push({ name: tag.attributes.name ?? '', part: targets.get(relId) ?? `xl/worksheets/sheet${sheets.length + 1}.xml`, isHidden });
    },
  });
  sharedStrings ??= zip.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null;
  styles ??= zip.has('xl/styles.xml') ? 'xl/styles.xml' : null;
  return { sheets, is1904, sharedStrings, styles };
}

/** The shared-string table: each <si>'s text, rich-text runs joined, phonetic guides left out. */
export async function readSharedStrings(zip: ZipPackage, part: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (part === null || !zip.has(part)) return strings;
  let current: string[] = [];
  let inText = false;
  let phonetic = 0;
  await readXml(zip, part, {
    open(tag) {
      if (tag.name === 'si') current = [];
      else if (tag.name === 'rPh') phonetic += 1;
      else if (tag.name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) current.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') strings.push(unescapeExcel(current.join('')));
    },
  });
  return strings;
}

/** The number style of each cell style (the `s` attribute of a cell indexes this array). */
export async function readCellStyles(zip: ZipPackage, part: string | null): Promise<NumberStyle[]> {
  const styles: NumberStyle[] = [];
  if (part === null || !zip.has(part)) return styles;
  const codes = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await readXml(zip, part, {
    open(tag) {
      if (tag.name === 'numFmt') codes.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
      else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs) formats.push(Number(tag.attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  for (const id of formats) styles.push(numberStyleOf(id, codes.get(id)));
  return styles;
}
