/**
 * The demo's monitored roster (ADR 046): the demo owner's screened batch, monitored, and the
 * shipped LEIE supplement `data/supplements/leie/2611EXCL.csv` imported after it, so the demo
 * starts with an alert to review, this month's full re-screen with its certificate (ADR 051), and a
 * pending new version of the roster to compare, apply or discard (`src/cli/demo-monitoring-version.ts`).
 * `2612EXCL.csv` is left for trying it by hand
 * (`clearlist lists import leie data/supplements/leie/2612EXCL.csv`, then start the demo again).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import type { Db } from '#server/db/client';
import { monitoredRosters, monitoringRuns } from '#server/db/schema';
import { findBatch } from '#server/batches/queries';
import { importList } from '#server/lists/import';
import { insertRoster } from '#server/monitoring/rosters';
import { runMonitoring } from '#server/monitoring/run';
import { MONITORED_SEARCH_TYPES } from '#server/monitoring/search-types';
import { periodOf } from '#server/monitoring/schedule';
import { sweepRuns } from '#server/monitoring/sweep';
import { seedDemoRosterVersion } from './demo-monitoring-version';

export const SUPPLEMENTS_DIR = fileURLToPath(new URL('../../data/supplements', import.meta.url));
export const DEMO_SUPPLEMENT = path.join(SUPPLEMENTS_DIR, 'leie', '2611EXCL.csv');

/** Monitors the batch's people, imports the first shipped supplement and screens the roster against it. */
export async function seedDemoMonitoring(db: Db, owner: { userId: number }, batchId: number, now: Date): Promise<number> {
  const source = await findBatch(db, batchId);
  if (!source) throw new Error(`demo batch ${batchId} is missing`);
  // The sample lists were loaded at `now`: the roster starts from them, the supplement comes after.
  const rosterId = await insertRoster(db, source, { userId: owner.userId, name: 'Acme staff', searchTypes: source.searchTypes.filter((t) => MONITORED_SEARCH_TYPES.includes(t)), now, baselineAt: now });
  // A shipped supplement is synthetic like the samples: the demo's answers say so (ADR 114).
  await importList(db, { source: 'leie', files: [DEMO_SUPPLEMENT], origin: 'sample', now: new Date(now.getTime() + 1000) });
  const ctx = { db, now: () => now, config: { batchChunkRows: 1000, batchScreenWorkers: 0 } };
  for (const runId of await sweepRuns(db, now)) await runMonitoring(ctx, runId);
  // This month's full re-screen ran today (the roster's day is today's), so the roster has its first certificate.
  await db.update(monitoredRosters).set({ rescreenDay: Math.min(now.getUTCDate(), 28) }).where(eq(monitoredRosters.id, rosterId));
  const [run] = await db
    .insert(monitoringRuns)
    .values({ rosterId, clientId: source.clientId, kind: 'full', period: periodOf(now), reason: 'schedule', engineVersion: ALGORITHM_VERSION, createdAt: now })
    .returning({ id: monitoringRuns.id });
  await runMonitoring({ ...ctx, now: () => new Date(now.getTime() + 2000) }, run.id);
  // Next month's staff list, compared and waiting for a decision on the roster's page.
  await seedDemoRosterVersion(db, rosterId, owner.userId, new Date(now.getTime() + 3000));
  return rosterId;
}
