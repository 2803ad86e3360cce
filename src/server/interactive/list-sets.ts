/**
 * The lists a search used, stored once per distinct set (ADR 047): a stored search keeps its
 * answer without `lists` and references the set instead; reopening puts them back.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Lists = readonly unknown[];

/** Set ids by key, per database: a set's row never changes, so its id can be kept. */
const known = new WeakMap<Db, Map<string, number>>();
/** Sets per database held in memory at most (a few per list update; cleared past this). */
const MAX_KNOWN = 256;

export function listSetKey(lists: Lists): string {
  return createHash('sha256').update(JSON.stringify(lists)).digest('hex');
}

/**
 * The id of the set holding exactly these lists, stored on first use. Call it outside the
 * transaction that stores the search: the set must stay even if that transaction is undone,
 * since its id is kept for the next searches.
 */
export async function listSetIdOf(db: Db, lists: Lists): Promise<number> {
  const key = listSetKey(lists);
  let ids = known.get(db);
  const held = ids?.get(key);
  if (held !== undefined) return held;
  const res = (await db.execute(sql`INSERT INTO search_list_sets (key, lists) VALUES (${key}, ${JSON.stringify(lists)}::jsonb)
    ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key RETURNING id`)) as unknown as { rows: { id: number }[] };
  const id = Number(res.rows[0].id);
  if (!ids || ids.size >= MAX_KNOWN) known.set(db, (ids = new Map()));
  ids.set(key, id);
  return id;
}

/** A result's `lists` apart from the rest of it (null when it has none). */
export function splitLists(result: object): { rest: object; lists: Lists | null } {
  const { lists, ...rest } = result as { lists?: unknown };
  return Array.isArray(lists) ? { rest, lists } : { rest: result, lists: null };
}

/**
 * The ids of the sets of many results at once (a bulk request's results share a few `lists`
 * arrays: each distinct array is hashed and looked up once).
 */
export async function listSetIdsOf(db: Db, results: readonly object[]): Promise<(number | null)[]> {
  const byArray = new Map<unknown, Promise<number>>();
  return Promise.all(
    results.map((r) => {
      const { lists } = splitLists(r);
      if (!lists) return null;
      let id = byArray.get(lists);
      if (!id) byArray.set(lists, (id = listSetIdOf(db, lists)));
      return id;
    }),
  );
}
