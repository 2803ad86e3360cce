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
 * The records of a version among `ids`, each read by one probe of the chain index. A lateral
 * subquery per id leaves the planner no other plan: a join with the version (the view), or the
 * ids as one `= ANY` condition, may be planned as a scan of the whole chain when the statistics
 * are off, as they are after a load (PostgreSQL then filtered all of a 50,000-record chain for
 * 1,000 ids, ADR 107).
 */
export async function findVersionRecords(db: Db, versionId: number, ids: readonly string[]): Promise<{ recordId: string; data: ListRecord }[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ record_id: string; data: string }>(db, versionRecordsSql(versionId, ids));
  return rows.map((r) => ({ recordId: r.record_id, data: expandStoredRecord(r.data) }));
}

/**
 * The statement of `findVersionRecords` (benches EXPLAIN it): the ids, each once, as one text
 * array (no JSON to parse, no DISTINCT to sort, ADR 107); at most one row per id.
 */
export function versionRecordsSql(versionId: number, ids: readonly string[]): SQL {
  return sql`SELECT k.id AS record_id, r.data
    FROM unnest(${textArrayText([...new Set(ids)])}::text[]) AS k(id)
    CROSS JOIN (SELECT coalesce(records_from, id) AS chain FROM list_versions WHERE id = ${versionId} AND records_kept) v
    CROSS JOIN LATERAL (
      SELECT data FROM list_records
      WHERE coalesce(chain, version_id) = v.chain AND record_id = k.id AND version_id <= ${versionId} AND (valid_to IS NULL OR valid_to > ${versionId})
      LIMIT 1
    ) r`;
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
