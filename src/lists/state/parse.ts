import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { cell, locateColumns, normalizeHeaderName, type ColumnSpec } from '../core/columns';
import { parseCsvSourceBatches, readDate, type CsvSourceSpec, type RowPosition } from '../core/csv-source';
import { hashId } from '../core/dedupe';
import { RowError, WrongSourceError } from '../core/errors';
import { createBatchedParseRun, type FileContext, type FileContextFactory, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { cleanNullable, splitValues } from '../core/text';
import { sniffInput } from '../core/xls-input';
import type { Workbook } from '../core/xls-shared';
import { parseSheetSource } from '../core/xls-sheet-source';
import { openWorkbook } from './workbook';
import { STATE_FIELDS, type StateField, type StateListConfig } from './config';
import { patternsOf, readStateName } from './names';

type Cells = Partial<Record<StateField, string | null>>;

function columnSpec(config: StateListConfig): ColumnSpec<StateField> {
  const spec = {} as ColumnSpec<StateField>;
  for (const field of STATE_FIELDS) {
    const ref = config.columns[field];
    spec[field] = ref === undefined ? [] : typeof ref === 'string' ? [ref] : ref;
  }
  return spec;
}

function mapStateRow(config: StateListConfig, cells: Cells, row: RowPosition, context: FileContext): ListRecord {
  const { separator } = patternsOf(config);
  const name = readStateName(config, cells);
  if (name === null) throw new RowError('no name in the row');
  const date = (field: StateField): string | null => readDate(cells[field] ?? '', config.dateFormats, config.columns[field]?.toString() ?? field, row);
  const numbers = splitValues(cells.providerNumber, separator);
  const npis = splitValues(cells.npi, /[\s,;/]+/).filter((n) => /^\d{10}$/.test(n));
  if (config.findNpisInProviderNumbers) npis.push(...numbers.filter((n) => isValidNpi(n) && !npis.includes(n)));
  for (const npi of npis) if (!isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
  const endDate = date('endDate');
  const record = emptyListRecord(config.id as SourceId, '', name.kind);
  Object.assign(record, {
    ...name.fields,
    npi: npis[0] ?? null,
    ein: cells.ein ?? null,
    licenseNumbers: splitValues(cells.license, separator),
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
    exclusionTerm: cells.term ?? (endDate ? `until ${endDate}` : null),
    exclusionDate: date('exclusionDate'),
    reinstatementDate: date('reinstatementDate'),
    caseNumber: cells.caseNumber ?? null,
    comments: cells.comments ?? null,
    link: config.officialUrl,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
  if (name.employer) record.extra.employer = name.employer;
  if (npis.length > 1) record.extra.otherNpis = npis.slice(1).join(';');
  if (endDate) record.extra.endDate = endDate;
  const idParts = config.idFields?.map((field) => cells[field] ?? null);
  record.sourceRecordId = idParts?.some(Boolean)
    ? idParts.map((p) => p ?? '').join('|')
    : hashId([record.kind, record.lastName, record.firstName, record.middleName, record.businessName, record.dateOfBirth, record.npi, cells.license ?? null, record.exclusionDate]);
  return record;
}

/** The row mapping of a state's table, for a CSV file or a sheet alike (header check included). */
function stateRowSpec(config: StateListConfig, context: FileContext): CsvSourceSpec {
  const spec = columnSpec(config);
  return {
    delimiter: config.delimiter,
    skipLines: config.skipLines,
    start(header) {
      const at = locateColumns(header.fields, spec, config.requiredColumns, { title: config.title, file: context.file });
      const extraAt = Object.entries(config.extraColumns).map(([key, name]) => [key, header.fields.findIndex((h) => normalizeHeaderName(h) === normalizeHeaderName(name))] as const);
      return {
        width: header.fields.length,
        map(fields, row) {
          const cells: Cells = {};
          for (const field of STATE_FIELDS) if (at[field] >= 0) cells[field] = cleanNullable(cell(fields, at[field]), config.nullTokens);
          const record = mapStateRow(config, cells, row, context);
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

/** Streams one state list file with its config: the one loader for every state (CSV, XLSX or XLS, told by the bytes). */
export async function* parseStateInput(config: StateListConfig, input: ListInput, contextFor: FileContextFactory): AsyncGenerator<ListRecord[]> {
  const name = inputName(input);
  const sniffed = await sniffInput(input);
  if (sniffed.kind === 'text') {
    const context = contextFor(name);
    yield* parseCsvSourceBatches(sniffed.input, context, stateRowSpec(config, context));
    return;
  }
  const { path, release } = await sniffed.openPath();
  try {
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
    yield* parseSheetSource(workbook.rowBatches(sheet), context, stateRowSpec(config, context));
  }
}

/** Parses the files of one state list. */
export function parseStateList(config: StateListConfig, files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createBatchedParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseStateInput(config, file, contextFor);
  });
}
