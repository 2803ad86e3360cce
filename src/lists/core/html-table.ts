/**
 * Reads the rows of an HTML table (a state list published as a web page, Arizona 2015): every
 * `<tr>` of every `<table>`, its `<th>`/`<td>` cells as text (tags dropped, entities decoded,
 * spaces collapsed), with the line the row starts on. Tables nested in a cell are read as
 * tables of their own. The page is held in memory: such lists are a few hundred kilobytes.
 */
import type { SheetRow } from './xls-shared';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ndash: '–', mdash: '—' };

/** Text of an HTML fragment: tags out, entities decoded, whitespace collapsed. */
export function htmlText(fragment: string): string {
  return fragment
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The tables of a page, each as its rows (header rows included), in document order. */
export function htmlTables(html: string): SheetRow[][] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ''));
  const lineAt = lineCounter(withoutComments);
  const tables: SheetRow[][] = [];
  const tableTag = /<table\b[^>]*>([\s\S]*?)<\/table>/gi;
  for (let m = tableTag.exec(withoutComments); m; m = tableTag.exec(withoutComments)) {
    const bodyStart = m.index + m[0].indexOf(m[1]);
    const rows: SheetRow[] = [];
    const rowTag = /<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi;
    for (let r = rowTag.exec(m[1]); r; r = rowTag.exec(m[1])) {
      const cells = [...r[1].matchAll(/<t([hd])\b[^>]*>([\s\S]*?)(?=<t[hd]\b|<\/tr>|$)/gi)].map((c) => htmlText(c[2].replace(/<\/t[hd]>\s*$/i, '')));
      if (cells.length > 0) rows.push({ row: lineAt(bodyStart + r.index), cells });
    }
    tables.push(rows);
  }
  return tables;
}

/** Line number (1-based) of a character offset. */
function lineCounter(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
