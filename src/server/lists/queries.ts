/** SQL of list versions and records (the diff between versions: diff-queries.ts). */
import { and, desc, eq, gt, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { chainOf, findVersionRecords, rowChain, type ChainedVersion } from '../db/list-records';
import { listChecks, listRecords, listVersions, versionRecords } from '../db/schema';

export type ListVersionRow = typeof listVersions.$inferSelect;
export { storeChanges, storeDiff, type RecordChangeKind } from './diff-queries';

export async function insertVersion(db: Db, values: typeof listVersions.$inferInsert): Promise<ListVersionRow> {
  const [row] = await db.insert(listVersions).values(values).returning();
  return row;
}

export async function findActiveVersion(db: Db, source: string): Promise<ListVersionRow | null> {
  const [row] = await db.select().from(listVersions).where(and(eq(listVersions.source, source), eq(listVersions.status, 'active')));
  return row ?? null;
}

/** The version a roll-back replaced: the last one active before it. */
export async function findRolledBackVersion(db: Db, rollback: ListVersionRow): Promise<ListVersionRow | null> {
  const [row] = await db
    .select()
    .from(listVersions)
    .where(and(eq(listVersions.source, rollback.source), eq(listVersions.status, 'superseded'), lt(listVersions.id, rollback.id)))
    .orderBy(desc(listVersions.id))
    .limit(1);
  return row ?? null;
}

/** The versions of a source an import is writing now, other than `exceptId`. */
export async function findOtherImports(db: Db, source: string, exceptId: number): Promise<ListVersionRow[]> {
  return db
    .select()
    .from(listVersions)
    .where(and(eq(listVersions.source, source), eq(listVersions.status, 'importing'), ne(listVersions.id, exceptId)));
}

export interface RecordRow {
  recordId: string;
  /** The record's stored JSON (`storedRecordJson`). */
  json: string;
}

/** A file may repeat a record: the last one wins, and one statement may touch a row once. */
export function lastOfEachId(rows: RecordRow[]): RecordRow[] {
  const byId = new Map<string, RecordRow>();
  for (const row of rows) byId.set(row.recordId, row);
  return byId.size === rows.length ? rows : [...byId.values()];
}

/**
 * Inserts or replaces records of a version in one statement (one JSON parameter holding each
 * record's JSON text). A version that continues a chain (`version.recordsFrom`) also ends the
 * chain's earlier rows of those ids: from it on, its own rows are the records.
 */
export async function upsertRecords(db: Db, version: number | ChainedVersion, rows: RecordRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { id, recordsFrom } = typeof version === 'number' ? { id: version, recordsFrom: null } : version;
  const unique = lastOfEachId(rows);
  const payload = JSON.stringify(unique.map((r) => ({ record_id: r.recordId, data: r.json })));
  await db.execute(sql`INSERT INTO list_records (version_id, chain, record_id, data)
    SELECT ${id}, ${recordsFrom}::integer, x.record_id, x.data FROM jsonb_to_recordset(${payload}::jsonb) AS x(record_id text, data text)
    ON CONFLICT (version_id, record_id) DO UPDATE SET data = excluded.data`);
  if (recordsFrom !== null) await endEarlierRows(db, { id, recordsFrom }, unique.map((r) => r.recordId));
}

/**
 * Marks the chain's current rows of `recordIds` written before the version as replaced by it;
 * answers their ids. Each row is found by one probe of the chain index (a scalar subquery per
 * id) and updated by its ctid: a join or an IN list lets the planner scan the whole chain.
 */
async function endEarlierRows(db: Db, version: ChainedVersion, recordIds: string[]): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const rows = await rowsOf<{ record_id: string }>(
    db,
    sql`UPDATE list_records SET valid_to = ${version.id}
      WHERE ctid = ANY(ARRAY(
        SELECT (SELECT ctid FROM list_records
          WHERE coalesce(chain, version_id) = ${chainOf(version)} AND record_id = k.id AND version_id < ${version.id} AND valid_to IS NULL
          LIMIT 1)
        FROM (SELECT DISTINCT id FROM jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb) AS t(id)) k))
      RETURNING record_id`,
  );
  return rows.map((r) => r.record_id);
}

