/**
 * A small deterministic XLSX writer for the synthetic state lists: sheets streamed row by
 * row into the ZIP, text in the shared-string table (as Excel writes it; past `maxShared`
 * distinct strings, inline strings, to keep memory flat on huge files), dates as serial
 * numbers with a date style, like the agencies' workbooks.
 */
import { ZipWriter } from './zip-writer';

/** A cell: text, a number, an ISO date (YYYY-MM-DD) shown with the date style, or empty. */
export type XlsxCell = string | number | { date: string } | null;

/** A formula with its calculated value (none: never calculated, as some programs save it) or the error it shows. */
export type XlsxFormula = { formula: string; value?: string | number; error?: string };

export interface XlsxOptions {
  /** The 1904 date system (old Mac workbooks). */
  date1904?: boolean;
  /** `builtin`: format 14 (m/d/yyyy); `custom`: format 164 "mm/dd/yyyy". */
  dateStyle?: 'builtin' | 'custom';
  maxShared?: number;
}

const escapeXml = (text: string): string =>
  text
    .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);

/** 0 → "A", 27 → "AB". */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The Excel serial day of an ISO date (1900 system with its phantom 1900-02-29, or 1904). */
export function dateSerial(iso: string, is1904 = false): number {
  const time = Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
  if (is1904) return Math.round((time - Date.UTC(1904, 0, 1)) / 86_400_000);
  const days = Math.round((time - Date.UTC(1899, 11, 31)) / 86_400_000);
  return days >= 60 ? days + 1 : days;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

function formulaCell(ref: string, cell: XlsxFormula): string {
  const f = `<f>${escapeXml(cell.formula)}</f>`;
  if (cell.error) return `<c r="${ref}" t="e">${f}<v>${escapeXml(cell.error)}</v></c>`;
  if (cell.value === undefined) return `<c r="${ref}">${f}</c>`;
  if (typeof cell.value === 'number') return `<c r="${ref}">${f}<v>${cell.value}</v></c>`;
  return `<c r="${ref}" t="str">${f}<v>${escapeXml(cell.value)}</v></c>`;
}

export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly sheets: string[] = [];
  private readonly hidden = new Set<number>();
  private merges: string[] = [];
  private readonly shared = new Map<string, number>();
  private sharedCount = 0;
  private rowNumber = 0;
  private isInSheet = false;

  constructor(
    path: string,
    private readonly options: XlsxOptions = {},
  ) {
    this.zip = new ZipWriter(path);
  }

  /** Starts a sheet (ending the previous one); a hidden one has no tab in Excel. */
  addSheet(name: string, options: { hidden?: boolean } = {}): void {
    this.endSheet();
    this.sheets.push(name);
    if (options.hidden) this.hidden.add(this.sheets.length);
    this.merges = [];
    this.zip.begin(`xl/worksheets/sheet${this.sheets.length}.xml`);
    this.zip.write(`${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetData>`);
    this.rowNumber = 0;
    this.isInSheet = true;
  }

  /** Writes the next row; empty cells are left out, as Excel does. */
  writeRow(cells: readonly (XlsxCell | XlsxFormula)[]): void {
    this.rowNumber += 1;
    const parts = [`<row r="${this.rowNumber}">`];
    cells.forEach((cell, i) => {
      if (cell === null || cell === '') return;
      const ref = `${columnName(i)}${this.rowNumber}`;
      if (typeof cell === 'number') parts.push(`<c r="${ref}"><v>${cell}</v></c>`);
      else if (typeof cell === 'object' && 'formula' in cell) parts.push(formulaCell(ref, cell));
      else if (typeof cell === 'object') parts.push(`<c r="${ref}" s="1"><v>${dateSerial(cell.date, this.options.date1904)}</v></c>`);
      else parts.push(this.textCell(ref, cell));
    });
    parts.push('</row>');
    this.zip.write(parts.join(''));
  }

  private textCell(ref: string, text: string): string {
    this.sharedCount += 1;
    let index = this.shared.get(text);
    if (index === undefined && this.shared.size < (this.options.maxShared ?? 200_000)) {
      index = this.shared.size;
      this.shared.set(text, index);
    }
    if (index !== undefined) return `<c r="${ref}" t="s"><v>${index}</v></c>`;
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
  }

  /** Merges a range of the current sheet ("A1:D1"), written after its rows as Excel does. */
  mergeCells(ref: string): void {
    this.merges.push(ref);
  }

  private endSheet(): void {
    if (!this.isInSheet) return;
    const merges = this.merges.length ? `<mergeCells count="${this.merges.length}">${this.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>` : '';
    this.zip.write(`</sheetData>${merges}</worksheet>`);
    this.zip.end();
    this.isInSheet = false;
  }

  /** Writes the workbook, strings, styles and package parts, then the ZIP directory. */
  close(): void {
    this.endSheet();
    const sheetList = this.sheets.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}"${this.hidden.has(i + 1) ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`).join('');
    const date1904 = this.options.date1904 ? ' date1904="1"' : '';
    this.zip.add('xl/workbook.xml', `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><workbookPr${date1904}/><sheets>${sheetList}</sheets></workbook>`);
    const n = this.sheets.length;
    const rels = this.sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
    rels.push(`<Relationship Id="rId${n + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`, `<Relationship Id="rId${n + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`);
    this.zip.add('xl/_rels/workbook.xml.rels', `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`);
    this.zip.begin('xl/sharedStrings.xml');
    this.zip.write(`${HEAD}<sst xmlns="${NS}" count="${this.sharedCount}" uniqueCount="${this.shared.size}">`);
    for (const text of this.shared.keys()) {
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      this.zip.write(`<si><t${space}>${escapeXml(text)}</t></si>`);
    }
    this.zip.write('</sst>');
    this.zip.end();
    const isCustom = this.options.dateStyle === 'custom';
    const numFmts = isCustom ? '<numFmts count="1"><numFmt numFmtId="164" formatCode="mm/dd/yyyy"/></numFmts>' : '';
    this.zip.add(
      'xl/styles.xml',
      `${HEAD}<styleSheet xmlns="${NS}">${numFmts}<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="${isCustom ? 164 : 14}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    );
    const overrides = this.sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
    this.zip.add(
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    );
    this.zip.add('_rels/.rels', `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    this.zip.close();
  }
}
