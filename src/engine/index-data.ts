/**
 * The index as plain typed arrays: nothing per record but numbers and pooled strings, so
 * a million records stay small and the whole index moves to worker threads as-is.
 */
import type { PhoneticClasses } from './phonetic-classes';
import type { StringPool } from './string-pool';
import type { TypoKeys } from './typo-keys';

/** Which list name an entry comes from. */
export const ENTRY_KIND = { name: 0, aka: 1, businessName: 2, dba: 3, businessAka: 4 } as const;
/** Role of a token inside an entry. */
export const ROLE = { first: 1, middle: 2, last: 3, business: 4, gluedSurname: 5, generation: 6 } as const;
/** Posting groups: person entries and business entries are searched separately. */
export const GROUP = { person: 0, business: 1 } as const;

export interface IndexData {
  version: string;
  /** Source ids by small integer (records store the integer). */
  sources: string[];
  tokens: StringPool;
  cities: StringPool;
  views: StringPool;
  /** What a search hit shows beyond the view, per record (encodeHitDetails). */
  details: StringPool;
  /** Specialties, terms and link starts the details refer to by id. */
  detailWords: StringPool;
  /** Distinct licence sets of records (`encodeLicenses`: keys, then the numbers as published); `record.license` refers to them. */
  licenses: StringPool;
  record: {
    source: Uint8Array;
    dob: Int32Array;
    state: Uint16Array;
    postal: Int32Array;
    /** 1-based id into `cities` (0 = none). */
    city: Int32Array;
    /** NPI as a number (0 = none). */
    npi: Float64Array;
    /** 1-based id into `licenses` (0 = no licence number). */
    license: Int32Array;
    /** Provider-type families (`professionsOf`, a bitmask; 0 = none said), ADR 121. */
    profession: Uint16Array;
  };
  entry: {
    record: Int32Array;
    kind: Uint8Array;
    /** Which AKA/DBA (index in the record's list). */
    alt: Uint8Array;
    /** Token range of entry i: tokens[start[i] .. start[i+1]). */
    start: Int32Array;
    tokens: Int32Array;
    roles: Uint8Array;
  };
  /** postings[g]: entries (ascending) of group g containing token t at entries[start[t] .. start[t+1]). */
  postings: { start: Int32Array; entries: Int32Array }[];
  typo: TypoKeys;
  /** The dictionary's tokens by phonetic key, computed where the index is built (ADR 099). */
  phonetic: PhoneticClasses;
  /** Exact maps: sorted keys with the record of each. */
  npi: { keys: Float64Array; records: Int32Array };
  ssn: { keys: Uint32Array; records: Int32Array };
  ein: { keys: Uint32Array; records: Int32Array };
}
