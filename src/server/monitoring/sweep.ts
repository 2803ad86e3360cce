/**
 * Which runs are owed (ADR 046, 051): every roster against every list version of its sources
 * activated after the roster's baseline, and the full re-screen of each month on the roster's
 * schedule or after a new engine version. Runs are created once (unique indexes on roster and
 * version, and on roster, month and engine version) and queued until done, so a sweep repeated
 * after a crash or by several processes duplicates nothing. It runs after list updates, at
 * start and on a schedule, so versions imported by the CLI (the server stopped) are screened too.
 */
import { sql } from 'drizzle-orm';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ALL_MONITORED_SOURCES } from './search-types';
import { OFAC_SOURCES } from '../screening/row-screening';
import { owedPeriod, periodOf } from './schedule';

/** Creates the runs owed; answers the ids of every run not done, oldest version first, full runs last. */
export async function sweepRuns(db: Db, now: Date, engineVersion = ALGORITHM_VERSION): Promise<number[]> {
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
  await createFullRuns(db, now, engineVersion);
  const open = await rowsOf<{ id: number }>(db, sql`SELECT id FROM monitoring_runs WHERE status <> 'done' ORDER BY (kind = 'full'), list_version_id NULLS LAST, id`);
  return open.map((r) => r.id);
}

interface RosterSchedule {
  id: number;
  client_id: number;
  rescreen_day: number;
  baseline_at: Date | string;
  engine_version: string | null;
  periods: string[] | null;
}

/** Full re-screens owed: this month's on the schedule, and one when the engine changed. */
async function createFullRuns(db: Db, now: Date, engineVersion: string): Promise<void> {
  const rosters = await rowsOf<RosterSchedule>(
    db,
    sql`SELECT r.id, r.client_id, r.rescreen_day, r.baseline_at, r.engine_version,
          (SELECT array_agg(DISTINCT m.period) FROM monitoring_runs m WHERE m.roster_id = r.id AND m.kind = 'full') AS periods
        FROM monitored_rosters r JOIN batches b ON b.id = r.batch_id AND b.trashed_at IS NULL`,
  );
  for (const r of rosters) {
    const scheduled = owedPeriod({ day: r.rescreen_day, baselineAt: new Date(r.baseline_at), screenedPeriods: new Set(r.periods ?? []) }, now);
    // A roster made before engine versions were kept (null) waits for its schedule.
    const engineChanged = r.engine_version !== null && r.engine_version !== engineVersion;
    const owed = scheduled ? { period: scheduled, reason: 'schedule' } : engineChanged ? { period: periodOf(now), reason: 'engine' } : null;
    if (!owed) continue;
    await db.execute(sql`INSERT INTO monitoring_runs (roster_id, client_id, kind, period, reason, engine_version, status, created_at)
      VALUES (${r.id}, ${r.client_id}, 'full', ${owed.period}, ${owed.reason}, ${engineVersion}, 'pending', ${now.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING`);
  }
}
