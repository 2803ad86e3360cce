import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { clean } from '../core/text';

export type OfacSourceId = 'ofac-sdn' | 'ofac-consolidated';

/** One OFAC entry gathered from the CSV trio or the XML, before mapping. */
export interface OfacEntry {
  entNum: string;
  /** Individuals: surname and given names apart; entities: the whole name in lastName. */
  lastName: string;
  firstName: string | null;
  sdnType: string;
  programs: string[];
  title: string | null;
  remarks: string | null;
  akas: { type: string; name: string; category: string }[];
  addresses: { address: string | null; city: string | null; country: string | null }[];
  datesOfBirth: string[];
  ids: string[];
  vessel: Record<string, string>;
}

export const OFAC_DETAILS_URL = 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=';

/** Maps an entry to the common record (first address in the fields, the others in extra). */
export function mapOfacEntry(entry: OfacEntry, source: OfacSourceId, dateAcquired: string | null): ListRecord {
  const isPerson = entry.sdnType.toLowerCase() === 'individual';
  const record = emptyListRecord(source, entry.entNum, isPerson ? 'person' : 'business');
  const [first, ...others] = entry.addresses;
  const strong = entry.akas.filter((aka) => aka.category !== 'weak').map((aka) => aka.name);
  const weak = entry.akas.filter((aka) => aka.category === 'weak').map((aka) => aka.name);
  const programs = entry.programs.join('; ') || null;
  Object.assign(record, {
    lastName: isPerson ? entry.lastName : null,
    firstName: isPerson ? entry.firstName : null,
    businessName: isPerson ? null : entry.lastName,
    akas: isPerson ? strong : [],
    dbas: isPerson ? [] : strong,
    dateOfBirth: entry.datesOfBirth[0] ?? null,
    address: first?.address ?? null,
    city: first?.city ?? null,
    country: first?.country ?? null,
    classification: programs,
    exclusionType: programs,
    comments: entry.remarks,
    link: `${OFAC_DETAILS_URL}${entry.entNum}`,
    dateAcquired,
  } satisfies Partial<ListRecord>);
  const extra: Record<string, string | null> = {
    sdnType: entry.sdnType.toLowerCase(),
    title: entry.title,
    otherDatesOfBirth: entry.datesOfBirth.slice(1).join('; ') || null,
    weakAkas: weak.join('; ') || null,
    otherAddresses: others.map((a) => [a.address, a.city, a.country].filter(Boolean).join(', ')).join(' | ') || null,
    ids: entry.ids.join('; ') || null,
    ...entry.vessel,
  };
  for (const [key, value] of Object.entries(extra)) if (value) record.extra[key] = value;
  return record;
}

/** "SURNAME, Given Names" → [surname, given]; names without a comma are all surname. */
export function splitSdnName(name: string): [string, string | null] {
  const comma = name.indexOf(',');
  if (comma < 0) return [name, null];
  return [clean(name.slice(0, comma)) ?? name, clean(name.slice(comma + 1))];
}
