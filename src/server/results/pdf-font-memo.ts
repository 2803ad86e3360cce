/**
 * Remembered measures of pdfkit's standard fonts (ADR 042). A report lays out tens of thousands
 * of cells whose words repeat ("Cleared", "Last name: same", list names, dates); pdfkit measures
 * and encodes every word glyph by glyph with a kerning lookup each time, which was most of a
 * large report's time. Widths (at size 1,000) and encodings are kept per font, a bounded number
 * of texts at once, so the heap stays bounded however long the report.
 */

/** The two methods of a pdfkit StandardFont this wraps (both pure for a given text). */
interface MeasuredFont {
  widthOfString(text: string, size: number, features?: unknown): number;
  encode(text: string, features?: unknown): [string[], unknown[]];
}

/** Texts remembered per font and per kind before the memory starts again. */
export const FONT_MEMO_LIMIT = 20_000;

const memoized = new WeakSet<object>();

/** Makes a font remember its measures; harmless to call again on the same font. */
export function memoizeFont(font: MeasuredFont): void {
  if (memoized.has(font)) return;
  memoized.add(font);
  const widthOf = font.widthOfString.bind(font);
  const encodeOf = font.encode.bind(font);
  const widths = new Map<string, number>();
  const encodings = new Map<string, [string[], unknown[]]>();
  font.widthOfString = (text, size, features) => {
    if (features) return widthOf(text, size, features);
    let width = widths.get(text);
    if (width === undefined) {
      if (widths.size >= FONT_MEMO_LIMIT) widths.clear();
      width = widthOf(text, 1000);
      widths.set(text, width);
    }
    return (width * size) / 1000;
  };
  // pdfkit only reads what encode answers (a justified line copies it), so one answer can serve every use.
  font.encode = (text, features) => {
    if (features) return encodeOf(text, features);
    let encoded = encodings.get(text);
    if (!encoded) {
      if (encodings.size >= FONT_MEMO_LIMIT) encodings.clear();
      encoded = encodeOf(text);
      encodings.set(text, encoded);
    }
    return encoded;
  };
}
