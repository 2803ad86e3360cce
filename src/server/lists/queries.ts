/** SQL of list versions, records and changes. */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listChanges, listChecks, listRecords, listVersions } from '../db/schema';

export type ListVersionRow = typeof listVersions.$inferSelect;

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

/**
 * Copies a version's records into another in SQL, then refreshes the table's statistics
 * (ANALYZE samples ~30,000 rows: ~2 s at 40 M). Without them the planner takes the new version
 * for empty and reads an incremental import's batches (`record_id IN (…10,000 ids)`) by
 * scanning the whole version through the index on `version_id` alone: 5–10 s a batch at 20 M.
 */
export async function copyRecords(db: Db, fromVersion: number, toVersion: number): Promise<void> {
  await db.execute(sql`INSERT INTO list_records (version_id, record_id, data)
    SELECT ${toVersion}, record_id, data FROM list_records WHERE version_id = ${fromVersion}`);
  await db.execute(sql`ANALYZE list_records`);
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

/** Inserts or replaces records of a version in one statement (one JSON parameter holding each record's JSON text). */
export async function upsertRecords(db: Db, versionId: number, rows: RecordRow[]): Promise<void> {
  if (rows.length === 0) return;
  const unique = lastOfEachId(rows);
  const payload = JSON.stringify(unique.map((r) => ({ record_id: r.recordId, data: r.json })));
  await db.execute(sql`INSERT INTO list_records (version_id, record_id, data)
    SELECT ${versionId}, x.record_id, x.data FROM jsonb_to_recordset(${payload}::jsonb) AS x(record_id text, data text)
    ON CONFLICT (version_id, record_id) DO UPDATE SET data = excluded.data`);
}

export async function findRecords(db: Db, versionId: number, recordIds: string[]) {
  if (recordIds.length === 0) return [];
  return db
    .select({ recordId: listRecords.recordId, data: listRecords.data })
    .from(listRecords)
    .where(and(eq(listRecords.versionId, versionId), inArray(listRecords.recordId, recordIds)));
}

/** Removes records from a version; answers the ids that were there. */
export async function deleteRecords(db: Db, versionId: number, recordIds: string[]): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const rows = await db
    .delete(listRecords)
    .where(and(eq(listRecords.versionId, versionId), inArray(listRecords.recordId, recordIds)))
    .returning({ recordId: listRecords.recordId });
  return rows.map((r) => r.recordId);
}

export async function countRecords(db: Db, versionId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listRecords).where(eq(listRecords.versionId, versionId));
  return row?.n ?? 0;
}

// `,"dateAcquired":"YYYY-MM-DD"}`: where storedRecordJson puts the acquisition date.
const DATE_TAIL = `,"dateAcquired":"__________"}`;

/** A stored record's text without its acquisition date when it ends with it (storedRecordJson). */
const withoutDateAcquired = (data: SQL): SQL =>
  sql`(CASE WHEN ${data} LIKE ${`%${DATE_TAIL}`} THEN left(${data}, ${sql.raw(String(-DATE_TAIL.length))}) || '}' ELSE ${data} END)`;

/**
 * Stores what changed between the active version and the new one; answers the counts. A
 * source's first version changes nothing recorded before it: its records are all added, and
 * listing each of them again (9 million for NPPES) would only repeat the version itself.
 * `touched`: the only ids that may differ (an incremental import's records), read by primary
 * key; without it both versions are compared whole.
 */
