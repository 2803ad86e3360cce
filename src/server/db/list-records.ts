/**
 * Which `list_records` rows are a version's records (ADR 066). A version belongs to a chain
 * (the full import that began it); its records are the chain's rows written at or before it
 * and not replaced or removed at or before it. Readers that know a version's chain use
 * `recordsAt` (ordered scans by record id); others read the `version_records` view.
 */
import { and, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { listRecords } from './schema';

export interface ChainedVersion {
  id: number;
  recordsFrom: number | null;
}

/** The chain a version's records belong to. */
export const chainOf = (version: ChainedVersion): number => version.recordsFrom ?? version.id;

/** A row's chain: the expression the index `list_records_chain_record` is built on. */
export const rowChain = sql`coalesce(${listRecords.chain}, ${listRecords.versionId})`;

/** The rows that are the version's records (one per record id). */
export function recordsAt(version: ChainedVersion): SQL {
  return and(sql`${rowChain} = ${chainOf(version)}`, lte(listRecords.versionId, version.id), or(isNull(listRecords.validTo), gt(listRecords.validTo, version.id)))!;
}