/** A version's current row of a record id, as an incremental import finds it before writing (ADR 078). */
export interface CurrentRow {
  recordId: string;
  /** The stored JSON text. */
  data: string;
  /** The row's address: the write of the same batch ends or deletes it by it, without a second probe. */
  ctid: string;
  /** The row is the version's own (written by an earlier batch of the same import), not an earlier version's. */
  own: boolean;
}

/**
 * The rows that are the version's records among `ids`, each found by one probe of the chain
 * index (as `findVersionRecords`), with their addresses. Only the import writing the version
 * changes its chain meanwhile (`refuseConcurrentChain`), so the addresses hold until its write.
 */
export async function findCurrentRows(db: Db, version: ChainedVersion, ids: readonly string[]): Promise<CurrentRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ record_id: string; data: string; ctid: string; version_id: number }>(
    db,
    sql`SELECT k.id AS record_id, r.data, r.ctid::text AS ctid, r.version_id
      FROM (SELECT DISTINCT id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS t(id)) k
      CROSS JOIN LATERAL (
        SELECT data, ctid, version_id FROM list_records
        WHERE coalesce(chain, version_id) = ${chainOf(version)} AND record_id = k.id AND version_id <= ${version.id} AND valid_to IS NULL
        LIMIT 1
      ) r`,
  );
  return rows.map((r) => ({ recordId: r.record_id, data: r.data, ctid: r.ctid, own: r.version_id === version.id }));
}

/**
 * One incremental batch in one statement (ADR 078): ends the earlier versions' rows at `end`
 * (their records are replaced or removed from this version on), deletes the version's own rows
 * at `remove`, and inserts or replaces the version's rows of `rows`. The addresses come from
 * `findCurrentRows` of the same batch; a row no longer current at its address is left alone.
 */
export async function writeChainBatch(db: Db, version: ChainedVersion, rows: RecordRow[], end: readonly string[], remove: readonly string[]): Promise<void> {
  if (version.recordsFrom === null) throw new Error(`version ${version.id} does not continue a chain`);
  if (rows.length === 0 && end.length === 0 && remove.length === 0) return;
  const payload = JSON.stringify(lastOfEachId(rows).map((r) => ({ record_id: r.recordId, data: r.json })));
  const tids = (list: readonly string[]) => `{${list.map((t) => `"${t}"`).join(',')}}`;
  await db.execute(sql`WITH ended AS (
      UPDATE list_records SET valid_to = ${version.id}
      WHERE ctid = ANY(${tids(end)}::tid[]) AND version_id < ${version.id} AND valid_to IS NULL
      RETURNING 1),
    removed AS (
      DELETE FROM list_records WHERE ctid = ANY(${tids(remove)}::tid[]) AND version_id = ${version.id}
      RETURNING 1)
    INSERT INTO list_records (version_id, chain, record_id, data)
    SELECT ${version.id}, ${version.recordsFrom}::integer, x.record_id, x.data FROM jsonb_to_recordset(${payload}::jsonb) AS x(record_id text, data text)
    ON CONFLICT (version_id, record_id) DO UPDATE SET data = excluded.data`);
}

/** Records of a version by id (one index probe each, ADR 066). */
export async function findRecords(db: Db, versionId: number, recordIds: string[]) {
  return findVersionRecords(db, versionId, recordIds);
}

/**
 * Removes records from a version: its own rows of those ids, and (a version continuing a
 * chain) the chain's earlier rows, which it ends. Answers the ids that were its records.
 */
