import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { memoizeFont } from './pdf-font-memo';
import { textOperators, wrapLines, type TextFont, type WidthFont } from './pdf-fast-text';

type Font = TextFont & WidthFont & Parameters<typeof memoizeFont>[0];
const fontOf = (doc: PDFKit.PDFDocument, name: string): Font => (doc.font(name) as unknown as { _font: Font })._font;

/** The content stream of a one-page document drawn by `draw`. */
async function content(draw: (doc: PDFKit.PDFDocument) => void): Promise<string> {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await ended;
  const raw = Buffer.concat(chunks).toString('latin1');
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => { try { return inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'); } catch { return ''; } }).join('\n');
}
const tjOf = (s: string) => [...s.matchAll(/\[[^\]]*\] TJ/g)].map((m) => m[0]);
const tmOf = (s: string) => [...s.matchAll(/1 0 0 1 (\S+) (\S+) Tm/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('report text written directly (ADR 042)', () => {
  it('writes the same glyphs, kerning and position as pdfkit’s text()', async () => {
    const text = 'AVA Wyatt, LT Today: Needs Review';
    const byPdfkit = await content((doc) => doc.font('Helvetica').fontSize(7.5).text(text, 100, 200, { lineBreak: false }));
    const direct = await content((doc) => doc.addContent(textOperators(doc.page.height, [{ font: fontOf(doc, 'Helvetica'), size: 7.5, x: 100, y: 200, text }])));
    expect(tjOf(direct)).toEqual(tjOf(byPdfkit));
    expect(tjOf(direct)[0]).toMatch(/> -?\d/); // kerned pairs (AV, Wy, LT, To) split the string
    const [[x1, y1]] = tmOf(byPdfkit);
    const [[x2, y2]] = tmOf(direct);
    expect(x2).toBeCloseTo(x1, 4);
    expect(y2).toBeCloseTo(y1, 4);
  });

  it('wraps at spaces, keeps line breaks, breaks a word wider than the line, and cuts with an ellipsis', () => {
    const font = fontOf(new PDFDocument(), 'Helvetica');
    const width = font.widthOfString('Last name: same', 7.5) + 1;
    expect(wrapLines(font, 7.5, 'Last name: same First name: same', width)).toEqual(['Last name: same', 'First name: same']);
    expect(wrapLines(font, 7.5, 'one\ntwo', 500)).toEqual(['one', 'two']);
    const long = 'X'.repeat(60);
    const pieces = wrapLines(font, 7.5, long, width);
    expect(pieces.join('')).toBe(long);
    expect(pieces.every((p) => font.widthOfString(p, 7.5) <= width)).toBe(true);
    const cut = wrapLines(font, 7.5, 'a b c d e f g h', font.widthOfString('a b', 7.5) + 0.5, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith('\u2026')).toBe(true);
    expect(font.widthOfString(cut[1], 7.5)).toBeLessThanOrEqual(font.widthOfString('a b', 7.5) + 0.5);
  });

  it('remembers widths without changing them', () => {
    const plain = fontOf(new PDFDocument(), 'Helvetica-Bold');
    const remembered = fontOf(new PDFDocument(), 'Helvetica-Bold');
    memoizeFont(remembered);
    for (const text of ['Reviewed: Clear', 'AVA', 'Reviewed: Clear']) {
      expect(remembered.widthOfString(text, 9)).toBeCloseTo(plain.widthOfString(text, 9), 9);
    }
  });
});
