/**
 * Bench of issue 20 (ADR 046): a list update changing 1,000 records screened against a
 * monitored roster of 100,000 people (target ≤ 10 s on two cores), on the embedded database.
 * The roster's names and a share of the changed records come from the same synthetic name
 * frequencies, so the run finds alerts as a real update would; figures are wall and CPU time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListRecord } from '#shared/list-record';
import { syntheticRecords } from '#engine/synthetic-records';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { listChanges, monitoringRuns } from '#server/db/schema';
import { runMonitoring } from '#server/monitoring/run';
import { figure, peakRssMiB, type Figure } from './measure';
import { insertLeieVersion, seedRoster } from './monitoring-seed';

const PEOPLE = Number(process.env.BENCH_MONITORING_PEOPLE ?? 100_000);
const CHANGED = Number(process.env.BENCH_MONITORING_CHANGED ?? 1_000);

export async function benchMonitoring(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-monitoring-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  try {
    const { clientId, rosterId, people } = await seedRoster(db, PEOPLE);
    // The update: a tenth of its records are people of the roster (new exclusions), the rest others.
    const others = [...syntheticRecords(CHANGED * 2, 21)].filter((r) => r.kind === 'person');
    const changed: ListRecord[] = Array.from({ length: CHANGED }, (_, i) => {
      const base = i % 10 === 0 ? { ...people[(i * 97) % people.length] } : { ...others[i % others.length] };
      return { ...base, source: 'leie', sourceRecordId: `UPD${i}` } as ListRecord;
    });
    const versionId = await insertLeieVersion(db, changed, 'incremental');
    await db.insert(listChanges).values(changed.map((r) => ({ versionId, recordId: r.sourceRecordId, change: 'added' })));
    const [run] = await db.insert(monitoringRuns).values({ rosterId, clientId, kind: 'list-change', listVersionId: versionId, source: 'leie' }).returning();

    const config = testConfig({ dataDir });
    const cpu = process.cpuUsage();
    const started = performance.now();
    await runMonitoring({ db, now: () => new Date(), config }, run.id);
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const [done] = await db.select().from(monitoringRuns);
    return [
      figure(`monitoring: ${CHANGED.toLocaleString('en-US')} changed records × ${PEOPLE.toLocaleString('en-US')} people`, wall, 's', { max: 10, text: '≤ 10 s' }),
      figure('monitoring: CPU time of that run', (used.user + used.system) / 1e6, 's'),
      figure('monitoring: alerts created', done.alertsCreated, 'alerts'),
      figure('monitoring: peak memory', peakRssMiB(), 'MiB'),
    ];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
