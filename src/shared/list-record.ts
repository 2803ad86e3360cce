/** The one record every list source maps to, and that the matching engine reads. */

/** Source ids used everywhere: CLI, API, config. State lists follow the form `state-xx`. */
export const FIXED_SOURCE_IDS = [
  'leie',
  'sam',
  'ofac-sdn',
  'ofac-consolidated',
  'optout',
  'nppes',
  'dmf',
] as const;

export { STATE_SOURCE_IDS } from './state-lists';

export type FixedSourceId = (typeof FIXED_SOURCE_IDS)[number];
export type StateSourceId = `state-${string}`;
export type SourceId = FixedSourceId | StateSourceId;

export function isSourceId(value: string): value is SourceId {
  return (FIXED_SOURCE_IDS as readonly string[]).includes(value) || /^state-[a-z]{2}(-[a-z]+)?$/.test(value);
}

/** What the record is about: a natural person, or a business / organisation / vessel etc. */
export type EntityKind = 'person' | 'business';

/**
 * One list entry, as the agency published it, mapped to common fields.
 * Dates are ISO `YYYY-MM-DD` strings (or `YYYY-MM` / `YYYY` when the source only gives
 * that precision); absent values are `null` or empty arrays, never empty strings.
 */
export interface ListRecord {
  source: SourceId;
  /** Stable id of the record within its source (e.g. OFAC ent_num, SAM record id, NPI). */
  sourceRecordId: string;
  kind: EntityKind;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  prefix: string | null;
  suffix: string | null;
  businessName: string | null;
  /** Other names of a person (also-known-as, maiden names, aliases). */
  akas: string[];
  /** Doing-business-as / trade names of a business. */
  dbas: string[];
  dateOfBirth: string | null;
  /** Date of death (DMF only). */
  dateOfDeath: string | null;
  npi: string | null;
  upin: string | null;
  /** Social Security number, 9 digits (DMF only). */
  ssn: string | null;
  /** Employer identification number / TIN when published. */
  ein: string | null;
  licenseNumbers: string[];
  providerNumbers: string[];
  address: string | null;
  city: string | null;
  county: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  specialty: string | null;
  /** General class of the entry: LEIE "general", SAM classification, OFAC program(s). */
  classification: string | null;
  /** Exclusion type or authority (e.g. LEIE 1128a1, SAM exclusion type, OFAC program). */
  exclusionType: string | null;
  /** Exclusion term as published (e.g. "Indefinite", "5 years"). */
  exclusionTerm: string | null;
  exclusionDate: string | null;
  reinstatementDate: string | null;
  waiver: string | null;
  caseNumber: string | null;
  comments: string | null;
  /** Deep link to the record (or the list) at the publisher. */
  link: string | null;
  /** Date this copy was acquired from the source (ISO date). */
  dateAcquired: string | null;
  /**
   * Source-specific extras the common fields do not hold (NPPES deactivation dates,
   * entity type, DMF change code, …). Flat string values only.
   */
  extra: Record<string, string>;
}

/** A row a parser could not read: reported with its line number, never dropped silently. */
export interface RejectedRow {
  line: number;
  reason: string;
  raw?: string;
  /** File the row came from, when a parse reads several files. */
  file?: string;
  /**
   * `error` (the default when absent): the row was not imported. `warning`: the row was
   * imported but something in it was dropped or repaired (e.g. an unreadable date).
   */
  severity?: 'error' | 'warning';
}

/** Creates a record with every field empty, for parsers to fill in. */
export function emptyListRecord(source: SourceId, sourceRecordId: string, kind: EntityKind): ListRecord {
  return {
    source,
    sourceRecordId,
    kind,
    firstName: null,
    middleName: null,
    lastName: null,
    prefix: null,
    suffix: null,
    businessName: null,
    akas: [],
    dbas: [],
    dateOfBirth: null,
    dateOfDeath: null,
    npi: null,
    upin: null,
    ssn: null,
    ein: null,
    licenseNumbers: [],
    providerNumbers: [],
    address: null,
    city: null,
    county: null,
    state: null,
    postalCode: null,
    country: null,
    specialty: null,
    classification: null,
    exclusionType: null,
    exclusionTerm: null,
    exclusionDate: null,
    reinstatementDate: null,
    waiver: null,
    caseNumber: null,
    comments: null,
    link: null,
    dateAcquired: null,
    extra: {},
  };
}
