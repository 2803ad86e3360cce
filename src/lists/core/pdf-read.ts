/**
 * Reads a PDF's pages as text with positions and the straight rules drawn on them (a table's
 * grid), with pdf.js (pdfjs-dist 4, legacy build: it runs on Node 20 as well as 24; ADR 048).
 * Coordinates are the page's as shown: points from the top left, rotation applied (Tennessee's
 * page is stored rotated). A page pdf.js cannot read is an error naming the page.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { WrongSourceError } from './errors';
import { checkPdfInflatedSize } from './inflate-limits';

/** One run of text on a page: left and right edge, baseline, font size. */
export interface PdfText {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** A horizontal (`y` fixed, from `from` to `to` in x) or vertical (`x` fixed) rule. */
export interface PdfRule {
  at: number;
  from: number;
  to: number;
}

export interface PdfPage {
  number: number;
  texts: PdfText[];
  horizontal: PdfRule[];
  vertical: PdfRule[];
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const FILL = new Set([pdfjs.OPS.fill, pdfjs.OPS.eoFill]);
const PAINT = new Set([...FILL, pdfjs.OPS.stroke, pdfjs.OPS.closeStroke, pdfjs.OPS.fillStroke, pdfjs.OPS.eoFillStroke, pdfjs.OPS.closeFillStroke, pdfjs.OPS.closeEOFillStroke]);
const STYLE = new Set([pdfjs.OPS.setLineWidth, pdfjs.OPS.setLineCap, pdfjs.OPS.setLineJoin, pdfjs.OPS.setDash, pdfjs.OPS.setStrokeRGBColor, pdfjs.OPS.setFillRGBColor, pdfjs.OPS.setStrokeGray, pdfjs.OPS.setFillGray, pdfjs.OPS.setStrokeColor, pdfjs.OPS.setFillColor, pdfjs.OPS.setStrokeColorN, pdfjs.OPS.setFillColorN, pdfjs.OPS.setStrokeColorSpace, pdfjs.OPS.setFillColorSpace, pdfjs.OPS.setGState]);
/** Thinner than this (points) a filled rectangle is a rule, not a box. */
const THIN = 2.5;

/**
 * The rules a painted path draws: its straight lines, a stroked rectangle's four edges, and
 * the rule a thin filled one is. A wide filled rectangle is shading (Word shades each line of
 * a header cell), not a border, and draws none.
 */
function pathRules(ops: number[], args: number[], m: Matrix, isFillOnly: boolean, out: Pick<PdfPage, 'horizontal' | 'vertical'>): void {
  const line = (ax: number, ay: number, bx: number, by: number): void => {
    const [x0, y0] = apply(m, ax, ay);
    const [x1, y1] = apply(m, bx, by);
    if (Math.abs(y1 - y0) < 0.5 && Math.abs(x1 - x0) >= 1) out.horizontal.push({ at: (y0 + y1) / 2, from: Math.min(x0, x1), to: Math.max(x0, x1) });
    else if (Math.abs(x1 - x0) < 0.5 && Math.abs(y1 - y0) >= 1) out.vertical.push({ at: (x0 + x1) / 2, from: Math.min(y0, y1), to: Math.max(y0, y1) });
  };
  let a = 0;
  let [cx, cy, sx, sy] = [0, 0, 0, 0];
  for (const op of ops) {
    if (op === pdfjs.OPS.rectangle) {
      const [x, y, w, h] = args.slice(a, a + 4);
      a += 4;
      const [p0, p1] = [apply(m, x, y), apply(m, x + w, y + h)];
      const width = Math.abs(p1[0] - p0[0]);
      const height = Math.abs(p1[1] - p0[1]);
      if (height <= THIN && width > THIN) line(x, y + h / 2, x + w, y + h / 2);
      else if (width <= THIN && height > THIN) line(x + w / 2, y, x + w / 2, y + h);
      else if (!isFillOnly) {
        line(x, y, x + w, y);
        line(x, y + h, x + w, y + h);
        line(x, y, x, y + h);
        line(x + w, y, x + w, y + h);
      }
    } else if (op === pdfjs.OPS.moveTo) {
      [cx, cy] = args.slice(a, a + 2);
      [sx, sy] = [cx, cy];
      a += 2;
    } else if (op === pdfjs.OPS.closePath) {
      line(cx, cy, sx, sy);
      [cx, cy] = [sx, sy];
    } else if (op === pdfjs.OPS.lineTo) {
      const [x, y] = args.slice(a, a + 2);
      a += 2;
      line(cx, cy, x, y);
      [cx, cy] = [x, y];
    } else if (op === pdfjs.OPS.curveTo) a += 6;
    else if (op === pdfjs.OPS.curveTo2 || op === pdfjs.OPS.curveTo3) a += 4;
  }
}

async function readPage(doc: pdfjs.PDFDocumentProxy, number: number): Promise<PdfPage> {
  const page = await doc.getPage(number);
  const view = page.getViewport({ scale: 1 }).transform as Matrix;
  const texts: PdfText[] = [];
  for (const item of (await page.getTextContent()).items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const t = item.transform as Matrix;
    const length = Math.hypot(t[0], t[1]) || 1;
    const [sx, sy] = apply(view, t[4], t[5]);
    const [ex] = apply(view, t[4] + (t[0] / length) * item.width, t[5] + (t[1] / length) * item.width);
    texts.push({ text: item.str.replace(/\s+/g, ' ').trim(), x0: Math.min(sx, ex), x1: Math.max(sx, ex), y: sy, size: item.height || Math.hypot(t[2], t[3]) });
  }
  const rules: Pick<PdfPage, 'horizontal' | 'vertical'> = { horizontal: [], vertical: [] };
  const list = await page.getOperatorList();
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.save) stack.push(ctm);
    else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === pdfjs.OPS.transform) ctm = multiply(args as Matrix, ctm);
    else if (fn === pdfjs.OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args[0]) && args[0].length === 6) ctm = multiply(args[0] as Matrix, ctm);
    } else if (fn === pdfjs.OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === pdfjs.OPS.constructPath) {
      // The paint comes next, perhaps after a change of line width or colour ("re 0.5 w S").
      let next = i + 1;
      while (next < list.fnArray.length && STYLE.has(list.fnArray[next])) next += 1;
      if (PAINT.has(list.fnArray[next])) pathRules(args[0] as number[], args[1] as number[], multiply(ctm, view), FILL.has(list.fnArray[next]), rules);
    }
  }
  page.cleanup();
  return { number, texts, ...rules };
}

/** The pages of a PDF, one at a time; a damaged or encrypted file, or an unreadable page, is refused with the page. */
export async function* readPdfPages(bytes: Uint8Array, file: string): AsyncGenerator<PdfPage> {
  let doc: pdfjs.PDFDocumentProxy;
  // pdf.js inflates streams without a cap: a bomb is refused before it starts (ADR 112).
  checkPdfInflatedSize(bytes, file);
  try {
    doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: true }).promise;
  } catch (error) {
    throw new WrongSourceError(`${file} cannot be read as a PDF: ${(error as Error).message}`);
  }
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      let page: PdfPage;
      try {
        page = await readPage(doc, number);
      } catch (error) {
        throw new WrongSourceError(`${file}: page ${number} of ${doc.numPages} cannot be read (${(error as Error).message}); nothing from this file is used`);
      }
      yield page;
    }
  } finally {
    await doc.destroy();
  }
}
