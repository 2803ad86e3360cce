/**
 * A state list published as a PDF (Hawaii, Idaho, Maine, the NJ Comptroller, Tennessee, West
 * Virginia, Arizona today): every page is read first, so a page that cannot be read refuses
 * the whole file before any record is handed on (a version is never made from part of a
 * file); then the table's rows go through the same header check and row mapping as a sheet's.
 */
import { readFile, stat } from 'node:fs/promises';
import type { ListRecord } from '#shared/list-record';
import type { CsvSourceSpec } from '../core/csv-source';
import { WrongSourceError } from '../core/errors';
import type { FileContext } from '../core/parse-run';
import type { PdfPage } from '../core/pdf-read';
import { pdfTableRows, type PdfRow } from '../core/pdf-table';
import { parseSheetSource } from '../core/xls-sheet-source';
import type { StateListConfig } from './config';
import { noteStatedAsOf } from './as-of';

const MAX_PDF_BYTES = 64 * 2 ** 20;
const BATCH = 500;

/** The context with each reported row's page put before its text ("page 3: …"). */
function withPages(context: FileContext, pageOf: Map<number, number>): FileContext {
  const onPage = (line: number, raw?: string): string | undefined => (pageOf.has(line) ? `page ${pageOf.get(line)}: ${raw ?? ''}` : raw);
  return {
    ...context,
    reject: (line, reason, raw) => context.reject(line, reason, onPage(line, raw)),
    warn: (line, reason, raw) => context.warn(line, reason, onPage(line, raw)),
    noteAsOf: (date) => context.noteAsOf(date),
  };
}

const spaceless = (name: string): string => name.replace(/[\s:]+/g, '').toLowerCase();

/**
 * A header cell wrapped over two lines comes back with or without a space ("EFFECTIVE DATE",
 * "TERMINATIONDATE"): a cell that is one of the config's header names but for spaces is given
 * the config's spelling.
 */
function headerNames(config: StateListConfig): (cell: string) => string {
  const refs = [config.columns, ...config.olderLayouts.map((l) => l.columns)].flatMap((columns) => Object.values(columns).flat());
  const names = [...refs, ...Object.values(config.extraColumns), ...config.aliasColumns.flat()].filter((n): n is string => typeof n === 'string');
  const bySpaceless = new Map(names.map((n) => [spaceless(n), n]));
  return (cell) => bySpaceless.get(spaceless(cell)) ?? cell;
}

export async function* parsePdfList(
  config: StateListConfig,
  path: string,
  context: FileContext,
  rowSpec: (config: StateListConfig, context: FileContext) => CsvSourceSpec,
): AsyncGenerator<ListRecord[]> {
  if ((await stat(path)).size > MAX_PDF_BYTES) throw new WrongSourceError(`${context.file} is larger than a list PDF can be (64 MiB)`);
  const pages: PdfPage[] = [];
  // pdf.js is loaded with the first PDF read, not with the importers: its legacy build installs
  // core-js polyfills over the process's built-ins (Array.prototype.push 2-3 times slower, JSON.parse,
  // Set methods, Iterator), which a server that reads no PDF list should not carry (ADR 093).
  const { readPdfPages } = await import('../core/pdf-read');
  for await (const page of readPdfPages(new Uint8Array(await readFile(path)), context.file)) pages.push(page);
  // A report states its date on its first or last page ("Updated 06/10/2026", "Run Date: 06/01/2026").
  for (const page of new Set([pages[0], pages[pages.length - 1]])) if (page) noteStatedAsOf(config, page.texts.map((t) => t.text).join(' '), context);
  const pageOf = new Map<number, number>();
  const paged = withPages(context, pageOf);
  const spec = rowSpec(config, paged);
  const isHeader = spec.findHeader?.isHeader ?? (() => false);
  const named = headerNames(config);
  const ignored = config.ignoreRows.map((pattern) => new RegExp(`^(?:${pattern})$`, 'i'));
  const rows: PdfRow[] = [...pdfTableRows(pages, (cells) => isHeader(cells.map(named)))]
    .map((row) => ({ ...row, cells: row.cells.map(named) }))
    .filter((row) => !ignored.some((re) => re.test(row.cells.filter(Boolean).join(' '))));
  for (const row of rows) pageOf.set(row.row, row.page);
  if (rows.length === 0) throw new WrongSourceError(`${context.file} has no text: a scanned PDF (an image of a list) cannot be read; expected the ${config.title} as the agency publishes it`);
  async function* batches(): AsyncGenerator<PdfRow[]> {
    for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
  }
  yield* parseSheetSource(batches(), paged, spec);
}
