/** The heartbeat rows hand a dead process's jobs to exactly one live process (ADR 063). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { queueWorkers } from '../db/schema';
import { claimDeadWorkers, DEAD_MS } from './heartbeat';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('claiming the jobs of dead processes', () => {
  it('answers the jobs of rows silent for DEAD_MS once, and leaves live rows and empty rows alone', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const job = (jobId: string) => ({ jobId, name: 'batches.screen-chunk', batchId: 1, chunkIndex: 0, since: ago(DEAD_MS * 2).toISOString() });
    const row = (id: string, beatAt: Date, running: unknown[]) => ({ id, kind: 'worker', host: 'h', pid: 1, startedAt: ago(3_600_000), beatAt, running });
    await t.ctx.db.insert(queueWorkers).values([
      row('dead', ago(DEAD_MS + 1_000), [job('00000000-0000-0000-0000-000000000001')]),
      row('late-but-alive', ago(DEAD_MS - 5_000), [job('00000000-0000-0000-0000-000000000002')]),
      row('dead-idle', ago(DEAD_MS * 3), []),
    ]);
    const claimed = await claimDeadWorkers(t.ctx.db, ago(DEAD_MS));
    expect(claimed.map((c) => [c.workerId, c.jobs.map((j) => j.jobId)])).toEqual([['dead', ['00000000-0000-0000-0000-000000000001']]]);
    // A second live process beating now finds nothing left to hand back.
    expect(await claimDeadWorkers(t.ctx.db, ago(DEAD_MS))).toEqual([]);
    const rows = await t.ctx.db.select().from(queueWorkers);
    // The dead row stays (the queue page shows it gone), without its jobs.
    expect(rows.find((r) => r.id === 'dead')?.running).toEqual([]);
    expect(rows.find((r) => r.id === 'late-but-alive')?.running).toHaveLength(1);
  });
});
