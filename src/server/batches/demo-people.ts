/**
 * People of the shipped sample lists, for the demo's rosters: read from the active versions the
 * demo imported, so a demo roster's findings are found by the real engine, not written in.
 */
import { sql } from 'drizzle-orm';
import { relatedNames } from '#engine/nicknames';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** The first `limit` people (by record id) of a source's active version that carry `field`. */
export async function samplePeople(db: Db, source: string, field: string, limit: number): Promise<Record<string, string>[]> {
  return rowsOf(
    db,
    sql`SELECT r.data FROM version_records r JOIN list_versions v ON v.id = r.version_id
        WHERE v.source = ${source} AND v.status = 'active' AND r.data::jsonb->>${field} IS NOT NULL AND r.data::jsonb->>'kind' = 'person'
        ORDER BY r.record_id LIMIT ${limit}`,
  ).then((rows) => rows.map((r) => JSON.parse((r as { data: string }).data) as Record<string, string>));
}

export const titleCase = (s: string | undefined): string => (s ?? '').toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * A roster writes some people by the name they go by: every other person (the 2nd, the 4th…)
 * under the first nickname our table knows, so the demo shows fuzzy findings beside exact ones.
 */
export function asOnRoster(first: string | undefined, i: number): string {
  const name = titleCase(first);
  if (i % 2 === 0 || !first) return name;
  const nickname = relatedNames(first.toLowerCase())[0];
  return nickname ? titleCase(nickname) : name;
}
