/**
 * Bench of issue 20 (ADR 046): a list update changing 1,000 records screened against a
 * monitored roster of 100,000 people (target ≤ 10 s on two cores), on the embedded database.
 * The roster's names and a share of the changed records come from the same synthetic name
 * frequencies, so the run finds alerts as a real update would; figures are wall and CPU time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { syntheticRecords } from '#engine/synthetic-records';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { insertJsonRows } from '#server/db/json-insert';
import { batchRows, listChanges, listRecords, monitoredRosters, monitoringRuns } from '#server/db/schema';
import { insertBatch } from '#server/batches/queries';
import { runMonitoring } from '#server/monitoring/run';
import { createUser } from '#test/factories';
import { figure, peakRssMiB, type Figure } from './measure';

const PEOPLE = Number(process.env.BENCH_MONITORING_PEOPLE ?? 100_000);
const CHANGED = Number(process.env.BENCH_MONITORING_CHANGED ?? 1_000);

export async function benchMonitoring(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-monitoring-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  try {
    const user = await createUser(db, { roles: ['account_owner_user'] });
    const people = [...syntheticRecords(PEOPLE * 2, 20)].filter((r) => r.kind === 'person').slice(0, PEOPLE);
    const batch = await insertBatch(db, {
      clientId: user.clientId, uploaderUserId: user.id, fileName: 'roster-100k', storedPath: 'uploads/none.bin', sha256: '-', sizeBytes: 0,
      header: ['First Name', 'Last Name', 'Date of Birth'], status: 'Completed', searchTypes: ['Exclusion Search by Individual Name'],
      recordCount: people.length, rowsDone: people.length, reviewThreshold: 0.8, kind: 'monitoring',
    });
    const rows = people.map((p, i) => ({ batchId: batch.id, rowIndex: i, values: { 'First Name': p.firstName ?? '', 'Last Name': p.lastName ?? '', 'Date of Birth': p.dateOfBirth ?? '' }, uniqueId: `E${i}` }));
    for (let i = 0; i < rows.length; i += 10_000) await insertJsonRows(db, batchRows, rows.slice(i, i + 10_000));
    // The update: a tenth of its records are people of the roster (new exclusions), the rest others.
    const others = [...syntheticRecords(CHANGED * 2, 21)].filter((r) => r.kind === 'person');
    const changed: ListRecord[] = Array.from({ length: CHANGED }, (_, i) => {
      const base = i % 10 === 0 ? { ...people[(i * 97) % people.length] } : { ...others[i % others.length] };
      return { ...base, source: 'leie', sourceRecordId: `UPD${i}` } as ListRecord;
    });
    const [{ id: versionId }] = (
      (await db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, as_of, activated_at)
        VALUES ('leie', 'active', 'incremental', 'import', '{2611EXCL.csv}', '{-}', '{0}', now(), '2026-11-01', now()) RETURNING id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    await db.insert(listRecords).values(changed.map((r) => ({ versionId, recordId: r.sourceRecordId, data: r })));
    await db.insert(listChanges).values(changed.map((r) => ({ versionId, recordId: r.sourceRecordId, change: 'added' })));
    const [roster] = await db.insert(monitoredRosters).values({ clientId: user.clientId, createdByUserId: user.id, name: 'bench', batchId: batch.id, baselineAt: new Date(Date.now() - 86_400_000) }).returning();
    const [run] = await db.insert(monitoringRuns).values({ rosterId: roster.id, clientId: user.clientId, kind: 'list-change', listVersionId: versionId, source: 'leie' }).returning();
    await db.execute(sql`ANALYZE batch_rows`);

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
