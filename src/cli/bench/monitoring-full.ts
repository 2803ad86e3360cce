/**
 * Bench of issue 20 (ADR 051): the monthly full re-screen of a monitored roster of 100,000
 * people against an active list of 300,000 records (about the federal and state exclusion
 * lists together), target ≤ 60 s on two cores, on the embedded database. A hundredth of the
 * list are people of the roster, so the run writes findings, alerts, the certificate and the
 * month's charge as a real one would. The index is built before the clock starts, as the
 * running server keeps it; CPU time counts every thread of the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListRecord } from '#shared/list-record';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { syntheticRecords } from '#engine/synthetic-records';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { monitoringCertificates, monitoringRuns } from '#server/db/schema';
import { runMonitoring } from '#server/monitoring/run';
import { createIndexStore } from '#server/screening/index-store';
import { figure, peakRssMiB, type Figure } from './measure';
import { insertLeieVersion, seedRoster } from './monitoring-seed';

const PEOPLE = Number(process.env.BENCH_MONITORING_PEOPLE ?? 100_000);
const LIST = Number(process.env.BENCH_MONITORING_LIST ?? 300_000);

export async function benchMonitoringFull(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-monitoring-full-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  try {
    const { clientId, rosterId, people } = await seedRoster(db, PEOPLE);
    const list: ListRecord[] = [];
    let i = 0;
    for (const r of syntheticRecords(LIST, 22)) {
      const base = i % 100 === 0 ? { ...people[(i * 97) % people.length] } : r;
      list.push({ ...base, source: 'leie', sourceRecordId: `L${i}` } as ListRecord);
      i++;
    }
    await insertLeieVersion(db, list, 'full');
    const screening = await createIndexStore(db);
    const [run] = await db.insert(monitoringRuns).values({ rosterId, clientId, kind: 'full', period: '2026-11', reason: 'schedule', engineVersion: ALGORITHM_VERSION }).returning();

    const config = testConfig({ dataDir });
    const cpu = process.cpuUsage();
    const started = performance.now();
    await runMonitoring({ db, now: () => new Date(), config, screening }, run.id);
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const [done] = await db.select().from(monitoringRuns);
    const [cert] = await db.select().from(monitoringCertificates);
    return [
      figure(`monitoring: full re-screen of ${PEOPLE.toLocaleString('en-US')} people × ${LIST.toLocaleString('en-US')} records`, wall, 's', { max: 60, text: '≤ 60 s' }),
      figure('monitoring: CPU time of the full re-screen', (used.user + used.system) / 1e6, 's'),
      figure('monitoring: alerts of the full re-screen', done.alertsCreated, 'alerts'),
      figure('monitoring: certificate findings', cert?.findings ?? 0, 'findings'),
      figure('monitoring: peak memory (full re-screen)', peakRssMiB(), 'MiB'),
    ];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
