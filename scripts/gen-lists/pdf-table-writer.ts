/**
 * Writes a table as a PDF, the way the agencies' PDFs print theirs: notes above the table on
 * the first page, the header repeated on every page, cells wrapped over several lines, and a
 * grid of rules (or none, as Tennessee's). pdfkit lays the text out; the file is the same
 * bytes for the same rows (its dates are fixed).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import PDFDocument from 'pdfkit';

export interface PdfTableLayout {
  /** Page width and height in points (landscape letter: 792 × 612). */
  size: [number, number];
  /** Column headers and widths (points). */
  columns: { header: string; width: number }[];
  /** Lines above the table on page 1 (titles, notes). */
  notes?: string[];
  /** A line at the top of every page (the report's title). */
  pageTitle?: string;
  fontSize?: number;
  /** Rows and columns ruled (true) or plain text in columns (false). */
  ruled?: boolean;
}

const MARGIN = 36;
const PAD = 2;
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

/** Writes `rows` (cells in the columns' order) under the layout's header, page after page. */
export async function writePdfTable(path: string, layout: PdfTableLayout, rows: Iterable<string[]>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const size = layout.fontSize ?? 7;
  const ruled = layout.ruled ?? true;
  const doc = new PDFDocument({ size: layout.size, margin: MARGIN, autoFirstPage: false, info: { CreationDate: FIXED_DATE, ModDate: FIXED_DATE, Producer: 'Clearlist synthetic sample', Creator: 'Clearlist' } });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('finish', resolve).on('error', reject);
    doc.pipe(out);
  });
  doc.font('Helvetica').fontSize(size);
  const bottom = layout.size[1] - MARGIN;
  const heightOf = (cells: string[], bold = false): number => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    return Math.max(...cells.map((c, i) => (c === '' ? 0 : doc.heightOfString(c, { width: layout.columns[i].width - 2 * PAD })))) + 2 * PAD;
  };
  const drawRow = (cells: string[], y: number, height: number, bold: boolean): void => {
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((value, i) => {
      const { width } = layout.columns[i];
      if (ruled) doc.lineWidth(0.5).rect(x, y, width, height).stroke();
      if (value !== '') doc.text(value, x + PAD, y + PAD, { width: width - 2 * PAD, lineBreak: true });
      x += width;
    });
  };
  const header = layout.columns.map((c) => c.header);
  let y = 0;
  const newPage = (first: boolean): void => {
    doc.addPage({ size: layout.size, margin: MARGIN });
    y = MARGIN;
    doc.font('Helvetica-Bold');
    if (layout.pageTitle) {
      doc.text(layout.pageTitle, MARGIN, y, { lineBreak: false });
      y += size * 2.5;
    }
    doc.font('Helvetica');
    for (const note of first ? (layout.notes ?? []) : []) {
      doc.text(note, MARGIN, y, { width: layout.size[0] - 2 * MARGIN });
      y = doc.y + size * 0.8;
    }
    const height = heightOf(header, true);
    drawRow(header, y, height, true);
    y += height;
  };
  newPage(true);
  for (const row of rows) {
    const height = heightOf(row);
    if (y + height > bottom) newPage(false);
    drawRow(row, y, height, false);
    y += height;
  }
  doc.end();
  await done;
}
