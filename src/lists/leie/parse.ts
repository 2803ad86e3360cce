import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { cell, isHeader } from '../core/columns';
import { parseCsvSourceBatches, readDate, type RowPosition } from '../core/csv-source';
import { hashId } from '../core/dedupe';
import { RowError, wrongSource } from '../core/errors';
import { isValidNpi } from '#shared/identifiers';
import { createBatchedParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { clean, digitsOrNull } from '../core/text';
import { leieFileKind, type LeieFileKind } from './file-kind';

export const LEIE_HEADER = [
  'LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'GENERAL', 'SPECIALTY', 'UPIN', 'NPI', 'DOB',
  'ADDRESS', 'CITY', 'STATE', 'ZIP', 'EXCLTYPE', 'EXCLDATE', 'REINDATE', 'WAIVERDATE', 'WVRSTATE',
] as const;
// The OIG layout PDF names the last column WAIVERSTATE; accept that spelling too.
const LEIE_HEADER_PDF = [...LEIE_HEADER.slice(0, 17), 'WAIVERSTATE'];

// The mapper reads every column: current-layout lines (every field quoted) are cut without
// building an array per row.
const ALL_COLUMNS = LEIE_HEADER.map((_, i) => i);

export const LEIE_TITLE = 'OIG LEIE';
export const LEIE_LIST_URL = 'https://oig.hhs.gov/exclusions/exclusions_list.asp';

const SUFFIXES = /\s+(JR|SR|II|III|IV|V)\.?$/;

/** Splits a generational suffix off a name part ("THOMAS JR " → THOMAS, JR). */
function splitSuffix(name: string | null): [string | null, string | null] {
  const match = name?.match(SUFFIXES);
  if (!name || !match) return [name, null];
  return [clean(name.slice(0, match.index)), match[1]];
}

/** What every row of one file shares. */
interface LeieFile {
  fileKind: LeieFileKind;
  context: FileContext;
  /** Pivot for MM/DD/YY birth dates (supplements up to 2016-03): nobody excluded is under 14. */
  pivotYear: number;
}

// Fields are set one by one into the empty record (its key order), with no temporary object.
function mapLeieRow(f: string[], row: RowPosition, { fileKind, context, pivotYear }: LeieFile): ListRecord {
  const [middle, middleSuffix] = splitSuffix(clean(f[2]));
  const [last, lastSuffix] = splitSuffix(clean(f[0]));
  const first = clean(f[1]);
  const business = clean(f[3]);
  const isPerson = last !== null || first !== null;
  if (!isPerson && business === null) throw new RowError('no name: LASTNAME, FIRSTNAME and BUSNAME are all empty');
  const dob = readDate(f[8], f[8].includes('/') ? 'MM/DD/YY' : 'YYYYMMDD', 'DOB', row, pivotYear);
  const exclusionType = clean(f[13]);
  const exclusionDate = readDate(f[14], 'YYYYMMDD', 'EXCLDATE', row);
  const kind = isPerson ? 'person' : 'business';
  const id = hashId([kind, last, first, middle, isPerson ? null : business, dob, exclusionType, exclusionDate]);
  const record = emptyListRecord('leie', id, kind);
  record.firstName = first;
  record.middleName = middle;
  record.lastName = last;
  record.suffix = middleSuffix ?? lastSuffix;
  record.businessName = isPerson ? null : business;
  record.dateOfBirth = dob;
  record.npi = digitsOrNull(f[7]);
  record.upin = clean(f[6]);
  record.address = clean(f[9]);
  record.city = clean(f[10]);
  record.state = clean(f[11]);
  record.postalCode = clean(f[12]);
  record.country = 'USA';
  record.classification = clean(f[4]);
  record.specialty = clean(f[5]);
  record.exclusionType = exclusionType;
  record.exclusionDate = exclusionDate;
  record.reinstatementDate = readDate(f[15], 'YYYYMMDD', 'REINDATE', row);
  record.waiver = readDate(f[16], 'YYYYMMDD', 'WAIVERDATE', row);
  record.link = LEIE_LIST_URL;
  record.dateAcquired = context.dateAcquired;
  if (record.npi !== null && !isValidNpi(record.npi)) row.warn(`NPI ${record.npi} fails the check digit; kept as published`);
  record.extra.fileKind = fileKind.kind;
  if (isPerson && business !== null) record.extra.employer = business;
  const waiverState = clean(cell(f, 17));
  if (waiverState !== null) record.extra.waiverState = waiverState;
  return record;
}

/**
 * Streams one LEIE file, either layout (2017: quoted header, unquoted empties, trailing
 * comma; current: unquoted header, every field quoted). Supplements are recognised by name.
 * Yields a batch of records per chunk of the file.
 */
export function parseLeieFile(input: ListInput, context: FileContext, fileKind = leieFileKind(inputName(input))): AsyncGenerator<ListRecord[]> {
  context.noteAsOf(fileKind.month);
  return parseCsvSourceBatches(input, context, {
    start(header) {
      if (!isHeader(header.fields, LEIE_HEADER) && !isHeader(header.fields, LEIE_HEADER_PDF)) {
        throw wrongSource(LEIE_TITLE, context.file, LEIE_HEADER.join(','), header.raw);
      }
      const file: LeieFile = { fileKind, context, pivotYear: (fileKind.month ? +fileKind.month.slice(0, 4) : new Date().getUTCFullYear()) - 14 };
      return { width: LEIE_HEADER.length, columns: ALL_COLUMNS, map: (fields, row) => mapLeieRow(fields, row, file) };
    },
  });
}

/** Parses LEIE files in order (UPDATED.csv and/or monthly supplements). */
export function parseLeie(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createBatchedParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseLeieFile(file, contextFor(inputName(file)));
  });
}
