/**
 * Which `list_records` rows are a version's records (ADR 066). A version belongs to a chain
 * (the full import that began it); its records are the chain's rows written at or before it
 * and not replaced or removed at or before it. Readers that know a version's chain use
 * `recordsAt` (ordered scans by record id); others read the `version_records` view.
 */
import { and, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { expandStoredRecord } from '#lists/core/stored-record';
import type { Db } from './client';
import { rowsOf } from './rows';
import { textArrayText } from './sql-fragments';
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

/**
 * The records of a version among `ids`: one scan of the chain index for all of them (`= ANY` of
 * one array parameter, the ids looked up in the index's order, ADR 107). The chain is the value
 * of a subquery, so the planner cannot plan a join with the version (the view) as a scan of the
 * whole chain, as it may when the statistics are off after a load.
 */
export async function findVersionRecords(db: Db, versionId: number, ids: readonly string[]): Promise<{ recordId: string; data: ListRecord }[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ record_id: string; data: string }>(db, versionRecordsSql(versionId, ids));
  return rows.map((r) => ({ recordId: r.record_id, data: expandStoredRecord(r.data) }));
}

/** The statement of `findVersionRecords` (benches EXPLAIN it): at most one row per id, none for an id the version lacks. */
export function versionRecordsSql(versionId: number, ids: readonly string[]): SQL {
  return sql`SELECT r.record_id, r.data FROM list_records r
    WHERE coalesce(r.chain, r.version_id) = (SELECT coalesce(records_from, id) FROM list_versions WHERE id = ${versionId} AND records_kept)
      AND r.record_id = ANY(${textArrayText(ids)}::text[]) AND r.version_id <= ${versionId} AND (r.valid_to IS NULL OR r.valid_to > ${versionId})`;
}

/**
 * In SQL, the whole record (as `expandStoredRecord` gives it, as jsonb) of the version
 * `versionId` with the id `recordId` (SQL expressions), or NULL: the same row
 * `findVersionRecords` reads. Lets a statement copy a record without reading it out (ADR 073).
 */
export function versionRecordJsonbSql(versionId: SQL, recordId: SQL): SQL {
  return sql`(SELECT ${EMPTY_RECORD_JSON}::jsonb || r.data::jsonb
    FROM list_versions v
    CROSS JOIN LATERAL (
      SELECT data FROM list_records
      WHERE coalesce(chain, version_id) = coalesce(v.records_from, v.id) AND record_id = ${recordId} AND version_id <= v.id AND (valid_to IS NULL OR valid_to > v.id)
      LIMIT 1
    ) r
    WHERE v.id = ${versionId} AND v.records_kept)`;
}

/** The empty fields `expandStoredRecord` puts back (the stored record always has source, id and kind). */
export const EMPTY_RECORD_JSON = JSON.stringify(emptyListRecord('leie', '', 'person'));
