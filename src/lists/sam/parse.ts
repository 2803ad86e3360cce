import { basename } from 'node:path';
import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { isHeader } from '../core/columns';
import { parseCsvSource, readDate, type RowPosition } from '../core/csv-source';
import { hashId } from '../core/dedupe';
import { RowError, wrongSource } from '../core/errors';
import { createParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { clean, splitValues } from '../core/text';

/** The V2 header as GSA really ships it (column 17 "Blank (Deprecated)", "Creation_Date"). */
export const SAM_V2_HEADER = [
  'Classification', 'Name', 'Prefix', 'First', 'Middle', 'Last', 'Suffix', 'Address 1', 'Address 2',
  'Address 3', 'Address 4', 'City', 'State / Province', 'Country', 'Zip Code', 'Open Data Flag',
  'Blank (Deprecated)', 'Unique Entity ID', 'Exclusion Program', 'Excluding Agency', 'CT Code',
  'Exclusion Type', 'Additional Comments', 'Active Date', 'Termination Date', 'Record Status',
  'Cross-Reference', 'SAM Number', 'CAGE', 'NPI', 'Creation_Date',
] as const;

/** The legacy V1 header (28 columns, DUNS in place of the open-data flag / UEI pair). */
export const SAM_V1_HEADER = [...SAM_V2_HEADER.slice(0, 15), 'DUNS', ...SAM_V2_HEADER.slice(18, 30)] as const;

export const SAM_TITLE = 'SAM.gov Exclusions public extract';
export const SAM_LIST_URL = 'https://sam.gov/search/?index=ex';

type Layout = 'V1' | 'V2';

/** `SAM_Exclusions_Public_Extract_V2_24096.CSV` → 2024-04-05 (YY + Julian day). */
export function samFileDate(fileName: string): string | null {
  const match = basename(fileName).match(/_(\d{2})(\d{3})\.(csv|zip)$/i);
  if (!match || +match[2] < 1 || +match[2] > 366) return null;
  const date = new Date(Date.UTC(2000 + +match[1], 0, +match[2]));
  return date.toISOString().slice(0, 10);
}

function mapSamRow(fields: string[], row: RowPosition, layout: Layout, context: FileContext): ListRecord {
  const header: readonly string[] = layout === 'V2' ? SAM_V2_HEADER : SAM_V1_HEADER;
  const raw = (name: string): string => {
    const index = header.indexOf(name);
    return index >= 0 ? fields[index] : '';
  };
  const value = (name: string): string | null => clean(raw(name));
  const classification = value('Classification');
  const name = value('Name');
  const last = value('Last');
  const first = value('First');
  const isPerson = classification === 'Individual' || (name === null && (last !== null || first !== null));
  if (!isPerson && name === null) throw new RowError('no name: Name, First and Last are all empty');
  const samNumber = value('SAM Number');
  const agency = value('Excluding Agency');
  const activeDate = readDate(raw('Active Date'), 'MM/DD/YYYY', 'Active Date', row);
  const termination = value('Termination Date');
  const isIndefinite = termination?.toLowerCase() === 'indefinite';
  const terminationDate = isIndefinite ? null : readDate(termination ?? '', 'MM/DD/YYYY', 'Termination Date', row);
  const npis = splitValues(value('NPI'), /[\s,;/]+/).filter((npi) => /^\d{10}$/.test(npi));
  const id = samNumber ? `${samNumber}:${agency ?? '-'}:${activeDate ?? '-'}` : hashId([classification, name, first, last, agency, activeDate]);

  const record = emptyListRecord('sam', id, isPerson ? 'person' : 'business');
  Object.assign(record, {
    prefix: value('Prefix'),
    firstName: first,
    middleName: value('Middle'),
    lastName: last,
    suffix: value('Suffix'),
    businessName: isPerson ? null : name,
    npi: npis[0] ?? null,
    address: [value('Address 1'), value('Address 2'), value('Address 3'), value('Address 4')].filter(Boolean).join(', ') || null,
    city: value('City'),
    state: value('State / Province'),
    postalCode: value('Zip Code'),
    country: value('Country'),
    classification,
    exclusionType: value('Exclusion Type'),
    exclusionTerm: isIndefinite ? 'Indefinite' : terminationDate ? `until ${terminationDate}` : null,
    exclusionDate: activeDate,
    comments: value('Additional Comments'),
    link: SAM_LIST_URL,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
  for (const npi of npis) if (!isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
  const extra: Record<string, string | null> = {
    layout,
    samNumber,
    uei: value('Unique Entity ID'),
    duns: value('DUNS'),
    cage: value('CAGE'),
    exclusionProgram: value('Exclusion Program'),
    excludingAgency: agency,
    ctCode: value('CT Code'),
    terminationDate,
    recordStatus: value('Record Status'),
    crossReference: value('Cross-Reference'),
    otherNpis: npis.slice(1).join(';') || null,
    creationDate: readDate(raw('Creation_Date'), 'YYYY-MM-DD', 'Creation_Date', row),
  };
  for (const [key, text] of Object.entries(extra)) if (text) record.extra[key] = text;
  return record;
}

/** Streams one SAM exclusions extract (V2 or legacy V1, told apart by the header). */
export function parseSamFile(input: ListInput, context: FileContext): AsyncGenerator<ListRecord> {
  const fileDate = samFileDate(context.file);
  context.noteAsOf(fileDate);
  return parseCsvSource(input, context, {
    start(header) {
      const layout: Layout | null = isHeader(header.fields, SAM_V2_HEADER) ? 'V2' : isHeader(header.fields, SAM_V1_HEADER) ? 'V1' : null;
      if (layout === null) throw wrongSource(SAM_TITLE, context.file, SAM_V2_HEADER.map((h) => `"${h}"`).join(','), header.raw);
      return {
        width: layout === 'V2' ? SAM_V2_HEADER.length : SAM_V1_HEADER.length,
        map(fields, row) {
          const record = mapSamRow(fields, row, layout, context);
          // Without a dated file name, the newest Creation_Date is the best as-of we have.
          if (fileDate === null) context.noteAsOf(record.extra.creationDate ?? null);
          return record;
        },
      };
    },
  });
}

/** Parses SAM exclusions extracts (usually one file). */
export function parseSam(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseSamFile(file, contextFor(inputName(file)));
  });
}
