/**
 * A report PDF laid out as a document (issue 14, ADR 033): landscape Letter, a header and a
 * footer on every page with "Page n of N", section headings, label/value grids and tables whose
 * cells wrap. Pages are written as they fill (pdfkit flushes each page when the next begins), so
 * a report of any size streams; the total page count, unknown until the end, is a small form
 * object every footer draws and that is written last.
 */
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { pdfStream, type Pdf } from './pdf';
import { memoizeFont } from './pdf-font-memo';
import { textOperators, wrapLines, type PlacedText, type TextFont, type WidthFont } from './pdf-fast-text';

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export type CellText = string | number | null | undefined;

const MARGIN = 36;
const TOP = 58;
const BOTTOM = 46;
const PAD = 2.5;
const BODY_SIZE = 7.5;
const FOOTER_SIZE = 7;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c5ccd6';
const BAND = '#eef1f5';
const ACCENT = '#1c4f82';

export interface ReportPdfOptions {
  /** Document title, on the first page and in every header. */
  title: string;
  /** Right side of the header (the file and batch). */
  subtitle: string;
  /** Left side of the footer (generated when, by whom). */
  footer: string;
}

export class ReportPdf {
  readonly doc: Pdf;
  private pageNumber = 0;
  private readonly totalPages: PDFKit.PDFKitReference;
  private readonly fontId: string;
  /** Redraws the header row of the table in progress on a new page. */
  private repeatHeader: (() => void) | null = null;

