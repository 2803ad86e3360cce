import { basename } from 'node:path';
import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { cell, locateColumns, normalizeHeaderName, type ColumnSpec } from '../core/columns';
import { parseCsvSourceBatches, readDate, type RowPosition } from '../core/csv-source';
import { RowError } from '../core/errors';
import type { FileContext } from '../core/parse-run';
import type { ListInput } from '../core/read-lines';
import { clean } from '../core/text';

export const NPPES_TITLE = 'CMS NPPES NPI file (npidata_pfile)';
export const NPI_REGISTRY_URL = 'https://npiregistry.cms.hhs.gov/provider-view/';

type Column =
  | 'npi' | 'entityType' | 'replacementNpi' | 'ein' | 'orgName' | 'last' | 'first' | 'middle' | 'prefix' | 'suffix'
  | 'credential' | 'otherOrgName' | 'otherLast' | 'otherFirst' | 'otherMiddle' | 'street1' | 'street2' | 'city'
  | 'state' | 'zip' | 'country' | 'enumerationDate' | 'lastUpdate' | 'deactivationReason' | 'deactivationDate'
  | 'reactivationDate' | 'sex' | 'soleProprietor' | 'parentOrg';

const PRACTICE = 'Provider Business Practice Location Address';
const COLUMNS: ColumnSpec<Column> = {
  npi: ['NPI'], entityType: ['Entity Type Code'], replacementNpi: ['Replacement NPI'],
  ein: ['Employer Identification Number (EIN)'], orgName: ['Provider Organization Name (Legal Business Name)'],
  last: ['Provider Last Name (Legal Name)'], first: ['Provider First Name'], middle: ['Provider Middle Name'],
  prefix: ['Provider Name Prefix Text'], suffix: ['Provider Name Suffix Text'], credential: ['Provider Credential Text'],
  otherOrgName: ['Provider Other Organization Name'], otherLast: ['Provider Other Last Name'],
  otherFirst: ['Provider Other First Name'], otherMiddle: ['Provider Other Middle Name'],
  street1: ['Provider First Line Business Practice Location Address'], street2: ['Provider Second Line Business Practice Location Address'],
  city: [`${PRACTICE} City Name`], state: [`${PRACTICE} State Name`], zip: [`${PRACTICE} Postal Code`],
  country: [`${PRACTICE} Country Code (If outside U.S.)`], enumerationDate: ['Provider Enumeration Date'],
  lastUpdate: ['Last Update Date'], deactivationReason: ['NPI Deactivation Reason Code'],
  deactivationDate: ['NPI Deactivation Date'], reactivationDate: ['NPI Reactivation Date'],
  sex: ['Provider Sex Code', 'Provider Gender Code'], soleProprietor: ['Is Sole Proprietor'], parentOrg: ['Parent Organization LBN'],
};
const REQUIRED: Column[] = ['npi', 'entityType', 'orgName', 'last', 'first'];

/** Indexes of the numbered column groups (taxonomies 1–15, other identifiers 1–50) present. */
function numberedColumns(header: readonly string[], prefixes: string[], count: number): number[][] {
  const index = new Map(header.map((name, i) => [normalizeHeaderName(name), i]));
  const groups: number[][] = [];
  for (let n = 1; n <= count; n += 1) {
    const group = prefixes.map((p) => index.get(normalizeHeaderName(`${p}_${n}`)) ?? -1);
    if (group[0] !== -1) groups.push(group);
  }
  return groups;
}

/** `npidata_pfile_20050523-20240310.csv` → 2024-03-10 (the end of the period covered). */
export function nppesFileDate(fileName: string): string | null {
  const match = basename(fileName).match(/_(\d{8})-(\d{8})/);
  return match ? `${match[2].slice(0, 4)}-${match[2].slice(4, 6)}-${match[2].slice(6, 8)}` : null;
}

/** What npidata rows are joined with: the reference files of the same delivery. */
export interface NpidataJoin {
  /** Other organisation names of an NPI (othername_pfile), added to its DBAs. */
  otherNames(npi: string): string[];
  /** Adds the reference facts to a record once admitted, before the next row is read. */
  complete(record: ListRecord): void;
}

const NO_JOIN: NpidataJoin = { otherNames: () => [], complete: () => {} };

