/** Retiring the shipped samples (ADR 114). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Retires every active or superseded version of a shipped sample: kept for history, never
 * searched again nor rolled back to. Answers the versions retired.
 */
export async function retireSampleVersions(db: Db): Promise<{ id: number; source: string; status: string }[]> {
  return rowsOf(
    db,
    sql`WITH retired AS (
          SELECT id, source, status FROM list_versions WHERE origin = 'sample' AND status IN ('active', 'superseded') FOR UPDATE
        ), done AS (
          UPDATE list_versions v SET status = 'retired' FROM retired r WHERE v.id = r.id RETURNING v.id
        )
        SELECT r.id::int AS id, r.source, r.status FROM retired r JOIN done d ON d.id = r.id ORDER BY r.source, r.id`,
  );
}