export async function deleteRecords(db: Db, version: number | ChainedVersion, recordIds: string[]): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const { id, recordsFrom } = typeof version === 'number' ? { id: version, recordsFrom: null } : version;
  const own = await db
    .delete(listRecords)
    .where(and(eq(listRecords.versionId, id), inArray(listRecords.recordId, recordIds)))
    .returning({ recordId: listRecords.recordId });
  const ended = recordsFrom === null ? [] : await endEarlierRows(db, { id, recordsFrom }, recordIds);
  return [...new Set([...own.map((r) => r.recordId), ...ended])];
}

export async function countRecords(db: Db, versionId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(versionRecords).where(eq(versionRecords.versionId, versionId));
  return row?.n ?? 0;
}

export async function setFileDigests(db: Db, versionId: number, sha256: string[]): Promise<void> {
  await db.update(listVersions).set({ fileSha256: sha256 }).where(eq(listVersions.id, versionId));
}

/** A failed version: its own rows deleted, the chain's rows it had ended current again, no records shown. */
export async function markFailed(db: Db, versionId: number, error: string): Promise<void> {
  await dropVersion(db, versionId, { status: 'failed', error });
}

export async function findVersion(db: Db, id: number): Promise<ListVersionRow | null> {
  const [row] = await db.select().from(listVersions).where(eq(listVersions.id, id));
  return row ?? null;
}

/**
 * Ends a version that never became active (failed, rejected, replaced): its own rows deleted,
 * the chain's rows it had ended current again, no records shown. With `onlyFrom`, only while
 * the version has that status (answers false, changing nothing, once it has another).
 */
export async function dropVersion(db: Db, versionId: number, values: Partial<ListVersionRow> & { status: string }, onlyFrom?: string): Promise<boolean> {
  if (onlyFrom !== undefined) {
    const taken = await db
      .update(listVersions)
      .set({ status: values.status })
      .where(and(eq(listVersions.id, versionId), eq(listVersions.status, onlyFrom)))
      .returning({ id: listVersions.id });
    if (taken.length === 0) return false;
  }
  const [version] = await db.select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom }).from(listVersions).where(eq(listVersions.id, versionId));
  await db.delete(listRecords).where(eq(listRecords.versionId, versionId));
  if (version?.recordsFrom != null) {
    await db
      .update(listRecords)
      .set({ validTo: null })
      .where(and(sql`${rowChain} = ${chainOf(version)}`, isNotNull(listRecords.validTo), eq(listRecords.validTo, versionId)));
  }
  await db.update(listVersions).set({ ...values, recordsKept: false }).where(eq(listVersions.id, versionId));
  return true;
}

/** Activates a held version (ADR 109) in one transaction, unless it is no longer held; answers whether it was. */
export async function activateHeldVersion(db: Db, held: ListVersionRow, values: Partial<ListVersionRow>, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [still] = await tx.select({ status: listVersions.status }).from(listVersions).where(eq(listVersions.id, held.id)).for('update');
    if (still?.status !== 'held') return false;
    await tx
      .update(listVersions)
      .set({ status: 'superseded' })
      .where(and(eq(listVersions.source, held.source), eq(listVersions.status, 'active')));
    await tx.update(listVersions).set({ ...values, status: 'active', activatedAt: now }).where(eq(listVersions.id, held.id));
    return true;
  });
}

/** The source's version waiting for an operator's approval (ADR 109), if any. */
export async function findHeldVersion(db: Db, source: string): Promise<ListVersionRow | null> {
  const [row] = await db.select().from(listVersions).where(and(eq(listVersions.source, source), eq(listVersions.status, 'held')));
  return row ?? null;
}

/** The last version of the source an operator rejected after `afterId` (the active version): its files are not held again. */
export async function findRejectedAfter(db: Db, source: string, afterId: number): Promise<ListVersionRow | null> {
  const [row] = await db
    .select()
    .from(listVersions)
    .where(and(eq(listVersions.source, source), eq(listVersions.status, 'rejected'), gt(listVersions.id, afterId)))
    .orderBy(desc(listVersions.id))
    .limit(1);
  return row ?? null;
}