/**
 * Streams an npidata file (monthly full or weekly incremental) keeping what screening
 * needs. Columns are found by their header names, so partial or reordered files work.
 * Deactivated NPIs carry no entity type: they come out as `person` with
 * `extra.entityTypeCode` empty and `extra.deactivationDate` set. Yields a batch of records per
 * chunk of the file.
 */
export function parseNpidataFile(input: ListInput, context: FileContext, join: NpidataJoin = NO_JOIN): AsyncGenerator<ListRecord[]> {
  context.noteAsOf(nppesFileDate(context.file));
  const otherNames = join.otherNames;
  return parseCsvSourceBatches(input, context, {
    dedupe: 'adjacent', // 9 M rows sorted by NPI: only neighbours can repeat
    start(header) {
      const at = locateColumns(header.fields, COLUMNS, REQUIRED, { title: NPPES_TITLE, file: context.file });
      const taxonomies = numberedColumns(header.fields, ['Healthcare Provider Taxonomy Code', 'Provider License Number', 'Provider License Number State Code', 'Healthcare Provider Primary Taxonomy Switch'], 15);
      const identifiers = numberedColumns(header.fields, ['Other Provider Identifier', 'Other Provider Identifier Type Code', 'Other Provider Identifier State'], 50);
      const layout: Layout = { at, taxonomies, identifiers, context, otherNames };
      return {
        width: header.fields.length,
        columns: columnsRead(layout),
        map: (f, row) => mapNpidataRow(f, row, layout),
      };
    },
    onAdmitted: join.complete,
  });
}

interface Layout {
  at: Record<Column, number>;
  taxonomies: number[][];
  identifiers: number[][];
  context: FileContext;
  otherNames: (npi: string) => string[];
}

/**
 * Every column `mapNpidataRow` reads (about 110 of the 330): simple lines are cut to these
 * only, the others read as ''. A column the mapper starts to read must be added here.
 */
function columnsRead({ at, taxonomies, identifiers }: Layout): number[] {
  return [...Object.values<number>(at), ...taxonomies.flat(), ...identifiers.map((group) => group[0])].filter((column) => column >= 0);
}

// The EIN column holds this for organisations (EINs are suppressed).
const SUPPRESSED = '<UNAVAIL>';

/** The cleaned text of a column, null when empty, absent or suppressed. */
function text(f: string[], column: number): string | null {
  const value = clean(cell(f, column));
  return value === SUPPRESSED ? null : value;
}

/** Adds `value` to `values` unless it is null or there already. */
function addDistinct(values: string[], value: string | null): void {
  if (value !== null && !values.includes(value)) values.push(value);
}

/** "LAST, FIRST MIDDLE" from the other-name columns of a person, '' when they are empty. */
function otherPersonName(f: string[], at: Layout['at']): string {
  const last = text(f, at.otherLast);
  const first = text(f, at.otherFirst);
  const middle = text(f, at.otherMiddle);
  const given = first !== null && middle !== null ? `${first} ${middle}` : (first ?? middle ?? '');
  if (last === null) return given;
  return given === '' ? last : `${last}, ${given}`;
}

/** The practice address lines joined, null when both are empty. */
function addressOf(f: string[], at: Layout['at']): string | null {
  const street1 = text(f, at.street1);
  const street2 = text(f, at.street2);
  return street1 !== null && street2 !== null ? `${street1}, ${street2}` : (street1 ?? street2);
}

/**
 * One pass over the 15 taxonomy groups (most empty), into the record: the primary code
 * (switch "Y", else the first code given) as specialty, the licence numbers, and the
 * `taxonomyCodes` and `licenseStates` extras.
 */
function putTaxonomies(f: string[], taxonomies: number[][], record: ListRecord): void {
  let primary: string | null | undefined; // undefined until a group has the switch
  let firstCode: string | null = null;
  let codes = '';
  let licenseStates = '';
  for (const t of taxonomies) {
    const code = clean(cell(f, t[0]));
    if (code !== null) {
      firstCode ??= code;
      codes = codes === '' ? code : `${codes};${code}`;
    }
    if (primary === undefined && cell(f, t[3]).trim() === 'Y') primary = code;
    const number = clean(cell(f, t[1]));
    if (number !== null) {
      const licenseState = `${number}:${clean(cell(f, t[2])) ?? ''}`;
      licenseStates = licenseStates === '' ? licenseState : `${licenseStates};${licenseState}`;
      addDistinct(record.licenseNumbers, number);
    }
  }
  record.specialty = primary === undefined ? firstCode : primary;
  putExtra(record.extra, 'taxonomyCodes', codes);
  putExtra(record.extra, 'licenseStates', licenseStates);
}

