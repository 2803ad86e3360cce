/** The three tabs' reads: a page of exclusion groups, of NPI results, of SSDMF results. */
import type { ExclusionPage, ExclusionQuery, NpiPage, NpiQuery, SsdmfPage, SsdmfQuery } from '#shared/results';
import type { Db } from '../db/client';
import type { BatchRow } from '../batches/queries';
import { exclusionGroups, exclusionRecordsOf, rowResultsPage, uniqueIdsOf } from './page-queries';
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

export async function exclusionPage(db: Db, batch: BatchRow, q: ExclusionQuery): Promise<ExclusionPage> {
  const { groups, total } = await exclusionGroups(db, batch.id, q);
  const keys = groups.map((g) => g.key);
  const [rows, uniqueIds] = [await exclusionRecordsOf(db, batch.id, keys, q), await uniqueIdsOf(db, batch.id, 'exclusions', keys)];
  return {
    records: rows.map(toExclusionRecord),
    total,
    scGroups: groups.map((g) => toScGroup({ ...g, uniqueId: uniqueIds.get(g.key) ?? null })),
  };
}

export async function npiPage(db: Db, batch: BatchRow, q: NpiQuery): Promise<NpiPage> {
  const { nameSearch, optOutSearch, exclusionSearch } = searchesOf(batch);
  const { rows, total } = await rowResultsPage(db, batch.id, 'npi', q);
  return { npiSearches: rows.map((r) => toNpiResult(r, nameSearch)), total, nameSearch, optOutSearch, exclusionSearch };
}

export async function ssdmfPage(db: Db, batch: BatchRow, q: SsdmfQuery): Promise<SsdmfPage> {
  const { nameSearch } = searchesOf(batch);
  const { rows, total } = await rowResultsPage(db, batch.id, 'ssdmf', q);
  return { ssdmfResults: rows.map((r) => toSsdmfResult(r, nameSearch)), total, nameSearch };
}
