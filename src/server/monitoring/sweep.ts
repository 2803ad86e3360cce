/**
 * Which runs are owed (ADR 046): every roster against every list version of its sources
 * activated after the roster's baseline. Runs are created once (a unique index on roster and
 * version) and queued until done, so a sweep repeated after a crash or by several processes
 * duplicates nothing. It runs after list updates, at start and on a schedule, so versions
 * imported by the CLI (the server stopped) are screened too.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../results/page-queries';
import { ALL_MONITORED_SOURCES } from './search-types';
import { OFAC_SOURCES } from '../batches/row-screening';

/** Creates the runs owed; answers the ids of every run not done, oldest version first. */
export async function sweepRuns(db: Db, now: Date): Promise<number[]> {
  const sources = `{${ALL_MONITORED_SOURCES.join(',')}}`;
  const ofac = `{${OFAC_SOURCES.join(',')}}`;
  await db.execute(sql`INSERT INTO monitoring_runs (roster_id, client_id, kind, list_version_id, source, status, created_at)
    SELECT r.id, r.client_id, 'list-change', v.id, v.source, 'pending', ${now.toISOString()}::timestamptz
    FROM monitored_rosters r
    JOIN batches b ON b.id = r.batch_id AND b.trashed_at IS NULL
    JOIN list_versions v ON v.status IN ('active', 'superseded') AND v.activated_at > r.baseline_at AND v.source = ANY(${sources}::text[])
      AND (v.source <> ALL(${ofac}::text[]) OR 'OFAC' = ANY(b.search_types))
    ORDER BY v.id
    ON CONFLICT DO NOTHING`);
  const open = await rowsOf<{ id: number }>(db, sql`SELECT id FROM monitoring_runs WHERE status <> 'done' ORDER BY list_version_id NULLS LAST, id`);
  return open.map((r) => r.id);
}