  constructor(private readonly options: ReportPdfOptions) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: 'landscape',
      margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
      autoFirstPage: false,
      info: { Title: `${options.title}: ${options.subtitle}`, Author: 'Clearlist' },
    });
    for (const name of ['Helvetica-Bold', 'Helvetica']) memoizeFont((this.doc.font(name) as unknown as { _font: Parameters<typeof memoizeFont>[0] })._font);
    const font = (this.doc as unknown as { _font: { id: string; ref(): PDFKit.PDFKitReference } })._font;
    this.fontId = font.id;
    this.totalPages = this.doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [-2, -12, 60, 4], Resources: { Font: { [font.id]: font.ref() } } });
  }

  private readonly fonts = new Map<string, TextFont & WidthFont>();

  /** pdfkit's font object of a standard font (selecting it once). */
  private fontOf(name: string): TextFont & WidthFont {
    let font = this.fonts.get(name);
    if (!font) {
      type Font = TextFont & WidthFont;
      const current = (this.doc as unknown as { _font: Font })._font;
      font = (this.doc.font(name) as unknown as { _font: Font })._font;
      (this.doc as unknown as { _font: Font })._font = current;
      this.fonts.set(name, font);
    }
    return font;
  }

  /** Width between the margins. */
  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - BOTTOM;
  }

  /** The document as a stream, written by `write` (which calls `pause()` between pages of rows). */
  stream(write: (pause: () => Promise<void>) => Promise<void>): Readable {
    return pdfStream(this.doc, async (pause) => {
      this.newPage();
      await write(pause);
      this.finish();
    });
  }

  newPage(): void {
    this.doc.addPage();
    this.pageNumber++;
    this.drawChrome();
    this.doc.x = MARGIN;
    this.doc.y = TOP;
    this.repeatHeader?.();
  }

  /** Starts a new page unless `height` points are left. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  private drawChrome(): void {
    const { doc } = this;
    const { width: w, height: h } = doc.page;
    // Header and footer sit in the margins: without this pdfkit would start a page for them.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(this.options.title, MARGIN, 24, { width: 260, lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(this.options.subtitle, MARGIN + 270, 25, { width: w - 2 * MARGIN - 270, align: 'right', height: 10, ellipsis: true });
    doc.moveTo(MARGIN, 40).lineTo(w - MARGIN, 40).lineWidth(0.6).strokeColor(ACCENT).stroke();
    doc.moveTo(MARGIN, h - 36).lineTo(w - MARGIN, h - 36).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.fontSize(FOOTER_SIZE).fillColor(MUTED).text(this.options.footer, MARGIN, h - 30, { width: w - 2 * MARGIN - 90, height: 9, ellipsis: true });
    const label = `Page ${this.pageNumber} of `;
    const x = w - MARGIN - 70;
    doc.text(label, x, h - 30, { lineBreak: false });
    // The total is drawn by the form object written at the end, at the label's baseline.
    doc.page.xobjects.PageTotal = this.totalPages;
    const baseline = h - 30 + FOOTER_SIZE * 0.718;
    doc.save();
    doc.addContent(`1 0 0 1 ${(x + doc.widthOfString(label)).toFixed(2)} ${baseline.toFixed(2)} cm /PageTotal Do`);
    doc.restore();
    doc.page.margins = margins;
    doc.fillColor(INK).strokeColor(RULE);
  }

  private finish(): void {
    const hex = [...String(this.pageNumber)].map((c) => c.charCodeAt(0).toString(16)).join('');
    const [r, g, b] = [0x5f, 0x6b, 0x7a].map((c) => (c / 255).toFixed(3));
    this.totalPages.end(`BT 1 0 0 -1 0 0 Tm /${this.fontId} ${FOOTER_SIZE} Tf ${r} ${g} ${b} rg [<${hex}>] TJ ET`);
  }

  /** The document's title block, on the first page. */
  titleBlock(title: string, lines: string[]): void {
    const { doc } = this;
    doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(title, MARGIN, doc.y, { width: this.width });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    for (const line of lines) doc.text(line, MARGIN, doc.y, { width: this.width });
    doc.fillColor(INK);
    doc.y += 6;
  }

  /** A section heading, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    this.ensure(keep + 22);
    const { doc } = this;
    doc.y += 6;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(text, MARGIN, doc.y, { width: this.width });
    doc.y += 3;
    doc.fillColor(INK);
  }

  /** A line of small, muted text (a table's legend). */
  note(text: string): void {
    const { doc } = this;
    doc.font('Helvetica').fontSize(BODY_SIZE).fillColor(MUTED);
    this.ensure(doc.heightOfString(text, { width: this.width }) + 4);
    doc.text(text, MARGIN, doc.y, { width: this.width });
    doc.y += 3;
    doc.fillColor(INK);
  }

  /** Label/value pairs in `pairsPerLine` columns. */
  facts(pairs: [string, CellText][], pairsPerLine = 2): void {
    const labelWidth = 110;
    const valueWidth = this.width / pairsPerLine - labelWidth;
    const columns: Column[] = [];
    for (let i = 0; i < pairsPerLine; i++) columns.push({ label: '', width: labelWidth }, { label: '', width: valueWidth });
    for (let i = 0; i < pairs.length; i += pairsPerLine) {
      const line = pairs.slice(i, i + pairsPerLine).flatMap(([k, v]) => [k, v]);
      this.drawRow(columns, line, { labels: true });
    }
    this.doc.y += 4;
  }

  /** Starts a table; rows are added with `row`, and the header is repeated on every new page. */
  table(columns: Column[]): { row: (cells: CellText[], onNewPage?: CellText[]) => void; end: () => void } {
    const scale = this.width / columns.reduce((n, c) => n + c.width, 0);
    const fitted = columns.map((c) => ({ ...c, width: c.width * scale }));
    const header = () => this.drawRow(fitted, fitted.map((c) => c.label), { header: true });
    this.ensure(40);
    header();
    this.repeatHeader = header;
    let n = 0;
    return {
      // `onNewPage`: what the line says when it opens a page (a row's continuation repeats its criteria).
      row: (cells, onNewPage) => this.drawRow(fitted, cells, { band: n++ % 2 === 1, onNewPage }),
      end: () => {
        this.repeatHeader = null;
        this.doc.y += 6;
      },
    };
  }

  private drawRow(columns: Column[], given: CellText[], style: { header?: boolean; band?: boolean; labels?: boolean; onNewPage?: CellText[] }): void {
    const { doc } = this;
    const fontOf = (i: number) => (style.header || (style.labels && i % 2 === 0) ? 'Helvetica-Bold' : 'Helvetica');
    // A cell taller than a page is cut with an ellipsis (the CSV has it whole).
    const maxBody = this.bottom - TOP - 40;
    const lineHeight = () => doc.fontSize(BODY_SIZE).currentLineHeight(true);
    const maxLines = Math.max(1, Math.floor(maxBody / lineHeight()));
    // Every cell is wrapped here, once, and its lines written directly (pdf-fast-text.ts).
    const measure = (cells: CellText[]) => {
      const lines = columns.map((c, i) => {
        const text = cells[i] == null ? '' : String(cells[i]);
        return text ? wrapLines(this.fontOf(fontOf(i)), BODY_SIZE, text, c.width - 2 * PAD, maxLines) : [];
      });
      const tallest = Math.max(1, ...lines.map((l) => l.length));
      return { lines, height: Math.max(BODY_SIZE + 2, tallest * lineHeight()) + 2 * PAD };
    };
    let { lines, height } = measure(given);
    if (doc.y + height > this.bottom) {
      if (style.onNewPage) ({ lines, height } = measure(style.onNewPage));
      this.newPage();
    }
    const y = doc.y;
    if (style.header) doc.rect(MARGIN, y, this.width, height).fill(BAND);
    else if (style.band) doc.rect(MARGIN, y, this.width, height).fill('#f8f9fb');
    let x = MARGIN;
    const placed: Record<string, PlacedText[]> = { [MUTED]: [], [INK]: [] };
    const step = lineHeight();
    lines.forEach((cellLines, i) => {
      const color = style.header || (style.labels && i % 2 === 0) ? MUTED : INK;
      const font = this.fontOf(fontOf(i));
      const inner = columns[i].width - 2 * PAD;
      cellLines.forEach((text, n) => {
        if (!text) return;
        const left = columns[i].align === 'right' ? x + PAD + inner - font.widthOfString(text, BODY_SIZE) : x + PAD;
        placed[color].push({ font, size: BODY_SIZE, x: left, y: y + PAD + n * step, text });
      });
      x += columns[i].width;
    });
    for (const [color, texts] of Object.entries(placed)) {
      if (!texts.length) continue;
      doc.fillColor(color);
      for (const t of texts) doc.page.fonts[t.font.id] ??= t.font.ref() as PDFKit.PDFKitReference;
      // Bytes, not a string: pdfkit converts strings to bytes a character at a time.
      doc.addContent(Buffer.from(`${textOperators(doc.page.height, texts)}\n`, 'latin1') as unknown as string);
    }
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + this.width, y + height).lineWidth(0.3).strokeColor(RULE).stroke();
    doc.fillColor(INK);
    doc.x = MARGIN;
    doc.y = y + height;
  }
}
