/** SQL of what changed between two versions of a list (list_changes): the diff an import stores. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listChanges } from '../db/schema';

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
    FROM (SELECT record_id, data FROM version_records WHERE version_id = ${next}) n
    FULL JOIN (SELECT record_id, data FROM version_records WHERE version_id = ${previous}) p ON p.record_id = n.record_id
    WHERE p.record_id IS NULL OR n.record_id IS NULL OR ${withoutDateAcquired(sql`p.data`)} <> ${withoutDateAcquired(sql`n.data`)}`);
  }
  // Comparing the texts is a quick filter: a pair whose content is the same once the
  // acquisition date is left out is no change, whatever the order of its keys (records stored
  // before the stored form, merged records). Each candidate reads its two records by primary
  // key (scalar subqueries: no plan may scan whole versions, which have no statistics yet).
  await db.execute(sql`DELETE FROM list_changes c
    WHERE c.version_id = ${next} AND c.change = 'changed'
      AND (${recordData(next, sql`c.record_id`)})::jsonb - 'dateAcquired' = (${recordData(previous, sql`c.record_id`)})::jsonb - 'dateAcquired'`);
  return reinstatedAndCounted(db, next, reinstated);
}

/** What changed between two versions, per record id, as the writer of an incremental import saw it (ADR 078). */
export type RecordChangeKind = 'added' | 'removed' | 'changed';

/**
 * Stores the changes an incremental import's writer computed while it wrote (the diff's rule,
 * applied to the records it read and wrote), instead of reading both versions again by id;
 * answers the counts, as `storeDiff`.
 */
export async function storeChanges(db: Db, next: number, changes: ReadonlyMap<string, RecordChangeKind>, reinstated: readonly string[]) {
  let page: { record_id: string; change: RecordChangeKind }[] = [];
  const flush = async () => {
    if (page.length) await db.execute(sql`INSERT INTO list_changes (version_id, record_id, change)
      SELECT ${next}, x.record_id, x.change FROM jsonb_to_recordset(${JSON.stringify(page)}::jsonb) AS x(record_id text, change text)`);
    page = [];
  };
  for (const [recordId, change] of changes) {
    page.push({ record_id: recordId, change });
    if (page.length >= DIFF_CHUNK) await flush();
  }
  await flush();
  return reinstatedAndCounted(db, next, reinstated);
}

/** Marks the removed records that reinstatements removed, and answers the counts of each change. */
async function reinstatedAndCounted(db: Db, next: number, reinstated: readonly string[]) {
  if (reinstated.length) {
    await db
      .update(listChanges)
      .set({ change: 'reinstated' })
      .where(and(eq(listChanges.versionId, next), inArray(listChanges.recordId, [...reinstated]), eq(listChanges.change, 'removed')));
  }
  const counts = await db
    .select({ change: listChanges.change, n: sql<number>`count(*)`.mapWith(Number) })
    .from(listChanges)
    .where(eq(listChanges.versionId, next))
    .groupBy(listChanges.change);
  const get = (c: string) => counts.find((r) => r.change === c)?.n ?? 0;
  return { added: get('added'), removed: get('removed'), changed: get('changed'), reinstated: get('reinstated') };
}

/** A version's record `id` as a scalar subquery: one probe of the chain index (its chain read once per statement). */
const recordData = (versionId: number, id: SQL): SQL =>
  sql`SELECT data FROM list_records WHERE coalesce(chain, version_id) = (SELECT coalesce(records_from, id) FROM list_versions WHERE id = ${versionId} AND records_kept)
    AND record_id = ${id} AND version_id <= ${versionId} AND (valid_to IS NULL OR valid_to > ${versionId}) LIMIT 1`;

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
        (${recordData(next, sql`t.id`)}) AS n,
        (${recordData(previous, sql`t.id`)}) AS p
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS t(id)
    ) x
    WHERE (x.p IS NOT NULL OR x.n IS NOT NULL)
      AND (x.p IS NULL OR x.n IS NULL OR ${withoutDateAcquired(sql`x.p`)} <> ${withoutDateAcquired(sql`x.n`)})`);
}