/** Adds the other provider identifiers (first column of each of the 50 groups) to `out`, each once. */
function readIdentifiers(f: string[], identifiers: number[][], out: string[]): void {
  for (const group of identifiers) {
    const cellText = cell(f, group[0]);
    if (cellText !== '') addDistinct(out, clean(cellText));
  }
}

/** Sets an `extra` entry when there is a value (the keys keep this insertion order in the JSON). */
function putExtra(extra: Record<string, string>, key: string, value: string | null): void {
  if (value !== null && value !== '') extra[key] = value;
}

// One function per row with no closures or temporary arrays: NPPES files have millions of rows.
function mapNpidataRow(f: string[], row: RowPosition, { at, taxonomies, identifiers, context, otherNames }: Layout): ListRecord {
  const npi = text(f, at.npi) ?? '';
  if (!/^\d{10}$/.test(npi)) throw new RowError(`NPI "${npi}" is not 10 digits`);
  if (!isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
  const entityType = text(f, at.entityType) ?? '';
  const isBusiness = entityType === '2';
  const record = emptyListRecord('nppes', npi, isBusiness ? 'business' : 'person');
  record.npi = npi;
  record.ein = text(f, at.ein);
  record.businessName = text(f, at.orgName);
  if (!isBusiness) {
    record.lastName = text(f, at.last);
    record.firstName = text(f, at.first);
    record.middleName = text(f, at.middle);
    record.prefix = text(f, at.prefix);
    record.suffix = text(f, at.suffix);
    const otherPerson = otherPersonName(f, at);
    if (otherPerson !== '') record.akas.push(otherPerson);
  }
  addDistinct(record.dbas, text(f, at.otherOrgName));
  for (const name of otherNames(npi)) addDistinct(record.dbas, name);
  readIdentifiers(f, identifiers, record.providerNumbers);
  record.address = addressOf(f, at);
  record.city = text(f, at.city);
  record.state = text(f, at.state);
  record.postalCode = text(f, at.zip);
  record.country = text(f, at.country);
  record.link = `${NPI_REGISTRY_URL}${npi}`;
  record.dateAcquired = context.dateAcquired;

  const extra = record.extra;
  extra.entityTypeCode = entityType; // kept even when empty: deactivated NPIs have none
  putExtra(extra, 'replacementNpi', text(f, at.replacementNpi));
  putExtra(extra, 'credential', text(f, at.credential));
  putExtra(extra, 'sex', text(f, at.sex));
  putExtra(extra, 'soleProprietor', text(f, at.soleProprietor));
  putExtra(extra, 'parentOrganization', text(f, at.parentOrg));
  putTaxonomies(f, taxonomies, record); // specialty, licences, and the two extras in this place
  // Dates in this order: their warnings are reported in it.
  putExtra(extra, 'enumerationDate', readDate(cell(f, at.enumerationDate), 'MM/DD/YYYY', 'Provider Enumeration Date', row));
  putExtra(extra, 'lastUpdateDate', readDate(cell(f, at.lastUpdate), 'MM/DD/YYYY', 'Last Update Date', row));
  putExtra(extra, 'deactivationReasonCode', text(f, at.deactivationReason));
  const deactivationDate = readDate(cell(f, at.deactivationDate), 'MM/DD/YYYY', 'NPI Deactivation Date', row);
  putExtra(extra, 'deactivationDate', deactivationDate);
  putExtra(extra, 'reactivationDate', readDate(cell(f, at.reactivationDate), 'MM/DD/YYYY', 'NPI Reactivation Date', row));
  if (entityType !== '1' && entityType !== '2' && !(entityType === '' && deactivationDate)) {
    throw new RowError(`Entity Type Code "${entityType}" is neither 1 nor 2 and the NPI is not deactivated`);
  }
  return record;
}
