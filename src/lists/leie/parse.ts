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

export const LEIE_TITLE = 'OIG LEIE';
export const LEIE_LIST_URL = 'https://oig.hhs.gov/exclusions/exclusions_list.asp';

const SUFFIXES = /\s+(JR|SR|II|III|IV|V)\.?$/;

/** Splits a generational suffix off a name part ("THOMAS JR " → THOMAS, JR). */
function splitSuffix(name: string | null): [string | null, string | null] {
  const match = name?.match(SUFFIXES);
  if (!name || !match) return [name, null];
  return [clean(name.slice(0, match.index)), match[1]];
}

function mapLeieRow(f: string[], row: RowPosition, fileKind: LeieFileKind, context: FileContext): ListRecord {
  const [middle, middleSuffix] = splitSuffix(clean(f[2]));
  const [last, lastSuffix] = splitSuffix(clean(f[0]));
  const first = clean(f[1]);
  const business = clean(f[3]);
  const isPerson = last !== null || first !== null;
  if (!isPerson && business === null) throw new RowError('no name: LASTNAME, FIRSTNAME and BUSNAME are all empty');
  // Supplements up to 2016-03 write DOB as MM/DD/YY; nobody excluded is under 14.
  const pivotYear = (fileKind.month ? +fileKind.month.slice(0, 4) : new Date().getUTCFullYear()) - 14;
  const dob = readDate(f[8], f[8].includes('/') ? 'MM/DD/YY' : 'YYYYMMDD', 'DOB', row, pivotYear);
  const exclusionType = clean(f[13]);
  const exclusionDate = readDate(f[14], 'YYYYMMDD', 'EXCLDATE', row);
  const kind = isPerson ? 'person' : 'business';
  const id = hashId([kind, last, first, middle, isPerson ? null : business, dob, exclusionType, exclusionDate]);
  const record = emptyListRecord('leie', id, kind);
  Object.assign(record, {
    firstName: first,
    middleName: middle,
    lastName: last,
    suffix: middleSuffix ?? lastSuffix,
    businessName: isPerson ? null : business,
    dateOfBirth: dob,
    npi: digitsOrNull(f[7]),
    upin: clean(f[6]),
    address: clean(f[9]),
    city: clean(f[10]),
    state: clean(f[11]),
    postalCode: clean(f[12]),
    country: 'USA',
    classification: clean(f[4]),
    specialty: clean(f[5]),
    exclusionType,
    exclusionDate,
    reinstatementDate: readDate(f[15], 'YYYYMMDD', 'REINDATE', row),
    waiver: readDate(f[16], 'YYYYMMDD', 'WAIVERDATE', row),
    link: LEIE_LIST_URL,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
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
      return { width: LEIE_HEADER.length, map: (fields, row) => mapLeieRow(fields, row, fileKind, context) };
    },
  });
}

/** Parses LEIE files in order (UPDATED.csv and/or monthly supplements). */
export function parseLeie(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createBatchedParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseLeieFile(file, contextFor(inputName(file)));
  });
}
