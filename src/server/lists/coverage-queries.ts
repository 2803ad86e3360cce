/** SQL behind what answers say of the lists (ADR 114): the latest check of every source, and retiring samples. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface LastCheck {
  outcome: string;
  at: Date;
}

/** The latest check of every source (made before `before`, when given), by source. */
export async function lastChecksOf(db: Db, before?: Date): Promise<Map<string, LastCheck>> {
  const rows = await rowsOf<{ source: string; outcome: string; checked_at: Date | string }>(
    db,
    sql`SELECT DISTINCT ON (source) source, outcome, checked_at FROM list_checks
        ${before ? sql`WHERE checked_at <= ${before.toISOString()}::timestamptz` : sql``}
        ORDER BY source, checked_at DESC, id DESC`,
  );
  return new Map(rows.map((r) => [r.source, { outcome: r.outcome, at: new Date(r.checked_at) }]));
}

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
