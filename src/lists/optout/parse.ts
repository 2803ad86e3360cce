import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { cell, locateColumns, type ColumnSpec } from '../core/columns';
import { parseCsvSource, readDate } from '../core/csv-source';
import { hashId } from '../core/dedupe';
import { RowError } from '../core/errors';
import { createParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { clean, digitsOrNull } from '../core/text';

/** The header of the data.cms.gov CSV (the JSON API uses the same names as keys). */
export const OPTOUT_HEADER = [
  'First Name', 'Last Name', 'NPI', 'Specialty', 'Optout Effective Date', 'Optout End Date',
  'First Line Street Address', 'Second Line Street Address', 'City Name', 'State Code', 'Zip code',
  'Eligible to Order and Refer', 'Last updated',
] as const;

export const OPTOUT_TITLE = 'CMS Medicare Opt-Out Affidavits';
export const OPTOUT_DATASET_URL = 'https://data.cms.gov/provider-characteristics/medicare-provider-supplier-enrollment/opt-out-affidavits';

type Column = 'first' | 'last' | 'npi' | 'specialty' | 'start' | 'end' | 'street1' | 'street2' | 'city' | 'state' | 'zip' | 'orderRefer' | 'updated';
const COLUMNS: ColumnSpec<Column> = {
  first: ['First Name'], last: ['Last Name'], npi: ['NPI'], specialty: ['Specialty'],
  start: ['Optout Effective Date'], end: ['Optout End Date'], street1: ['First Line Street Address'],
  street2: ['Second Line Street Address'], city: ['City Name'], state: ['State Code'], zip: ['Zip code'],
  orderRefer: ['Eligible to Order and Refer'], updated: ['Last updated'],
};
const DATE_LAYOUTS = ['MM/DD/YYYY', 'YYYY-MM-DD'] as const;

/** Streams one opt-out CSV. Columns are found by name, case-insensitively (`npi` or `NPI`). */
export function parseOptoutFile(input: ListInput, context: FileContext): AsyncGenerator<ListRecord> {
  return parseCsvSource(input, context, {
    start(header) {
      const at = locateColumns(header.fields, COLUMNS, ['first', 'last', 'npi', 'start'], { title: OPTOUT_TITLE, file: context.file });
      return {
        width: header.fields.length,
        map(f, row) {
          const get = (column: Column): string | null => clean(cell(f, at[column]));
          const last = get('last');
          const first = get('first');
          if (last === null && first === null) throw new RowError('no name: First Name and Last Name are empty');
          const npi = digitsOrNull(get('npi'));
          if (npi !== null && !isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
          const start = readDate(cell(f, at.start), [...DATE_LAYOUTS], 'Optout Effective Date', row);
          const end = readDate(cell(f, at.end), [...DATE_LAYOUTS], 'Optout End Date', row);
          const updated = readDate(cell(f, at.updated), [...DATE_LAYOUTS], 'Last updated', row);
          context.noteAsOf(updated);
          const record = emptyListRecord('optout', npi ?? hashId([last, first, start]), 'person');
          Object.assign(record, {
            firstName: first,
            lastName: last,
            npi,
            specialty: get('specialty'),
            address: [get('street1'), get('street2')].filter(Boolean).join(', ') || null,
            city: get('city'),
            state: get('state'),
            postalCode: get('zip'),
            country: 'USA',
            classification: 'Medicare opt-out',
            exclusionType: 'Medicare opt-out affidavit',
            exclusionTerm: end ? `until ${end}` : null,
            exclusionDate: start,
            link: OPTOUT_DATASET_URL,
            dateAcquired: context.dateAcquired,
          } satisfies Partial<ListRecord>);
          if (end) record.extra.optoutEndDate = end;
          if (updated) record.extra.lastUpdated = updated;
          const orderRefer = get('orderRefer');
          if (orderRefer) record.extra.eligibleToOrderAndRefer = orderRefer;
          return record;
        },
      };
    },
  });
}

/** Parses opt-out CSV files; the as-of date is the newest "Last updated". */
export function parseOptout(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseOptoutFile(file, contextFor(inputName(file)));
  });
}
