import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { cell, locateColumns, normalizeHeaderName, type ColumnSpec } from '../core/columns';
import { parseCsvSource, readDate, type RowPosition } from '../core/csv-source';
import { hashId } from '../core/dedupe';
import { RowError } from '../core/errors';
import { createParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { cleanNullable, splitValues } from '../core/text';
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

/** Streams one state list file with its config: the one loader for every state. */
export function parseStateFile(config: StateListConfig, input: ListInput, context: FileContext): AsyncGenerator<ListRecord> {
  const spec = columnSpec(config);
  return parseCsvSource(input, context, {
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
  });
}

/** Parses the files of one state list. */
export function parseStateList(config: StateListConfig, files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseStateFile(config, file, contextFor(inputName(file)));
  });
}
