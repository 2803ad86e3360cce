import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { cell, locateColumns, normalizeHeaderName, type ColumnSpec } from '../core/columns';
import { parseCsvSourceBatches, readDate, type CsvSourceSpec, type RowPosition } from '../core/csv-source';
import { isPlaceholderDate } from '../core/dates';
import { hashId } from '../core/dedupe';
import { RowError, WrongSourceError } from '../core/errors';
import { createBatchedParseRun, type FileContext, type FileContextFactory, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { cleanNullable, splitValues } from '../core/text';
import { sniffInput } from '../core/xls-input';
import type { Workbook } from '../core/xls-shared';
import { parseSheetSource } from '../core/xls-sheet-source';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { htmlTables } from '../core/html-table';
import { decodeWindows1252 } from '../core/windows-1252';
import { openWorkbook } from './workbook';
import { parsePdfList } from './pdf';
import { STATE_FIELDS, type StateField, type StateListConfig } from './config';
import { readStateName } from './names';
import { noteStatedAsOf } from './as-of';
import { reshapeRows } from './row-stream';

type Cells = Partial<Record<StateField, string | null>>;

function columnSpec(config: StateListConfig): ColumnSpec<StateField> {
  const spec = {} as ColumnSpec<StateField>;
  for (const field of STATE_FIELDS) {
    const ref = config.columns[field];
    spec[field] = (ref === undefined ? [] : typeof ref === 'string' ? [ref] : ref).map(stateHeaderName);
  }
  return spec;
}

/** A header name as the state configs name it: no colons at the end, underscores as spaces ("NPI #:", "provider_name"). */
export function stateHeaderName(name: string): string {
  return name.replace(/_/g, ' ').replace(/[\s:]+$/, '').replace(/\s+/g, ' ').trim();
}

// Licence and provider numbers never hold a comma: ; , and "&" all separate them ("PHA410230, 1821137118").
const ID_SEPARATOR = /\s*[;,]\s*|\s+&\s+/;

function mapStateRow(config: StateListConfig, cells: Cells, row: RowPosition, context: FileContext): ListRecord {
  const name = readStateName(config, cells);
  if (name === null) throw new RowError('no name in the row');
  const noDate = new Set(config.noDateWords.map((w) => w.toUpperCase()));
  const date = (field: StateField, pivotYear?: number): string | null => {
    const text = cells[field] ?? '';
    if (noDate.has(text.toUpperCase())) return null;
    const iso = readDate(text, config.dateFormats, config.columns[field]?.toString() ?? field, row, pivotYear);
    // "12/31/9999" for "no end" (Louisiana's Reinstate column), "8/14/9999" for an unknown birth date: no date.
    return isPlaceholderDate(iso) ? null : iso;
  };
  const ids = splitValues(cells.npi, /[\s,;/]+/);
  const npis = ids.filter((n) => /^\d{10}$/.test(n));
  // Atypical ids, licence ids or Medicaid numbers published in the NPI column ("X000429159").
  const numbers = [...splitValues(cells.providerNumber, ID_SEPARATOR), ...ids.filter((n) => !npis.includes(n) && /\d{4}/.test(n))];
  if (config.findNpisInProviderNumbers) npis.push(...numbers.filter((n) => isValidNpi(n) && !npis.includes(n)));
  for (const npi of npis) if (!isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
  // An end date with a two-digit year may lie decades ahead (Idaho's "Eligible for Reinstatement" 9/22/32).
  const endDate = date('endDate', new Date().getUTCFullYear() + 40);
  const endWord = cells.endDate && noDate.has(cells.endDate.toUpperCase()) ? cells.endDate : null;
  const record = emptyListRecord(config.id as SourceId, '', name.kind);
  Object.assign(record, {
    ...name.fields,
    npi: npis[0] ?? null,
    ein: cells.ein ?? null,
    licenseNumbers: splitValues(cells.license, ID_SEPARATOR),
    providerNumbers: numbers.filter((n) => !npis.includes(n)),
    dateOfBirth: date('dob'),
    address: cells.address ?? null,
    city: cells.city ?? null,
    county: cells.county ?? null,
    state: cells.state ?? null,
    postalCode: cells.zip ?? null,
    country: 'USA',
    specialty: cells.providerType ?? null,
    classification: cells.providerType ?? null,
    exclusionType: cells.status ?? null,
    exclusionTerm: cells.term ?? (endDate ? `until ${endDate}` : endWord),
    exclusionDate: date('exclusionDate'),
    reinstatementDate: date('reinstatementDate'),
    caseNumber: cells.caseNumber ?? null,
    comments: cells.comments ?? null,
    link: config.officialUrl,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
  if (name.employer) record.extra.employer = name.employer;
  if (name.owner) record.extra.owner = name.owner;
  if (name.credentials?.length) record.extra.credentials = name.credentials.join(' ');
  if (name.titles?.length) record.extra.role = name.titles.join('; ');
  if (name.asPublished) record.extra.nameAsPublished = name.asPublished;
  if (name.registerNumber) record.extra.registerNumber = name.registerNumber;
  if (npis.length > 1) record.extra.otherNpis = npis.slice(1).join(';');
  if (endDate) record.extra.endDate = endDate;
  const idParts = config.idFields?.map((field) => cells[field] ?? null);
  const id = name.identity ?? record;
  record.sourceRecordId = idParts?.some(Boolean)
    ? idParts.map((p) => p ?? '').join('|')
    : hashId([id.kind, id.lastName, id.firstName, id.middleName, id.businessName, record.dateOfBirth, record.npi, cells.license ?? null, record.exclusionDate]);
  return record;
}

/** Header names a list repeats, told apart by their place: the second "Sanction Source" is "Sanction Source (2)" (Michigan). */
function numberRepeats(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = normalizeHeaderName(name);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count > 1 && key !== '' ? `${name} (${count})` : name;
  });
}

/** The header check of one layout: true when a row has every required column. */
function headerTest(config: StateListConfig): (fields: readonly string[]) => boolean {
  const spec = columnSpec(config);
  const required = config.requiredColumns.map((field) => spec[field].map((n) => normalizeHeaderName(n)));
  return (fields) => {
    const names = new Set(numberRepeats(fields.map(stateHeaderName)).map((f) => normalizeHeaderName(f)));
    return required.every((candidates) => candidates.some((n) => names.has(n)));
  };
}

/** The config, or the older layout of it the header fits (the current one when none fits, to name what is missing). */
function layoutFor(config: StateListConfig, header: readonly string[]): StateListConfig {
  if (headerTest(config)(header)) return config;
  const older = config.olderLayouts.map((layout) => ({ ...config, ...layout, olderLayouts: [] }));
  return older.find((layout) => headerTest(layout)(header)) ?? config;
}

/** The row mapping of a state's table, for a CSV file or a sheet alike (header check included). */
export function stateRowSpec(config: StateListConfig, context: FileContext): CsvSourceSpec {
  const tests = [config, ...config.olderLayouts.map((layout) => ({ ...config, ...layout }))].map(headerTest);
  noteStatedAsOf(config, context.file, context);
  // The rows above the header are where a list states its date ("Document created on: …").
  const isHeader = (fields: readonly string[]): boolean => {
    const found = tests.some((test) => test(fields));
    if (!found) noteStatedAsOf(config, fields.join(' '), context);
    return found;
  };
  return {
    delimiter: config.delimiter,
    skipLines: config.skipLines,
    isHeaderless: config.fieldNames !== undefined,
    findHeader: config.headerWithin === undefined ? undefined : { isHeader, within: config.headerWithin + 1 },
    start(first) {
      const fieldNames = config.fieldNames;
      if (fieldNames && (first.fields.length < fieldNames.length || first.fields.slice(fieldNames.length).some((f) => f.trim() !== ''))) {
        const shape = `${fieldNames.length} ${config.delimiter === '\t' ? 'tab' : `"${config.delimiter}"`}-separated fields (${fieldNames.join(', ')})`;
        throw new WrongSourceError(`${context.file} is not in the ${config.title} layout: expected a file without a header line, of ${shape}, but the file starts with ${JSON.stringify(first.raw.slice(0, 200))}`);
      }
      const headerFields = numberRepeats((fieldNames ?? first.fields).map(stateHeaderName));
      const layout = layoutFor(config, headerFields);
      const at = locateColumns(headerFields, columnSpec(layout), layout.requiredColumns, { title: config.title, file: context.file });
      // Columns under an empty header cell, by position (Montana's action type).
      for (const [field, position] of Object.entries(config.positionalColumns)) at[field as StateField] = position - 1;
      const width = Math.max(headerFields.length, ...Object.values(config.positionalColumns));
      const indexOf = (name: string): number => headerFields.findIndex((h) => normalizeHeaderName(h) === normalizeHeaderName(stateHeaderName(name)));
      const extraAt = Object.entries(layout.extraColumns).map(([key, name]) => [key, indexOf(name)] as const);
      const aliasAt = layout.aliasColumns.map(([first, last]) => [indexOf(first), indexOf(last)] as const);
      const whole = (patterns: readonly string[]) => patterns.map((pattern) => new RegExp(`^(?:${pattern})$`, 'i'));
      const ignored = whole(config.ignoreRows);
      const ends = whole(config.endRows);
      const [section] = whole(config.sectionRows === undefined ? [] : [config.sectionRows]);
      let ended = false;
      let heading: string | null = null;
      return {
        width,
        map(fields, row) {
          if (ended) return null;
          const text = fields.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
          // A row of empty cells (a CSV export's ",,,"; a sheet leaves it out) is a gap, not a record.
          if (text === '') return null;
          if (ignored.length > 0 && ignored.some((re) => re.test(text))) return null;
          if (ends.some((re) => re.test(text))) {
            ended = true;
            return null;
          }
          if (section?.test(text)) {
            heading = text;
            return null;
          }
          const cells: Cells = {};
          for (const field of STATE_FIELDS) if (at[field] >= 0) cells[field] = cleanNullable(cell(fields, at[field]), config.nullTokens);
          if (heading !== null && !cells.providerType) cells.providerType = heading;
          const record = mapStateRow(layout, cells, row, context);
          for (const [first, last] of aliasAt) {
            const alias = [first, last].map((i) => cleanNullable(cell(fields, i), config.nullTokens)).filter(Boolean).join(' ');
            const own = [record.firstName, record.lastName].filter(Boolean).join(' ');
            if (alias !== '' && alias.toUpperCase() !== own.toUpperCase() && !record.akas.includes(alias)) record.akas.push(alias);
          }
          for (const [key, index] of extraAt) {
            const value = cleanNullable(cell(fields, index), config.nullTokens);
            if (value !== null) record.extra[key] = value;
          }
          return record;
        },
      };
    },
  };
}

/** Streams one state list file with its config: the one loader for every state (CSV, XLSX, XLS or PDF, told by the bytes). */
export async function* parseStateInput(config: StateListConfig, input: ListInput, contextFor: FileContextFactory): AsyncGenerator<ListRecord[]> {
  const name = inputName(input);
  const sniffed = await sniffInput(input);
  if (sniffed.kind === 'text') {
    const context = contextFor(name);
    if (config.format === 'html') {
      yield* parseHtmlPage(config, await readText(sniffed.input), context);
      return;
    }
    if (config.format === 'pdf' && config.olderLayouts.length > 0) {
      // A list that was a web page before it became a PDF (Arizona): a saved page is read as one.
      const text = await readText(sniffed.input);
      if (/^\s*</.test(text)) yield* parseHtmlPage(config, text, context);
      else yield* parseCsvSourceBatches(Readable.from([text]), context, stateRowSpec(config, context));
      return;
    }
    yield* parseCsvSourceBatches(sniffed.input, context, stateRowSpec(config, context));
    return;
  }
  const { path, release } = await sniffed.openPath();
  try {
    if (sniffed.kind === 'pdf') {
      yield* parsePdfList(config, path, contextFor(name), stateRowSpec);
      return;
    }
    const workbook = await openWorkbook(sniffed.kind, path, name);
    try {
      yield* parseWorkbook(config, workbook, contextFor);
    } finally {
      await workbook.close();
    }
  } finally {
    await release();
  }
}

const MAX_PAGE_BYTES = 32 * 2 ** 20;

/** The whole text of a web page (UTF-8, else Windows-1252), refused past 32 MiB. */
async function readText(input: ListInput): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = typeof input === 'string' ? createReadStream(input) : input;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > MAX_PAGE_BYTES) throw new WrongSourceError(`${inputName(input)} is larger than a list page can be (32 MiB)`);
    chunks.push(bytes);
  }
  const bytes = Buffer.concat(chunks);
  const text = bytes.toString('utf8');
  return text.includes('\uFFFD') ? decodeWindows1252(bytes) : text;
}

