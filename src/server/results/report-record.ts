/** A list record's fields as the reports show them: the common record's order, labels, SSNs masked, exclusion types explained. */
import { describeExclusionType } from '#shared/exclusion-types';
import { maskSsn } from '#shared/identifiers';
import type { ListRecord } from '#shared/list-record';

/** The list record's fields, in the common record's order, with their labels. */
export const RECORD_FIELDS: [keyof ListRecord, string][] = [
  ['sourceRecordId', 'Record ID'],
  ['kind', 'Kind'],
  ['prefix', 'Prefix'],
  ['firstName', 'First Name'],
  ['middleName', 'Middle Name'],
  ['lastName', 'Last Name'],
  ['suffix', 'Suffix'],
  ['businessName', 'Business Name'],
  ['akas', 'AKAs'],
  ['dbas', 'DBAs'],
  ['dateOfBirth', 'Date of Birth'],
  ['dateOfDeath', 'Date of Death'],
  ['npi', 'NPI'],
  ['upin', 'UPIN'],
  ['ssn', 'SSN'],
  ['ein', 'EIN'],
  ['licenseNumbers', 'License Numbers'],
  ['providerNumbers', 'Provider Numbers'],
  ['address', 'Address'],
  ['city', 'City'],
  ['county', 'County'],
  ['state', 'State'],
  ['postalCode', 'Postal Code'],
  ['country', 'Country'],
  ['specialty', 'Specialty'],
  ['classification', 'Classification'],
  ['exclusionType', 'Exclusion Type'],
  ['exclusionTerm', 'Exclusion Term'],
  ['exclusionDate', 'Exclusion Date'],
  ['reinstatementDate', 'Reinstatement Date'],
  ['waiver', 'Waiver'],
  ['caseNumber', 'Case Number'],
  ['comments', 'Comments'],
  ['link', 'Link'],
  ['dateAcquired', 'Date Acquired From Source'],
  ['extra', 'Other Source Fields'],
];

export function fieldText(record: Partial<ListRecord>, key: keyof ListRecord): string {
  const v = record[key];
  if (v == null) return '';
  if (key === 'ssn') return maskSsn(String(v));
  if (key === 'exclusionType') return describeExclusionType(String(v)) ?? '';
  if (Array.isArray(v)) return v.join('; ');
  if (typeof v === 'object') return Object.entries(v).filter(([, x]) => x !== '' && x != null).map(([k, x]) => `${k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${x}`).join('; ');
  return String(v);
}

/** The record's non-empty fields as label/value pairs. */
export function recordFacts(record: Partial<ListRecord> | null): [string, string][] {
  if (!record) return [];
  return RECORD_FIELDS.map(([key, label]) => [label, fieldText(record, key)] as [string, string]).filter(([, v]) => v !== '');
}

/** "88 Elm Street, Springfield, IL 62701". */
export function addressText(r: Partial<ListRecord>): string {
  return [r.address, r.city, [r.state, r.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
