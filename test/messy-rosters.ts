/**
 * Rosters as HR and credentialing systems export them, generated from a seed (issue 18): a mix of
 * clinicians (NPI, some an SSN) and staff (neither), in any delimiter and encoding, with rows cut
 * short, extra empty cells, blank lines, quoted values holding the delimiter, CRLF or LF. Tests,
 * the bench and the browser journey draw their files from here rather than from hand-picked ones.
 */
import { readFileSync } from 'node:fs';
import { luhnCheckDigit } from '#shared/identifiers';
import { seededRandom } from '#engine/synthetic-records';
import { XlsxWriter } from '../scripts/gen-lists/xlsx-writer';

export type RosterEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type RosterDelimiter = ',' | ';' | '\t' | '|';

export interface RosterOptions {
  rows: number;
  seed?: number;
  delimiter?: RosterDelimiter;
  encoding?: RosterEncoding;
  /** Share of rows that carry an NPI, and of rows that carry an SSN (drawn separately). */
  npiShare?: number;
  ssnShare?: number;
  /** Share of rows whose empty trailing cells are left out, and of rows with empty cells added past the header. */
  shortShare?: number;
  extraEmptyShare?: number;
  /** Share of blank lines between rows. */
  blankShare?: number;
  newline?: '\r\n' | '\n';
  /** Row indexes (0-based) given an NPI with a wrong check digit: screened by name all the same, the problem noted (issue 50). */
  badNpiRows?: readonly number[];
  /** Row indexes (0-based) given a fault the dry run must report: an SSN of 8 digits. */
  badSsnRows?: readonly number[];
}

export interface Roster {
  header: string[];
  /** The rows as meant, one cell per header column. */
  rows: string[][];
  /** The file's bytes. */
  bytes: Buffer;
  /** Rows with an NPI and with an SSN. */
  withNpi: number;
  withSsn: number;
}

export const ROSTER_HEADER = ['Employee ID', 'Given Name', 'Surname', 'Date of Birth', 'NPI #', 'SSN', 'Department', 'Notes'];

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'José', 'Renée', 'Olu', 'Priya', 'Tom', 'Zoë', 'Liam', 'Fatima', 'Noah', 'Ingrid'];
const LAST = ['Garcia', 'Smith', 'Okafor', 'Wang', 'Núñez', 'Dubois', 'Adeyemi', 'Patel', "O'Brien", 'Müller', 'Kowalski', 'Haddad', 'Lee', 'Berg'];
const DEPTS = ['Nursing', 'Pharmacy', 'Billing', 'Facilities', 'Radiology', 'Front Desk'];
const NOTES = ['', '', '', 'per diem', 'moved from "East" site', 'Smith, J. (supervisor)', 'contractor; agency staff', 'part-time | nights'];

const npiFrom = (nine: string) => nine + luhnCheckDigit(`80840${nine}`);

function cell(value: string, delimiter: string): string {
  return value.includes(delimiter) || value.includes('"') || /[\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function encode(text: string, encoding: RosterEncoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'utf-16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf-16be': {
      const le = Buffer.from(text, 'utf16le');
      return Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]);
    }
    case 'windows-1252':
      // The names above are all within Latin-1, where Windows-1252 agrees.
      return Buffer.from(text, 'latin1');
  }
}

/** A roster of `rows` people written as the options say. */
export function messyRoster(options: RosterOptions): Roster {
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const delimiter = options.delimiter ?? ',';
  const newline = options.newline ?? '\r\n';
  const bad = new Set(options.badNpiRows ?? []);
  const badSsn = new Set(options.badSsnRows ?? []);
  const rows: string[][] = [];
  let withNpi = 0;
  let withSsn = 0;
  for (let i = 0; i < options.rows; i++) {
    const hasNpi = random() < (options.npiShare ?? 0.1);
    const hasSsn = random() < (options.ssnShare ?? 0.1);
    const year = 1950 + Math.floor(random() * 50);
    const dob = random() < 0.5 ? `${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}` : `0${1 + Math.floor(random() * 9)}/2${Math.floor(random() * 8)}/${year}`;
    let npi = hasNpi ? npiFrom(String(100_000_000 + i * 7 + Math.floor(random() * 5)).slice(-9)) : '';
    if (bad.has(i)) npi = npiFrom(String(200_000_000 + i).slice(-9)).slice(0, 9) + ((Number(npiFrom(String(200_000_000 + i).slice(-9)).slice(9)) + 1) % 10);
    let ssn = hasSsn ? `${String(100 + Math.floor(random() * 600))}-${String(10 + Math.floor(random() * 89))}-${String(1000 + i).slice(-4)}` : '';
    if (badSsn.has(i)) ssn = `${String(100 + i).slice(-3)}-${String(10 + (i % 89)).slice(-2)}-${String(1000 + i).slice(-3)}`;
    if (npi) withNpi++;
    if (ssn) withSsn++;
    rows.push([`E${String(i + 1).padStart(6, '0')}`, pick(FIRST), pick(LAST), dob, npi, ssn, pick(DEPTS), pick(NOTES)]);
  }
  const lines = [ROSTER_HEADER.map((h) => cell(h, delimiter)).join(delimiter)];
  for (const row of rows) {
    let cells = row.map((v) => cell(v, delimiter));
    if (random() < (options.shortShare ?? 0.2)) {
      // Spreadsheet exports leave out empty trailing cells.
      while (cells.length > 1 && cells[cells.length - 1] === '') cells = cells.slice(0, -1);
    } else if (random() < (options.extraEmptyShare ?? 0.1)) {
      cells = [...cells, '', ''];
    }
    lines.push(cells.join(delimiter));
    if (random() < (options.blankShare ?? 0.02)) lines.push(random() < 0.5 ? '' : delimiter.repeat(3));
  }
  return { header: ROSTER_HEADER, rows, bytes: encode(lines.join(newline) + newline, options.encoding ?? 'utf-8'), withNpi, withSsn };
}

/**
 * The roster as an Excel workbook (.xlsx) in `path`: dates of birth typed as spreadsheet dates,
 * NPIs as numbers, empty cells left out as Excel leaves them; an empty sheet before it when asked
 * (the reader takes the first sheet that has rows), and a second sheet after it.
 */
export function writeRosterWorkbook(roster: Roster, path: string, options: { emptyFirstSheet?: boolean } = {}): Buffer {
  const book = new XlsxWriter(path);
  if (options.emptyFirstSheet) book.addSheet('Cover');
  book.addSheet('Staff');
  book.writeRow(roster.header);
  for (const row of roster.rows) {
    book.writeRow(row.map((value, i) => {
      if (value === '') return null;
      if (i === 3) return { date: isoOf(value) };
      if (i === 4) return Number(value);
      return value;
    }));
  }
  book.addSheet('Lookups');
  book.writeRow(['Department', 'Cost centre']);
  book.writeRow(['Nursing', '100']);
  book.close();
  return readFileSync(path);
}

/** A roster date (YYYY-M-D or MM/DD/YYYY) as ISO. */
export function isoOf(value: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return `${iso[1]}-${iso[2].padStart(2, '0')}-${iso[3].padStart(2, '0')}`;
  const [m, d, y] = value.split('/');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
