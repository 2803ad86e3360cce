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
const SUPPRESSED = new Set(['<UNAVAIL>']);

/** The non-null values, each once, in order of first appearance. */
function distinct(values: readonly (string | null)[]): string[] {
  const out: string[] = [];
  for (const value of values) if (value !== null && !out.includes(value)) out.push(value);
  return out;
}

/**
 * One pass over the 15 taxonomy groups (most empty): the primary taxonomy (switch "Y", else
 * the first given), every code, and the licences with their states.
 */
function readTaxonomies(f: string[], taxonomies: number[][]) {
  let primary: string | null | undefined; // undefined until a group has the switch
  const codes: string[] = [];
  const licences: [string, string | null][] = [];
  for (const t of taxonomies) {
    const code = clean(cell(f, t[0]));
    if (code !== null) codes.push(code);
    if (primary === undefined && cell(f, t[3]).trim() === 'Y') primary = code;
    const number = clean(cell(f, t[1]));
    if (number !== null) licences.push([number, clean(cell(f, t[2]))]);
  }
  return { primary: primary === undefined ? (codes[0] ?? null) : primary, codes, licences };
}

function mapNpidataRow(f: string[], row: RowPosition, { at, taxonomies, identifiers, context, otherNames }: Layout): ListRecord {
  const get = (column: Column): string | null => {
    const text = clean(cell(f, at[column]));
    return text !== null && SUPPRESSED.has(text) ? null : text;
  };
  const npi = get('npi') ?? '';
  if (!/^\d{10}$/.test(npi)) throw new RowError(`NPI "${npi}" is not 10 digits`);
  if (!isValidNpi(npi)) row.warn(`NPI ${npi} fails the check digit; kept as published`);
  const entityType = get('entityType') ?? '';
  const isBusiness = entityType === '2';
  const record = emptyListRecord('nppes', npi, isBusiness ? 'business' : 'person');
  const otherPerson = [get('otherLast'), [get('otherFirst'), get('otherMiddle')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const { primary, codes, licences } = readTaxonomies(f, taxonomies);
  Object.assign(record, {
    npi,
    ein: get('ein'),
    businessName: get('orgName'),
    lastName: isBusiness ? null : get('last'),
    firstName: isBusiness ? null : get('first'),
    middleName: isBusiness ? null : get('middle'),
    prefix: isBusiness ? null : get('prefix'),
    suffix: isBusiness ? null : get('suffix'),
    akas: !isBusiness && otherPerson ? [otherPerson] : [],
    dbas: distinct([get('otherOrgName'), ...otherNames(npi)]),
    licenseNumbers: distinct(licences.map(([number]) => number)),
    providerNumbers: distinct(identifiers.map((g) => clean(cell(f, g[0])))),
    address: [get('street1'), get('street2')].filter(Boolean).join(', ') || null,
    city: get('city'),
    state: get('state'),
    postalCode: get('zip'),
    country: get('country'),
    specialty: primary,
    link: `${NPI_REGISTRY_URL}${npi}`,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
  const extra: Record<string, string | null> = {
    entityTypeCode: entityType,
    replacementNpi: get('replacementNpi'),
    credential: get('credential'),
    sex: get('sex'),
    soleProprietor: get('soleProprietor'),
    parentOrganization: get('parentOrg'),
    taxonomyCodes: codes.join(';') || null,
    licenseStates: licences.map(([number, state]) => `${number}:${state ?? ''}`).join(';') || null,
    enumerationDate: readDate(cell(f, at.enumerationDate), 'MM/DD/YYYY', 'Provider Enumeration Date', row),
    lastUpdateDate: readDate(cell(f, at.lastUpdate), 'MM/DD/YYYY', 'Last Update Date', row),
    deactivationReasonCode: get('deactivationReason'),
    deactivationDate: readDate(cell(f, at.deactivationDate), 'MM/DD/YYYY', 'NPI Deactivation Date', row),
    reactivationDate: readDate(cell(f, at.reactivationDate), 'MM/DD/YYYY', 'NPI Reactivation Date', row),
  };
  for (const [key, value] of Object.entries(extra)) if (value !== null && (value !== '' || key === 'entityTypeCode')) record.extra[key] = value;
  if (entityType !== '1' && entityType !== '2' && !(entityType === '' && extra.deactivationDate)) {
    throw new RowError(`Entity Type Code "${entityType}" is neither 1 nor 2 and the NPI is not deactivated`);
  }
  return record;
}
