/**
 * One-line table cells written as PDF text operators directly (ADR 042). pdfkit's `text()` costs
 * a graphics save, a transform, a font selection and a buffer per call; a report has tens of
 * thousands of one-line cells, so a table row's one-line cells are written as one content string:
 * the same operators, glyphs and kerning pdfkit writes, at a fraction of the work.
 */

import { metricsOf, type MeasuredFont } from './pdf-font-memo';

/** What this reads of a pdfkit StandardFont. */
export interface TextFont extends MeasuredFont {
  id: string;
  ascender: number;
  font: MeasuredFont['font'] & { encodeText(text: string): string[] };
  ref(): unknown;
}

const num = (n: number): number => Math.round(n * 1e6) / 1e6;

const LIMIT = 10_000;
const shown = new WeakMap<TextFont, Map<string, string>>();

/** The TJ array of a text in a font (remembered: cell texts repeat). */
function showText(font: TextFont, text: string): string {
  let memo = shown.get(font);
  if (!memo) shown.set(font, (memo = new Map()));
  let out = memo.get(text);
  if (out !== undefined) return out;
  const encoded = font.font.encodeText(text);
  const m = metricsOf(font);
  const parts: string[] = [];
  let last = 0;
  // As pdfkit: a segment ends where kerning moves the next glyph.
  for (let i = 0; i < encoded.length; i++) {
    const kern = m.kernAt(text, i);
    if (kern !== 0) {
      parts.push(`<${encoded.slice(last, i + 1).join('')}> ${num(-kern)}`);
      last = i + 1;
    }
  }
  if (last < encoded.length) parts.push(`<${encoded.slice(last).join('')}> 0`);
  out = `[${parts.join(' ')}] TJ`;
  if (memo.size >= LIMIT) memo.clear();
  memo.set(text, out);
  return out;
}

/** A line of text at (x, y), top-left in pdfkit's coordinates, in the current fill colour. */
export interface PlacedText {
  font: TextFont;
  size: number;
  x: number;
  y: number;
  text: string;
}

/** The content operators drawing the texts on a page of the given height (one q…Q block). */
export function textOperators(pageHeight: number, texts: readonly PlacedText[]): string {
  let out = `q 1 0 0 -1 0 ${num(pageHeight)} cm`;
  for (const t of texts) {
    const baseline = pageHeight - t.y - (t.font.ascender / 1000) * t.size;
    out += `\nBT 1 0 0 1 ${num(t.x)} ${num(baseline)} Tm /${t.font.id} ${num(t.size)} Tf ${showText(t.font, t.text)} ET`;
  }
  return `${out}\nQ`;
}

/** What the wrapping reads of a font: widths (remembered by pdf-font-memo.ts). */
export interface WidthFont {
  widthOfString(text: string, size: number): number;
}

/** Splits a word wider than the line into pieces that fit, character by character. */
function splitWord(font: WidthFont, size: number, word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && font.widthOfString(piece + ch, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The lines of a text wrapped at spaces to a width (explicit line breaks kept; a word wider than
 * the line broken where it must), at most `maxLines`, the last one ending in an ellipsis when cut.
 */
export function wrapLines(font: WidthFont, size: number, text: string, width: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  const space = font.widthOfString(' ', size);
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      const w = font.widthOfString(word, size);
      if (line && lineWidth + space + w <= width) {
        line += ` ${word}`;
        lineWidth += space + w;
        continue;
      }
      if (line) lines.push(line);
      if (w <= width) {
        line = word;
        lineWidth = w;
        continue;
      }
      const pieces = splitWord(font, size, word, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
      lineWidth = font.widthOfString(line, size);
    }
    lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  let last = kept.at(-1)!;
  while (last && font.widthOfString(`${last}\u2026`, size) > width) last = last.slice(0, -1);
  kept[kept.length - 1] = `${last.trimEnd()}\u2026`;
  return kept;
}
