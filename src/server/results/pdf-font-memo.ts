/**
 * Fast, remembered measures of pdfkit's standard fonts (ADR 042). A report lays out tens of
 * thousands of cells whose words repeat ("Cleared", "Last name: same", list names, dates); pdfkit
 * measures every text glyph by glyph, looking each kerning pair up by a concatenated string,
 * which was most of a large report's time. Here glyph widths and kerning pairs are looked up by
 * character codes (each computed once from the font's own tables), and widths of whole texts are
 * remembered, a bounded number at once, so the heap stays bounded however long the report.
 */

/** What this reads of pdfkit's AFM font tables. */
interface AfmFont {
  characterToGlyph(charCode: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string): number;
}

/** The parts of a pdfkit StandardFont this reads and wraps. */
export interface MeasuredFont {
  font: AfmFont;
  widthOfString(text: string, size: number, features?: unknown): number;
}

/** Texts remembered per font before the memory starts again. */
export const FONT_MEMO_LIMIT = 10_000;

/** Widths and kerning of a font by character code (units of 1/1000 of the size). */
export interface FontMetrics {
  /** Width of a text at size 1,000, kerning included, as pdfkit measures it. */
  width(text: string): number;
  /** The kerning between the character at `i` and the next one. */
  kernAt(text: string, i: number): number;
}

const metrics = new WeakMap<object, FontMetrics>();

/** The font's metrics by character code, built once per font. */
export function metricsOf(font: MeasuredFont): FontMetrics {
  let m = metrics.get(font);
  if (m) return m;
  const afm = font.font;
  const glyphs = new Map<number, string>();
  const widths = new Map<number, number>();
  const kerns = new Map<number, number>();
  const glyph = (c: number) => {
    let g = glyphs.get(c);
    if (g === undefined) glyphs.set(c, (g = afm.characterToGlyph(c)));
    return g;
  };
  const advance = (c: number) => {
    let w = widths.get(c);
    if (w === undefined) widths.set(c, (w = afm.widthOfGlyph(glyph(c))));
    return w;
  };
  const kern = (a: number, b: number) => {
    const key = a * 65_536 + b;
    let k = kerns.get(key);
    if (k === undefined) kerns.set(key, (k = afm.getKernPair(glyph(a), glyph(b))));
    return k;
  };
  m = {
    width(text) {
      let w = 0;
      for (let i = 0; i < text.length; i++) w += advance(text.charCodeAt(i)) + (i + 1 < text.length ? kern(text.charCodeAt(i), text.charCodeAt(i + 1)) : 0);
      return w;
    },
    kernAt: (text, i) => (i + 1 < text.length ? kern(text.charCodeAt(i), text.charCodeAt(i + 1)) : 0),
  };
  metrics.set(font, m);
  return m;
}

const memoized = new WeakSet<object>();

/** Makes a font measure by character code and remember widths; harmless to call again on the same font. */
export function memoizeFont(font: MeasuredFont): void {
  if (memoized.has(font)) return;
  memoized.add(font);
  const widthOf = font.widthOfString.bind(font);
  const m = metricsOf(font);
  const widths = new Map<string, number>();
  font.widthOfString = (text, size, features) => {
    if (features) return widthOf(text, size, features);
    let width = widths.get(text);
    if (width === undefined) {
      if (widths.size >= FONT_MEMO_LIMIT) widths.clear();
      width = m.width(text);
      widths.set(text, width);
    }
    return (width * size) / 1000;
  };
}