/** A list published as a web page: the first table with the expected header, its rows mapped like a sheet's. */
async function* parseHtmlPage(config: StateListConfig, html: string, context: FileContext): AsyncGenerator<ListRecord[]> {
  const spec = stateRowSpec(config, context);
  noteStatedAsOf(config, html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' '), context);
  const tables = htmlTables(html).filter((rows) => rows.length > 0);
  const read = tables.filter((rows) => rows.slice(0, 5).some((r) => spec.findHeader?.isHeader(r.cells) ?? true)).slice(0, config.pageTables);
  if (read.length === 0) {
    // No table with the header: `start` refuses the page, naming the expected columns.
    spec.start({ line: 1, fields: tables[0]?.[0]?.cells ?? [html.slice(0, 80)], raw: (tables[0]?.[0]?.cells ?? [html.slice(0, 80)]).join(',') });
    return;
  }
  // Each table has its own header (DC: "Name of Individual", then "Name of Company"), so its own columns.
  for (const [i, table] of read.entries()) yield* parseSheetSource((async function* () { yield table; })(), context, i === 0 ? spec : stateRowSpec(config, context));
}

/** The configured sheets of a workbook (else its first), in order, each a table with its own header. */
async function* parseWorkbook(config: StateListConfig, workbook: Workbook, contextFor: FileContextFactory): AsyncGenerator<ListRecord[]> {
  const name = workbook.file;
  const sheets = config.sheets ?? workbook.sheetNames.slice(0, 1);
  const found = sheets.map((sheet) => workbook.sheetNames.find((n) => n.trim().toLowerCase() === sheet.trim().toLowerCase()));
  const missing = sheets.filter((_, i) => found[i] === undefined);
  if (missing.length > 0) {
    const names = (list: readonly string[]): string => list.map((n) => `"${n}"`).join(', ');
    throw new WrongSourceError(`${name} is not in the ${config.title} layout: expected the sheets ${names(sheets)} (missing: ${names(missing)}) but the workbook has the sheets ${names(workbook.sheetNames)}`);
  }
  for (const sheet of found as string[]) {
    const context = contextFor(sheets.length > 1 ? `${name}, sheet ${sheet}` : name);
    noteStatedAsOf(config, sheet, context);
    const rows = reshapeRows(config, workbook.rowBatches(sheet), { isHeader: headerTest(config), nameColumn: nameColumnOf(config) });
    yield* parseSheetSource(rows, context, stateRowSpec(config, context));
  }
}

/** Where a header has the name column (-1 without one). */
function nameColumnOf(config: StateListConfig): (header: readonly string[]) => number {
  const names = columnSpec(config).name.map((n) => normalizeHeaderName(n));
  return (header) => header.findIndex((h) => names.includes(normalizeHeaderName(stateHeaderName(h))));
}

/** Parses the files of one state list. */
export function parseStateList(config: StateListConfig, files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createBatchedParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseStateInput(config, file, contextFor);
  });
}
