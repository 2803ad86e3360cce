/** Stored results as the tabs show them (spec §3): exclusion records, NPI and SSDMF results, groups. */
import { maskSsn } from '#shared/identifiers';
import { npiFindings, type StoredNpiExplanation } from '#shared/npi-words';
import type { ListRecord } from '#shared/list-record';
import { SEARCH_CRITERIA } from '#shared/search-types';
import { EXCLUSION_STATUS_TEXTS, NPI_STATUS_TEXTS, OPT_OUT_TEXTS, SSDMF_NOT_LOADED, SSDMF_STATUS_TEXTS, type NpiStatus } from '#shared/result-texts';
import { type ExclusionRecord, type NpiResult, type SsdmfResult } from '#shared/results';
import { canChangeStatus, type ScGroup } from '#shared/review-status';
import { findListSource } from '#lists/sources';
import type { GroupRow, ResultRow } from './page-queries';

/** A list record's id as shown: Death Master File records are keyed by SSN, so theirs is masked. */
export const shownRecordId = (source: string | null, id: string | null): string | null => (id && source === 'dmf' ? maskSsn(id) : id);

export const sourceName = (source: string | null): string => (source ? (findListSource(source)?.title ?? source) : '');

const joined = (values: readonly string[] | null | undefined): string | null => (values?.length ? values.join('; ') : null);
const personName = (r: Partial<ListRecord>): string | null => [r.prefix, r.firstName, r.middleName, r.lastName, r.suffix].filter(Boolean).join(' ') || null;

/** A row's mapped values in the order of the search criteria (jsonb keeps its own order). */
export function orderedValues(values: Record<string, string> | null): [string, string][] {
  const entries = Object.entries(values ?? {});
  const rank = (k: string) => {
    const i = (SEARCH_CRITERIA as readonly string[]).indexOf(k);
    return i < 0 ? SEARCH_CRITERIA.length : i;
  };
  return entries.sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** The customer's name of a row (mapped First/Middle/Last Name, else Company Name). */
export function customerName(values: Record<string, string> | null): string | null {
  if (!values) return null;
  return [values['First Name'], values['Middle Name'], values['Last Name']].filter(Boolean).join(' ') || values['Company Name'] || null;
}

export function toExclusionRecord(row: ResultRow): ExclusionRecord {
  const r = (row.record ?? {}) as Partial<ListRecord>;
  const isPerson = r.kind !== 'business';
  return {
    id: row.id,
    name: isPerson ? personName(r) : null,
    companyName: r.businessName ?? null,
    source: row.source ?? '',
    sourceName: sourceName(row.source),
    link: r.link ?? null,
    state: r.state ?? null,
    exclusionDate: r.exclusionDate ?? null,
    exclusionType: r.exclusionType ?? null,
    status: row.review_status,
    latestNote: row.latest_note,
    akas: joined(r.akas),
    dbas: joined(r.dbas),
    middleName: r.middleName ?? null,
    prefix: r.prefix ?? null,
    suffix: r.suffix ?? null,
    dateOfBirth: r.dateOfBirth ?? null,
    // When the exclusion took effect: a list's own start date, else its exclusion (active) date.
    startDate: r.extra?.startDate ?? r.exclusionDate ?? null,
    classification: r.classification ?? null,
    address: r.address ?? null,
    city: r.city ?? null,
    county: r.county ?? null,
    postalCode: r.postalCode ?? null,
    country: r.country ?? null,
    NPI: r.npi ?? null,
    specialty: r.specialty ?? null,
    licenseNumbers: joined(r.licenseNumbers),
    providerNumbers: joined(r.providerNumbers),
    caseNumber: r.caseNumber ?? null,
    exclusionTerm: r.exclusionTerm ?? null,
    comments: r.comments ?? null,
    dateAcquiredFromSource: r.dateAcquired ?? null,
    score: row.score,
    searchCriteriaKey: row.search_criteria_key,
  };
}

type NpiExplanation = StoredNpiExplanation;

export function npiStatusOf(e: NpiExplanation): NpiStatus {
  const c = e.npiCheck;
  if (!c || typeof c !== 'object') return 'ERROR';
  if (!c.valid || !c.found) return 'INVALID';
  return c.status === 'deactivated' ? 'INACTIVE' : 'VALID';
}

const flagText = <T extends { FOUND: string; NOT_FOUND: string }>(flag: boolean | null | undefined, texts: T): string | null =>
  flag === true ? texts.FOUND : flag === false ? texts.NOT_FOUND : null;

export function toNpiResult(row: ResultRow, nameSearch: boolean): NpiResult {
  const e = row.explanation as NpiExplanation;
  const npiStatus = npiStatusOf(e);
  return {
    id: row.id,
    npi: e.npiCheck?.npi ?? row.values?.NPI ?? null,
    name: nameSearch ? customerName(row.values) : null,
    nppesName: e.npiCheck?.nppesName ?? null,
    npiStatus,
    npiStatusText: NPI_STATUS_TEXTS[npiStatus],
    optOutStatusText: flagText(e.optedOut, OPT_OUT_TEXTS),
    exclusionStatusText: flagText(e.excluded, EXCLUSION_STATUS_TEXTS),
    status: row.review_status,
    latestNote: row.latest_note,
    searchCriteriaKey: row.search_criteria_key,
    canChangeStatus: canChangeStatus('npi', row.review_status),
    findings: npiFindings(e),
  };
}

export const isSsdmfFound = (row: ResultRow): boolean => (row.explanation as { found?: boolean }).found === true;

/** Screened while no Death Master File was loaded: the SSN was not checked (ADR 055). */
export const isDmfNotLoaded = (row: ResultRow): boolean => (row.explanation as { dmfLoaded?: boolean }).dmfLoaded === false;

export function toSsdmfResult(row: ResultRow, nameSearch: boolean): SsdmfResult {
  const found = isSsdmfFound(row);
  const r = (row.record ?? {}) as Partial<ListRecord>;
  const e = row.explanation as { dateOfDeath?: string | null };
  return {
    id: found ? row.id : null,
    searchId: row.id,
    ssn: row.values?.SSN ? maskSsn(row.values.SSN) : null,
    name: nameSearch ? customerName(row.values) : null,
    ssdmfStatus: found ? SSDMF_STATUS_TEXTS.FOUND : isDmfNotLoaded(row) ? SSDMF_NOT_LOADED.text : SSDMF_STATUS_TEXTS.NOT_FOUND,
    status: row.review_status,
    latestNote: row.latest_note,
    ssdmfName: found ? personName(r) : null,
    dateOfBirth: found ? (r.dateOfBirth ?? null) : null,
    dateOfDeath: found ? (e.dateOfDeath ?? r.dateOfDeath ?? null) : null,
    searchCriteriaKey: row.search_criteria_key,
  };
}

export function toScGroup(g: GroupRow): ScGroup {
  return {
    searchCriteria: g.key,
    uniqueId: g.uniqueId ?? null,
    counts: { NONCLEARED: g.nonCleared, UNDER_REVIEW: g.underReview, HISTORICAL_MATCH: g.historicalMatch, CLEARED: g.cleared },
    total: g.total,
  };
}
