/** The detail drawer (spec §2 Detail drawer, §3 Match record): sections, the customer's row, history, why it matched. */
import { and, eq } from 'drizzle-orm';
import { describeExclusionType } from '#shared/exclusion-types';
import { hasNameValue, npiProblemOf } from '#shared/npi-problems';
import { maskSsn } from '#shared/identifiers';
import { explanationWords } from '#shared/match-words';
import { nameAgreementLines, nameAgreementVerdict, npiProblemWords, sharedNpiWords, type StoredNpiExplanation } from '#shared/npi-words';
import type { ListRecord } from '#shared/list-record';
import { MatchExplanationSchema, type DetailSection, type DetailValue, type HistoryEntry, type ListVersionInfo, type MatchDetail } from '#shared/result-detail';
import { canChangeStatus, statusChoices, type ResultTabType } from '#shared/review-status';
import { findListSource } from '#lists/sources';
import type { BatchRow } from '../batches/public';
import type { Db } from '../db/client';
import { batchRows, listVersions } from '../db/schema';
import { notFound } from '../http/errors';
import { resultsByIds, type ResultRow } from './page-queries';
import { customerName, orderedValues, toExclusionRecord, toNpiResult, toSsdmfResult } from './record-views';
import { historyOf, type HistoryRow } from './review-queries';
import { searchesOf } from './pages';

const iso = (d: Date | string): string => new Date(d).toISOString();
const link = (value: string | null, href: string | null | undefined): DetailValue => ({ value, _link: href ?? null });
const NPPES_PROVIDER_URL = 'https://npiregistry.cms.hhs.gov/provider-view/';

export function toHistoryEntry(h: HistoryRow): HistoryEntry {
  return {
    id: h.id,
    previousStatus: h.from_status,
    newStatus: h.to_status,
    modifiedBy: h.user_name,
    modifiedDate: iso(h.changed_at),
    notes: h.note,
    kind: h.kind,
    carriedFrom:
      h.kind === 'carried-forward' && h.earlier_batch_id !== null
        ? {
            batchId: h.earlier_batch_id,
            fileName: h.earlier_file_name ?? '',
            resultId: h.earlier_result_id ?? 0,
            decidedBy: h.earlier_user_name ?? '',
            decidedAt: h.earlier_changed_at ? iso(h.earlier_changed_at) : '',
            notes: h.earlier_note,
          }
        : null,
  };
}

async function listVersionOf(db: Db, row: ResultRow): Promise<ListVersionInfo | null> {
  if (!row.list_version_id) return null;
  const [v] = await db.select().from(listVersions).where(eq(listVersions.id, row.list_version_id));
  if (!v) return null;
  return { source: v.source, sourceName: findListSource(v.source)?.title ?? v.source, versionId: v.id, asOf: v.asOf, fetchedAt: v.fetchedAt.toISOString() };
}

function exclusionSections(row: ResultRow): DetailSection[] {
  const x = toExclusionRecord(row);
  const r = (row.record ?? {}) as Partial<ListRecord>;
  return [
    {
      title: 'Exclusion Details',
      data: {
        Name: x.name,
        'Company Name': x.companyName,
        AKAs: x.akas,
        DBAs: x.dbas,
        'Date of Birth': x.dateOfBirth,
        NPI: x.NPI,
        Specialty: x.specialty,
        Classification: x.classification,
        'Exclusion Type': describeExclusionType(x.exclusionType),
        'Exclusion Date': x.exclusionDate,
        'Exclusion Term': x.exclusionTerm,
        'Reinstatement Date': r.reinstatementDate ?? null,
        'Case Number': x.caseNumber,
        'License Numbers': x.licenseNumbers,
        'Provider Numbers': x.providerNumbers,
        Comments: x.comments,
        Source: link(x.sourceName, findListSource(x.source)?.officialUrl),
        'View Details': link(x.link ? 'View on the source' : null, x.link),
        'Date Acquired From Source': x.dateAcquiredFromSource,
        _source: x.source,
        _recordId: row.source_record_id,
      },
    },
    { title: 'Address', data: { Address: x.address, City: x.city, County: x.county, State: x.state, 'Postal Code': x.postalCode, Country: x.country } },
  ];
}

