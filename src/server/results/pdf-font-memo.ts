/**
 * Remembered measures of pdfkit's standard fonts (ADR 042). A report lays out tens of thousands
 * of cells whose words repeat ("Cleared", "Last name: same", list names, dates); pdfkit measures
 * and encodes every word glyph by glyph with a kerning lookup each time, which was most of a
 * large report's time. Widths (at size 1,000) are kept per font, a bounded number of texts at
 * once, so the heap stays bounded however long the report (the written glyphs are remembered as
 * text by pdf-fast-text.ts).
 */

/** The method of a pdfkit StandardFont this wraps (pure for a given text). */
interface MeasuredFont {
  widthOfString(text: string, size: number, features?: unknown): number;
}

/** Texts remembered per font before the memory starts again. */
export const FONT_MEMO_LIMIT = 10_000;

const memoized = new WeakSet<object>();

/** Makes a font remember its measures; harmless to call again on the same font. */
export function memoizeFont(font: MeasuredFont): void {
  if (memoized.has(font)) return;
  memoized.add(font);
  const widthOf = font.widthOfString.bind(font);
  const widths = new Map<string, number>();
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
}
