/**
 * How a customer's text file is written (issue 18 item 3): its delimiter (comma, semicolon, tab
 * or pipe) and its encoding, told to the user in the preview. Rosters exported by European Excel
 * use semicolons; HR systems write tab- or pipe-separated text; both used to be read as one column.
 */
import type { CsvEncoding } from './csv-file';

export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' } as const;
export type DelimiterName = keyof typeof DELIMITERS;
const NAMES = Object.keys(DELIMITERS) as DelimiterName[];

/** Lines at the head of the file the guess looks at (quoted values left out, blank lines skipped). */
const SAMPLE_LINES = 30;

function count(line: string, char: string): number {
  let n = 0;
  for (let i = line.indexOf(char); i >= 0; i = line.indexOf(char, i + 1)) n++;
  return n;
}

/**
 * The delimiter of a file: the one the header line uses most, weighed by how many of the next
 * lines use it too (between once and as often as the header: ragged rows have fewer). A header
 * "Name (Last, First);NPI" has one comma and one semicolon, but only the semicolon is on every
 * row. A file with no candidate at all is one column: comma.
 */
export function detectDelimiter(text: string): DelimiterName {
  const head = text.slice(0, 1 << 16).replace(/"[^"]*"/g, '""');
  const lines = head.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').slice(0, SAMPLE_LINES + 1);
  if (lines.length === 0) return 'comma';
  // The last sampled line may be cut off by the sample's end.
  const data = lines.slice(1, lines.length > SAMPLE_LINES ? -1 : undefined);
  let best: DelimiterName = 'comma';
  let bestScore = 0;
  for (const name of NAMES) {
    const char = DELIMITERS[name];
    const inHeader = count(lines[0], char);
    if (inHeader === 0) continue;
    const agreeing = data.filter((line) => {
      const n = count(line, char);
      return n >= 1 && n <= inHeader;
    }).length;
    const score = inHeader * (data.length ? agreeing / data.length : 1);
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}

/** What the preview says of a file's encoding. */
export function encodingLabel(encoding: CsvEncoding, hasBom: boolean): string {
  switch (encoding) {
    case 'utf-8':
      return hasBom ? 'UTF-8 with BOM' : 'UTF-8';
    case 'utf-16le':
      return 'UTF-16 LE';
    case 'utf-16be':
      return 'UTF-16 BE';
    case 'windows-1252':
      return 'Windows-1252';
  }
}

/**
 * A data row fitted to the header (item 2): missing trailing cells read as empty, empty cells
 * past the header dropped. A row whose extra cells hold data keeps them, and is reported.
 */
export function fitRow(row: string[], width: number): string[] {
  if (row.length === width) return row;
  if (row.length < width) return [...row, ...Array<string>(width - row.length).fill('')];
  let end = row.length;
  while (end > width && row[end - 1].trim() === '') end--;
  return end === row.length ? row : row.slice(0, end);
}
