/**
 * The three tabs' reads: a page of exclusion groups, of NPI results, of SSDMF results. Filters,
 * sorts, groups and counts run over the batch's facets (facets.ts); only the page's records
 * are read from the results table.
 */
import type { ExclusionPage, NpiPage, SsdmfPage } from '#shared/results';
import type { ExclusionQuery, NpiQuery, SsdmfQuery } from '#shared/results-query';
import type { Db } from '../db/client';
import type { BatchRow } from '../batches/public';
import { facetsOf, type Facet } from './facets';
import { matchAndOrder } from './exclusion-groups';
import { resultsByIds, type ResultRow } from './page-queries';
import { toExclusionRecord, toNpiResult, toScGroup, toSsdmfResult } from './record-views';

const NAME_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by Business Name'];

/** Which optional searches a batch included (the NPI and SSDMF tabs show their columns only then). */
export function searchesOf(batch: Pick<BatchRow, 'searchTypes'>) {
  const types = batch.searchTypes;
  return {
    nameSearch: types.some((t) => NAME_TYPES.includes(t)),
    optOutSearch: types.includes('NPI Medicare OptOut'),
    exclusionSearch: types.includes('Search by NPI') || types.includes('Exclusion Search by NPI'),
    /** The batch has an Exclusions tab (and its Exclusion Records Returned Report). */
    hasExclusionSearch: types.some((t) => t.startsWith('Exclusion Search by')),
  };
}

/** The page's rows in the order of their facets. */
async function rowsInOrder(db: Db, batchId: number, type: string, page: readonly Facet[]): Promise<ResultRow[]> {
  const rows = await resultsByIds(db, batchId, type, page.map((f) => f.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((f) => byId.get(f.id) ?? []);
}

export async function exclusionPage(db: Db, batch: BatchRow, q: ExclusionQuery): Promise<ExclusionPage> {
  const groups = matchAndOrder(await facetsOf(db, batch, 'exclusions'), q, q.orderBy, q.sort);
  const page = groups.slice((q.page - 1) * q.limits, q.page * q.limits);
  // One query: the groups' counts and unique ids come with the facets.
  const rows = await rowsInOrder(db, batch.id, 'exclusions', page.flatMap((g) => g.shown));
  return {
    records: rows.map(toExclusionRecord),
    total: q.requireTotal ? groups.length : null,
    scGroups: page.map(({ group }) => toScGroup(group)),
  };
}

function pageOf<T>(items: readonly T[], page: number, limits: number): T[] {
  return items.slice((page - 1) * limits, page * limits);
}

export async function npiPage(db: Db, batch: BatchRow, q: NpiQuery): Promise<NpiPage> {
  const { nameSearch, optOutSearch, exclusionSearch } = searchesOf(batch);
  const sc = q.searchCriteria?.toLowerCase();
  const statuses = q.recordStatus?.length ? new Set<string>(q.recordStatus) : null;
  const npiStatuses = q.npiStatus?.length ? new Set<string>(q.npiStatus) : null;
  const matching = (await facetsOf(db, batch, 'npi')).filter(
    (f) =>
      (!sc || f.keyLower.includes(sc)) &&
      (!statuses || statuses.has(f.status)) &&
      (!npiStatuses || npiStatuses.has(f.npiStatus ?? '')) &&
      (!q.optOutStatus || f.optOut === q.optOutStatus) &&
      (!q.exclusionStatus || f.excluded === q.exclusionStatus),
  );
  const rows = await rowsInOrder(db, batch.id, 'npi', pageOf(matching, q.page, q.limits));
  return { npiSearches: rows.map((r) => toNpiResult(r, nameSearch)), total: q.requireTotal ? matching.length : null, nameSearch, optOutSearch, exclusionSearch };
}

export async function ssdmfPage(db: Db, batch: BatchRow, q: SsdmfQuery): Promise<SsdmfPage> {
  const { nameSearch } = searchesOf(batch);
  const sc = q.searchCriteria?.toLowerCase();
  const statuses = q.recordStatus?.length ? new Set<string>(q.recordStatus) : null;
  const matching = (await facetsOf(db, batch, 'ssdmf')).filter(
    (f) => (!sc || f.keyLower.includes(sc)) && (!statuses || statuses.has(f.status)) && (!q.ssdmfStatus || f.found === q.ssdmfStatus),
  );
  const rows = await rowsInOrder(db, batch.id, 'ssdmf', pageOf(matching, q.page, q.limits));
  return { ssdmfResults: rows.map((r) => toSsdmfResult(r, nameSearch)), total: q.requireTotal ? matching.length : null, nameSearch };
}
