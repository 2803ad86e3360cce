/**
 * A table printed in a PDF, as rows of cells. A ruled table (Excel, Word and Reporting
 * Services print a grid) is read by its rules: the horizontal rules cut the page into rows,
 * so a cell wrapped over several lines stays one cell whatever its alignment, and the header
 * row's vertical rules give the columns. A table without rules (Tennessee's) is read by its
 * lines: one row per line of text, columns from where the header's words stand.
 * The header repeats on every page: rows above it on a page (titles, notes) are dropped, and
 * so is the repeated header itself; up to the first header every row is kept, for the
 * header check to find it or refuse the file.
 */
import type { PdfPage, PdfRule, PdfText } from './pdf-read';
import type { SheetRow } from './xls-shared';

/** A row of the table, with the page it is on. */
export interface PdfRow extends SheetRow {
  page: number;
}

interface Column {
  from: number;
  to: number;
}

/** Numbers within `tolerance` of each other, as one (their first). */
function distinct(values: number[], tolerance: number): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (out.length === 0 || v - out[out.length - 1] > tolerance) out.push(v);
  return out;
}

const middle = (t: PdfText): number => t.y - t.size * 0.35;
const centre = (t: PdfText): number => (t.x0 + t.x1) / 2;

/**
 * The text of one cell: its runs line by line, left to right. A word cut at the cell's right
 * edge (Reporting Services breaks "ABDIRASHID" as "ABDIRA" / "SHID") is joined back.
 */
export function cellText(texts: PdfText[], right = Infinity): string {
  const sorted = [...texts].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  let out = '';
  let last: PdfText | null = null;
  let lineWords = 0;
  for (const t of sorted) {
    if (last === null) out = t.text;
    else if (Math.abs(t.y - last.y) < Math.max(1.5, t.size * 0.3)) out += (t.x0 - last.x1 > t.size * 0.12 ? ' ' : '') + t.text;
    else {
      // Same case on both sides of the break: "ABDIRA" / "SHID", not "Reinstatement" / "Date".
      const sameCase = (/[A-Z]$/.test(last.text) && /^[A-Z]/.test(t.text)) || (/[a-z]$/.test(last.text) && /^[a-z]/.test(t.text));
      // A word wrapped whole leaves room at the edge; one cut for want of room leaves less than a
      // character's (gaps measured on the real files: cuts 0.2–0.54 of the font size, whole-word wraps 0.56 and up).
      const cut = lineWords === 1 && sameCase && right - last.x1 < last.size * 0.55;
      // "BILLER-" / "PSYCHOTHERAPY" and "TYPE/" / "SPECIALTY" go on without a space; a dash between spaces keeps them.
      out += (cut || /[A-Za-z][-/]$/.test(last.text) ? '' : ' ') + t.text;
      lineWords = 0;
    }
    lineWords += t.text.split(' ').length;
    last = t;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** How much of the x axis some rules cover together (overlaps counted once). */
function coveredLength(rules: PdfRule[]): number {
  let total = 0;
  let end = -Infinity;
  for (const r of [...rules].sort((a, b) => a.from - b.from)) {
    if (r.to > end) total += r.to - Math.max(r.from, end);
    end = Math.max(end, r.to);
  }
  return total;
}

/** Rows of a ruled page: text between consecutive horizontal rules, with the cells the vertical rules crossing it make. */
function ruledBands(page: PdfPage): { texts: PdfText[]; columns: Column[] }[] {
  // A border ends on a vertical rule; an underline (the headers of Hawaii and New Jersey) lies just under its words, as long as they are.
  const touches = (x: number, y: number): boolean => page.vertical.some((v) => Math.abs(v.at - x) <= 2 && v.from - 2 <= y && v.to + 2 >= y);
  const underlines = (r: PdfRule): boolean =>
    page.texts.some((t) => r.at >= t.y - 0.5 && r.at - t.y <= t.size * 0.4 && Math.abs(r.from - t.x0) < 1.5 && Math.abs(r.to - t.x1) < 1.5);
  const borders = page.horizontal.filter((r) => (touches(r.from, r.at) || touches(r.to, r.at)) && !underlines(r));
  // A row border crosses the table; a text box laid over a cell (West Virginia's) has short edges.
  const levels = distinct(borders.map((r) => r.at), 1);
  const spans = new Map<number, PdfRule[]>(levels.map((y) => [y, []]));
  for (const r of borders) spans.get(levels.reduce((best, y) => (Math.abs(y - r.at) < Math.abs(best - r.at) ? y : best), levels[0]))?.push(r);
  const reach = new Map([...spans].map(([y, rules]) => [y, coveredLength(rules)]));
  const widest = Math.max(0, ...reach.values());
  const ys = levels.filter((y) => (reach.get(y) ?? 0) >= widest * 0.5);
  const bands = ys.slice(1).map((y, i) => ({ top: ys[i], bottom: y, texts: [] as PdfText[] }));
  for (const t of page.texts) {
    const m = middle(t);
    bands.find((b) => m >= b.top && m < b.bottom)?.texts.push(t);
  }
  return bands
    .filter((b) => b.texts.length > 0)
    .map((b) => {
      const mid = (b.top + b.bottom) / 2;
      const xs = distinct(page.vertical.filter((r: PdfRule) => r.from <= mid && r.to >= mid).map((r) => r.at), 1.5);
      const columns = xs.slice(1).map((x, i) => ({ from: xs[i], to: x }));
      return { texts: b.texts, columns };
    });
}

/** Lines of an unruled page: runs on the same baseline. */
function textLines(page: PdfPage): PdfText[][] {
  const lines: PdfText[][] = [];
  for (const t of [...page.texts].sort((a, b) => a.y - b.y || a.x0 - b.x0)) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0].y - t.y) < Math.max(2, t.size * 0.4)) line.push(t);
    else lines.push([t]);
  }
  return lines;
}