/** Keeps a stored version from activation: held for an operator's approval, with its figures and comparison (ADR 109). */
export async function holdVersion(db: Db, version: ListVersionRow, stats: Partial<ListVersionRow>): Promise<void> {
  await db.update(listVersions).set({ ...stats, status: 'held' }).where(eq(listVersions.id, version.id));
}

/** Makes a version the active one of its source in one transaction. */
export async function activateVersion(db: Db, version: ListVersionRow, stats: Partial<ListVersionRow>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(listVersions)
      .set({ status: 'superseded' })
      .where(and(eq(listVersions.source, version.source), eq(listVersions.status, 'active')));
    await tx.update(listVersions).set({ ...stats, status: 'active', activatedAt: now }).where(eq(listVersions.id, version.id));
  });
}

/**
 * Keeps the records of the active and the previous version only; older versions keep their
 * metadata and changes. Deletes the chains no kept version (nor a running import) belongs to,
 * and in each kept chain the rows ended at or before its oldest kept version.
 */
export async function pruneOldRecords(db: Db, source: string): Promise<void> {
  const keep = await db
    .select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom })
    .from(listVersions)
    .where(and(eq(listVersions.source, source), inArray(listVersions.status, ['active', 'superseded'])))
    .orderBy(desc(listVersions.id))
    .limit(2);
  if (keep.length === 0) return;
  const importing = await db
    .select({ id: listVersions.id, recordsFrom: listVersions.recordsFrom })
    .from(listVersions)
    .where(and(eq(listVersions.source, source), eq(listVersions.status, 'importing')));
  const keptChains = [...new Set([...keep, ...importing].map(chainOf))];
  // Chains begin at full versions (records_from null); a running import's chain stays whole.
  await db.execute(sql`DELETE FROM list_records WHERE ${rowChain} IN (
    SELECT id FROM list_versions WHERE source = ${source} AND records_from IS NULL AND status IN ('superseded', 'failed')
      AND id NOT IN (${sql.join(keptChains, sql`, `)}))`);
  for (const chain of new Set(keep.map(chainOf))) {
    const oldest = Math.min(...keep.filter((v) => chainOf(v) === chain).map((v) => v.id));
    await db.delete(listRecords).where(and(sql`${rowChain} = ${chain}`, isNotNull(listRecords.validTo), lte(listRecords.validTo, oldest)));
  }
  await db
    .update(listVersions)
    .set({ recordsKept: false })
    .where(and(eq(listVersions.source, source), eq(listVersions.recordsKept, true), eq(listVersions.status, 'superseded'), sql`${listVersions.id} NOT IN (${sql.join(keep.map((v) => v.id), sql`, `)})`));
}

/**
 * Undoes a version's changes in a new version of its chain (a roll-back to the version it
 * followed): the rows it wrote end at `next`, the rows it ended are written again by `next`.
 * Answers the ids concerned (the only ones that differ between the two).
 */
export async function undoChanges(db: Db, undone: ChainedVersion, next: ChainedVersion): Promise<string[]> {
  const chain = chainOf(next);
  const ended = await db
    .update(listRecords)
    .set({ validTo: next.id })
    .where(and(eq(listRecords.versionId, undone.id), sql`${listRecords.validTo} IS NULL`))
    .returning({ recordId: listRecords.recordId });
  const restored = await rowsOf<{ record_id: string }>(
    db,
    sql`INSERT INTO list_records (version_id, chain, record_id, data)
      SELECT ${next.id}, ${chain}::integer, record_id, data FROM list_records WHERE ${rowChain} = ${chain} AND valid_to = ${undone.id}
      RETURNING record_id`,
  );
  return [...new Set([...ended.map((r) => r.recordId), ...restored.map((r) => r.record_id)])];
}

export async function recordCheck(db: Db, values: typeof listChecks.$inferInsert): Promise<void> {
  await db.insert(listChecks).values(values);
}
