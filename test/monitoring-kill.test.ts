/**
 * Monitoring runs survive SIGKILL (issue 20, ADR 046, 051): a worker process running a
 * list-change run, then one running a full re-screen, is killed in the middle; the next worker
 * finishes each run from where it stopped, with the same alerts, findings, certificate and
 * charge as the same run on an identical roster that nothing interrupted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { listChanges, monitoringRuns } from '#server/db/schema';
import { runMonitoring } from '#server/monitoring/run';
import { insertLeieVersion, seedRoster } from '../src/cli/bench/monitoring-seed';
import { root } from '#test/server-process';

const PEOPLE = 3000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-monitoring-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the run in a child process and kills it once it has written a chunk but not the last. */
function killMidRun(runId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/monitoring-kill-child.ts', dataDir, String(runId)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let killedAt = -1;
    child.stdout.on('data', (d: Buffer) => {
      output += d;
      // Killed once a chunk has committed: the run is then past its first chunk, far from its last.
      if (killedAt < 0 && output.includes('committed')) {
        killedAt = 1;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.once('exit', () => (killedAt > 0 ? resolve(killedAt) : reject(new Error(`the run was not caught mid-way:\n${output.slice(-2000)}`))));
  });
}

const counts = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], runId: number) => {
  const [row] = (
    (await db.execute(sql`SELECT
      (SELECT count(*)::int FROM monitoring_alerts WHERE run_id = ${runId}) AS alerts,
      (SELECT count(*)::int FROM monitoring_findings WHERE run_id = ${runId}) AS findings,
      (SELECT count(*)::int FROM monitoring_certificates WHERE run_id = ${runId}) AS certificates,
      (SELECT count(*)::int FROM batch_results x JOIN monitoring_runs m ON m.id = ${runId} JOIN monitored_rosters r ON r.id = m.roster_id WHERE x.batch_id = r.batch_id) AS results,
      (SELECT coalesce(sum(u.quantity), 0)::int FROM usage_records u JOIN monitoring_runs m ON m.id = ${runId} JOIN monitored_rosters r ON r.id = m.roster_id WHERE u.batch_id = r.batch_id) AS charged`)) as unknown as { rows: Record<string, number>[] }
  ).rows;
  return row;
};

describe('a monitoring worker killed with SIGKILL', () => {
  it('resumes list-change runs and full re-screens without losing or repeating anything', async () => {
    let database = await openDatabase({ dataDir });
    await database.migrate();
    const killed = await seedRoster(database.db, PEOPLE);
    const control = await seedRoster(database.db, PEOPLE);
    const list: ListRecord[] = Array.from({ length: 2000 }, (_, i) => ({ ...(i % 10 === 0 ? killed.people[(i * 13) % PEOPLE] : killed.people[0]), lastName: i % 10 === 0 ? killed.people[(i * 13) % PEOPLE].lastName : `Nobody${i}`, source: 'leie', sourceRecordId: `K${i}` }) as ListRecord);
    const versionId = await insertLeieVersion(database.db, list, 'incremental');
    await database.db.insert(listChanges).values(list.map((r) => ({ versionId, recordId: r.sourceRecordId, change: 'added' })));
    const runOf = async (rosterId: number, clientId: number, kind: 'list-change' | 'full') =>
      (
        await database.db
          .insert(monitoringRuns)
          .values(kind === 'full' ? { rosterId, clientId, kind, period: '2026-11', reason: 'schedule', engineVersion: ALGORITHM_VERSION } : { rosterId, clientId, kind, listVersionId: versionId, source: 'leie' })
          .returning()
      )[0].id;
    const runs = {
      delta: await runOf(killed.rosterId, killed.clientId, 'list-change'),
      deltaControl: await runOf(control.rosterId, control.clientId, 'list-change'),
      full: await runOf(killed.rosterId, killed.clientId, 'full'),
      fullControl: await runOf(control.rosterId, control.clientId, 'full'),
    };
    await database.close();

    for (const [run, controlRun] of [[runs.delta, runs.deltaControl], [runs.full, runs.fullControl]]) {
      await killMidRun(run);
      database = await openDatabase({ dataDir });
      const ctx = { db: database.db, now: () => new Date(), config: testConfig({ dataDir, batchChunkRows: 100, batchScreenWorkers: 0 }) };
      const [dead] = await database.db.select().from(monitoringRuns).where(eq(monitoringRuns.id, run));
      expect(dead.status).toBe('running');
      expect(dead.rowsDone).toBeGreaterThanOrEqual(300);
      expect(dead.rowsDone).toBeLessThan(PEOPLE);
      await runMonitoring(ctx, run);
      await runMonitoring(ctx, controlRun);
      const [after] = await database.db.select().from(monitoringRuns).where(eq(monitoringRuns.id, run));
      expect(after).toMatchObject({ status: 'done', rowsDone: PEOPLE, attempts: 2 });
      const got = await counts(database.db, run);
      // The list-change run alerts; the full re-screen then finds the same people (known: findings, no new alert), certifies and charges.
      if (run === runs.delta) expect(got.alerts).toBeGreaterThan(0);
      else expect(got).toMatchObject({ alerts: 0, findings: expect.any(Number), certificates: 1, charged: PEOPLE });
      if (run === runs.full) expect(got.findings).toBeGreaterThan(0);
      expect(got).toEqual(await counts(database.db, controlRun));
      await database.close();
    }
  }, 300_000);
});