/** Runs of a line grouped into phrases (a gap wider than two spaces ends one). */
function phrases(line: PdfText[]): PdfText[][] {
  const out: PdfText[][] = [];
  for (const t of [...line].sort((a, b) => a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && t.x0 - last[last.length - 1].x1 < t.size * 0.6) last.push(t);
    else out.push([t]);
  }
  return out;
}

/** The cells of some text under the given columns (by the middle of each run); text outside every column is left out. */
function underColumns(texts: PdfText[], columns: Column[]): string[] {
  const cells = columns.map(() => [] as PdfText[]);
  for (const t of texts) {
    const x = centre(t);
    const at = columns.findIndex((c) => x >= c.from && x < c.to);
    if (at >= 0) cells[at].push(t);
  }
  return cells.map((c, i) => cellText(c, columns[i].to));
}

/** Columns of an unruled table from its header's phrases: each reaches halfway to the next. */
function columnsFromHeader(header: PdfText[][]): Column[] {
  const spans = header.map((p) => ({ x0: Math.min(...p.map((t) => t.x0)), x1: Math.max(...p.map((t) => t.x1)) }));
  return spans.map((s, i) => ({ from: i === 0 ? -Infinity : (spans[i - 1].x1 + s.x0) / 2, to: i === spans.length - 1 ? Infinity : (s.x1 + spans[i + 1].x0) / 2 }));
}

/** The table's rows, page by page; `isHeader` tells the header row. */
export function* pdfTableRows(pages: Iterable<PdfPage>, isHeader: (cells: readonly string[]) => boolean): Generator<PdfRow> {
  let columns: Column[] | null = null;
  let seenHeader = false;
  let row = 0;
  for (const page of pages) {
    const ruled = page.horizontal.length >= 3 && page.vertical.length >= 2;
    const units = ruled
      ? ruledBands(page).map((b) => ({ texts: b.texts, own: b.columns.length > 1 ? b.columns : null, phrases: null as PdfText[][] | null }))
      : textLines(page).map((line) => ({ texts: line, own: null, phrases: phrases(line) }));
    const cellsOf = (u: (typeof units)[number]): string[] =>
      u.own ? underColumns(u.texts, u.own) : u.phrases ? u.phrases.map((p) => cellText(p)) : [cellText(u.texts)];
    const headerAt = units.findIndex((u) => isHeader(cellsOf(u)));
    // Until the first header, every row is kept (the parser skips or refuses what is above it); after, a page's repeated header and what is above it go.
    const dropUpTo = seenHeader ? headerAt : -1;
    if (headerAt >= 0) {
      seenHeader = true;
      const header = units[headerAt];
      columns = header.own ?? (header.phrases ? columnsFromHeader(header.phrases) : null);
    }
    for (let i = 0; i < units.length; i++) {
      if (i <= dropUpTo) continue;
      const unit = units[i];
      const cells = i > headerAt && columns ? underColumns(unit.texts, columns) : cellsOf(unit);
      if (cells.every((c) => c === '')) continue;
      yield { row: ++row, page: page.number, cells };
    }
  }
}