export async function storeDiff(db: Db, previous: number | null, next: number, reinstated: readonly string[], records: number, touched: Iterable<string> | null = null) {
  if (previous === null) return { added: records, removed: 0, changed: 0, reinstated: 0 };
  if (touched) {
    for (const ids of chunksOf(touched, DIFF_CHUNK)) await storeTouchedChanges(db, previous, next, ids);
  } else {
    await db.execute(sql`INSERT INTO list_changes (version_id, record_id, change)
    SELECT ${next}, coalesce(n.record_id, p.record_id),
      CASE WHEN p.record_id IS NULL THEN 'added' WHEN n.record_id IS NULL THEN 'removed' ELSE 'changed' END
    FROM (SELECT record_id, data FROM list_records WHERE version_id = ${next}) n
    FULL JOIN (SELECT record_id, data FROM list_records WHERE version_id = ${previous}) p ON p.record_id = n.record_id
    WHERE p.record_id IS NULL OR n.record_id IS NULL OR ${withoutDateAcquired(sql`p.data`)} <> ${withoutDateAcquired(sql`n.data`)}`);
  }
  // Comparing the texts is a quick filter: a pair whose content is the same once the
  // acquisition date is left out is no change, whatever the order of its keys (records stored
  // before the stored form, merged records). Each candidate reads its two records by primary
  // key (scalar subqueries: no plan may scan whole versions, which have no statistics yet).
  await db.execute(sql`DELETE FROM list_changes c
    WHERE c.version_id = ${next} AND c.change = 'changed'
      AND (SELECT n.data::jsonb - 'dateAcquired' FROM list_records n WHERE n.version_id = ${next} AND n.record_id = c.record_id)
        = (SELECT p.data::jsonb - 'dateAcquired' FROM list_records p WHERE p.version_id = ${previous} AND p.record_id = c.record_id)`);
  if (reinstated.length) {
    await db
      .update(listChanges)
      .set({ change: 'reinstated' })
      .where(and(eq(listChanges.versionId, next), inArray(listChanges.recordId, reinstated), eq(listChanges.change, 'removed')));
  }
  const counts = await db
    .select({ change: listChanges.change, n: sql<number>`count(*)`.mapWith(Number) })
    .from(listChanges)
    .where(eq(listChanges.versionId, next))
    .groupBy(listChanges.change);
  const get = (c: string) => counts.find((r) => r.change === c)?.n ?? 0;
  return { added: get('added'), removed: get('removed'), changed: get('changed'), reinstated: get('reinstated') };
}

// Ids per statement of a diff over touched ids: one array parameter each.
const DIFF_CHUNK = 20_000;

function* chunksOf(ids: Iterable<string>, size: number): Generator<string[]> {
  let chunk: string[] = [];
  for (const id of ids) {
    chunk.push(id);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/**
 * The changes among `ids` (each once). Each side is read by primary key in a scalar subquery:
 * a join would let the planner scan a whole version (a new version has no statistics yet, so
 * it looks empty), which at 9 million records takes hours.
 */
async function storeTouchedChanges(db: Db, previous: number, next: number, ids: string[]): Promise<void> {
  await db.execute(sql`INSERT INTO list_changes (version_id, record_id, change)
    SELECT ${next}, x.id, CASE WHEN x.p IS NULL THEN 'added' WHEN x.n IS NULL THEN 'removed' ELSE 'changed' END
    FROM (
      SELECT t.id,
        (SELECT data FROM list_records WHERE version_id = ${next} AND record_id = t.id) AS n,
        (SELECT data FROM list_records WHERE version_id = ${previous} AND record_id = t.id) AS p
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS t(id)
    ) x
    WHERE (x.p IS NOT NULL OR x.n IS NOT NULL)
      AND (x.p IS NULL OR x.n IS NULL OR ${withoutDateAcquired(sql`x.p`)} <> ${withoutDateAcquired(sql`x.n`)})`);
}

export async function setFileDigests(db: Db, versionId: number, sha256: string[]): Promise<void> {
  await db.update(listVersions).set({ fileSha256: sha256 }).where(eq(listVersions.id, versionId));
}

export async function markFailed(db: Db, versionId: number, error: string): Promise<void> {
  await db.delete(listRecords).where(eq(listRecords.versionId, versionId));
  await db.update(listVersions).set({ status: 'failed', error }).where(eq(listVersions.id, versionId));
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

/** Keeps the records of the active and the previous version only; older versions keep their metadata and changes. */
export async function pruneOldRecords(db: Db, source: string): Promise<void> {
  const keep = await db
    .select({ id: listVersions.id })
    .from(listVersions)
    .where(and(eq(listVersions.source, source), inArray(listVersions.status, ['active', 'superseded'])))
    .orderBy(desc(listVersions.id))
    .limit(2);
  const keepIds = keep.map((k) => k.id);
  if (keepIds.length === 0) return;
  await db.execute(sql`DELETE FROM list_records WHERE version_id IN (
    SELECT id FROM list_versions WHERE source = ${source} AND id NOT IN (${sql.join(keepIds, sql`, `)}))`);
}

export async function recordCheck(db: Db, values: typeof listChecks.$inferInsert): Promise<void> {
  await db.insert(listChecks).values(values);
}