function npiSections(row: ResultRow, batch: BatchRow): DetailSection[] {
  const n = toNpiResult(row, searchesOf(batch).nameSearch);
  const e = row.explanation as StoredNpiExplanation;
  const check = e.npiCheck;
  const agreement = check?.nameAgreement ?? null;
  const sections: DetailSection[] = [
    {
      title: 'NPI Details',
      data: {
        NPI: n.npi,
        'Name From NPPES': n.nppesName,
        Status: link(n.npiStatusText, n.npi && n.npiStatus !== 'INVALID' && n.npiStatus !== 'ERROR' ? `${NPPES_PROVIDER_URL}${n.npi}` : null),
        'Entity Type': (check as { entityType?: string | null } | null | undefined)?.entityType ?? null,
        'Deactivation Date': check?.deactivationDate ?? null,
        'Reactivation Date': check?.reactivationDate ?? null,
        Problem: npiProblemWords(check),
        'Also Used By': sharedNpiWords(e),
        'Opt Out Status': n.optOutStatusText,
        'Exclusion Result': n.exclusionStatusText,
        Source: link(findListSource('nppes')?.title ?? 'NPPES', findListSource('nppes')?.officialUrl),
        _recordId: row.source_record_id,
      },
    },
  ];
  // Both names side by side, then the verdict and the comparison field by field (issue 14).
  const customer = agreement?.customerName ?? customerName(row.values);
  if (agreement || (customer && check?.found)) {
    sections.push({
      title: 'Name Agreement',
      data: {
        'Name On Your List': customer,
        'Name In NPPES': agreement?.nppesName ?? check?.nppesName ?? null,
        Agreement: nameAgreementVerdict(agreement) ?? 'Not compared: this result was screened before names were compared with NPPES.',
        Comparison: nameAgreementLines(agreement).join('; ') || null,
      },
    });
  }
  return sections;
}

function ssdmfSections(row: ResultRow, batch: BatchRow): DetailSection[] {
  const s = toSsdmfResult(row, searchesOf(batch).nameSearch);
  const r = (row.record ?? {}) as Partial<ListRecord>;
  return [
    {
      title: 'SSDMF Details',
      data: {
        SSN: s.ssn,
        'SSDMF Status': s.ssdmfStatus,
        'SSDMF Name': s.ssdmfName,
        'SSDMF SSN': r.ssn ? maskSsn(r.ssn) : null,
        'Date Of Birth': s.dateOfBirth,
        'Date Of Death': s.dateOfDeath,
        Source: link(findListSource('dmf')?.title ?? 'SSA Death Master File', findListSource('dmf')?.officialUrl),
        'Date Acquired From Source': r.dateAcquired ?? null,
      },
    },
  ];
}

/** The customer's own row: mapped columns (SSNs masked) with the unique id, then additional columns. */
async function userDataOf(db: Db, row: ResultRow): Promise<DetailSection[]> {
  const mapped: Record<string, DetailValue> = {};
  if (row.unique_id) mapped['Unique ID'] = row.unique_id;
  for (const [k, v] of orderedValues(row.values)) mapped[k] = k === 'SSN' && v ? maskSsn(v) : v;
  const npiProblem = npiProblemOf(row.values?.NPI, hasNameValue(row.values ?? {}));
  if (npiProblem) mapped['NPI Problem'] = npiProblem;
  const [extra] = await db.select({ additional: batchRows.additional }).from(batchRows).where(and(eq(batchRows.batchId, row.batch_id), eq(batchRows.rowIndex, row.row_index)));
  const sections: DetailSection[] = [{ title: 'Search Criteria', data: { 'Row Number': String(row.row_index + 1), ...mapped } }];
  const additional = (extra?.additional ?? {}) as Record<string, string>;
  if (Object.keys(additional).length) sections.push({ title: 'Additional Data', data: additional });
  return sections;
}

/** One record of a tab for the drawer; 404 when it is not a result of this batch and tab. */
export async function matchDetail(db: Db, batch: BatchRow, resultType: ResultTabType, id: number): Promise<MatchDetail> {
  const [row] = await resultsByIds(db, batch.id, resultType, [id]);
  if (!row) throw notFound('The record');
  const hasId = resultType !== 'ssdmf' || (row.explanation as { found?: boolean }).found === true;
  const clearOnly = !canChangeStatus(resultType, row.review_status, hasId);
  const details = resultType === 'exclusions' ? exclusionSections(row) : resultType === 'npi' ? npiSections(row, batch) : ssdmfSections(row, batch);
  const explanation = resultType === 'exclusions' ? MatchExplanationSchema.safeParse(row.explanation) : null;
  return {
    id: row.id,
    resultType,
    matchStatus: row.review_status,
    statusChoices: statusChoices(resultType, row.review_status, hasId),
    clearOnly,
    // The status is the drawer's own block (with its dropdown), not a details section again (issue 55).
    latestNote: row.latest_note,
    searchCriteriaKey: row.search_criteria_key,
    uniqueId: row.unique_id,
    details,
    userData: await userDataOf(db, row),
    changeHistorys: clearOnly ? [] : (await historyOf(db, [row.id])).map(toHistoryEntry),
    explanation: explanation?.success ? explanation.data : null,
    explanationWords: explanation?.success ? explanationWords(explanation.data) : null,
    listVersion: await listVersionOf(db, row),
  };
}
