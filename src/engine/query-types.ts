/** What callers ask the engine, and what it answers. */
import type { IdentifierErrorCode } from '#shared/identifiers';
import type { Explanation } from './explanation';
import type { NpiCheck, NpiCheckName } from './npi-check';
import type { NppesFacts } from './nppes-facts';
import type { RecordView } from './record-view';

export interface IndividualQuery {
  type: 'individual';
  firstName: string;
  middleName?: string | null;
  lastName: string;
  dateOfBirth?: string | null;
  npi?: string | null;
  ssn?: string | null;
  state?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** A licence number of the person or business (ADR 120): compared with the list record's. */
  licenseNumber?: string | null;
  /** The state that issued it: a different number on another state's record is no evidence against. */
  licenseState?: string | null;
  /** What kind of provider the person or business is ("RN", "Pharmacy"): compared with the list record's provider type (ADR 121). */
  providerType?: string | null;
  /**
   * What NPPES holds for the query's NPI (ADR 120), when the caller read its record (the server reads NPPES by
   * key, ADR 060); null: NPPES holds none. Absent: looked up among the index's NPPES records.
   */
  nppes?: NppesFacts | null;
}

export interface BusinessQuery {
  type: 'business';
  name: string;
  npi?: string | null;
  ein?: string | null;
  state?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** A licence number of the person or business (ADR 120): compared with the list record's. */
  licenseNumber?: string | null;
  /** The state that issued it: a different number on another state's record is no evidence against. */
  licenseState?: string | null;
  /** What kind of provider the person or business is ("RN", "Pharmacy"): compared with the list record's provider type (ADR 121). */
  providerType?: string | null;
  /**
   * What NPPES holds for the query's NPI (ADR 120), when the caller read its record (the server reads NPPES by
   * key, ADR 060); null: NPPES holds none. Absent: looked up among the index's NPPES records.
   */
  nppes?: NppesFacts | null;
}

export interface NpiQuery {
  type: 'npi';
  npi: string;
  /** The name the customer has for the NPI's holder, compared with NPPES's (npiCheck.nameAgreement). */
  name?: NpiCheckName | null;
}

export interface SsnQuery {
  type: 'ssn';
  ssn: string;
}

export type ScreenQuery = IndividualQuery | BusinessQuery | NpiQuery | SsnQuery;

/** One list record that may be the queried person or business. */
export interface Hit {
  score: number;
  /** score ≥ the review threshold in force. */
  isMatch: boolean;
  record: RecordView;
  explanation: Explanation;
}

/** A problem with the query input: the query still runs on what is usable. */
export interface QueryIssue {
  field: string;
  code: IdentifierErrorCode | 'name-empty' | 'name-too-long' | 'date-invalid' | 'query-invalid';
  message: string;
}

export interface ScreenResult {
  indexVersion: string;
  /** "invalid" when nothing in the query could be searched (see issues). */
  status: 'ok' | 'invalid';
  issues: QueryIssue[];
  hits: Hit[];
  /** NPPES view of the query's NPI, when the query carried one. */
  npiCheck: NpiCheck | null;
}
