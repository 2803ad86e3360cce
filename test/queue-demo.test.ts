import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueOverviewSchema } from '#shared/queue';
import { DEMO_FAILURE, DEMO_PAUSED_BY, seedDemoQueue } from '#server/batches/queue-demo';
import type { JobQueue } from '#server/jobs/queue';
import { seedDemo } from '../src/cli/demo-seed';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { batches } from '#server/db/schema';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
let queue: JobQueue;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 1000, batchScreenWorkers: 0 }, { samplesAt: thisHour() });
  await seedDemo(t.ctx.db, t.ctx.now());
  queue = await startQueue(t);
  await seedDemoQueue(t.ctx);
  admin = new Agent(t.app);
  expect(await admin.login('sysadmin', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
}, 120_000);
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const overview = async () => QueueOverviewSchema.parse((await admin.get('/services/admin/queue')).json());

describe('the demo batch queue', () => {
  it('runs by default (ADR 128): a batch a newcomer submits at the demo start is screened to the end', async () => {
    expect((await overview()).pause.isPaused).toBe(false);
    const owner = await signedIn(t, { username: 'owner', password: DEFAULT_PASSWORD });
    const batchId = await submitBatch(owner, 'First Name,Last Name\nMaya,Alvarez\nJonah,Brooks\n');
    const { resumeUnfinishedBatches } = await import('#server/batches/resume');
    await resumeUnfinishedBatches(t.ctx);
    const failed = (await overview()).failedChunks[0];
    expect((await admin.post(`/services/admin/queue/batches/${failed.batchId}/retry`)).statusCode).toBe(200);
    await queue.drain();
    const [submitted] = await t.ctx.db.select({ status: batches.status }).from(batches).where(eq(batches.id, batchId));
    expect(submitted.status).toBe('Completed');
    expect((await overview()).batches).toEqual([]);
  }, 120_000);

  it('with DEMO_QUEUE_PAUSED=true starts paused with a running, two queued and one failed batch of two clients', async () => {
    // The same seed as a demo started with DEMO_QUEUE_PAUSED=true (the first test drained the default one).
    await seedDemoQueue({ ...t.ctx, config: { ...t.ctx.config, demoQueuePaused: true } });
    const view = await overview();
    expect(view.pause).toMatchObject({ isPaused: true, by: DEMO_PAUSED_BY });
    expect(view.batches.map((b) => [b.fileName, b.clientName, b.status, b.rowsDone, b.rows, b.position])).toEqual([
      ['credentialing-may.csv', 'Acme Health', 'Processing', 1000, 3000, 1],
      ['new-hires-week-19.csv', 'Acme Health', 'Pending', 0, 1200, 2],
      ['annual-roster-2026.csv', 'Fenced Care', 'Submitted', 0, 2500, 3],
    ]);
    expect(view.failedChunks).toEqual([
      { batchId: expect.any(Number), clientName: 'Fenced Care', fileName: 'q1-contractors.csv', chunkIndex: 1, firstRow: 1000, rowCount: 500, attempts: 3, error: DEMO_FAILURE },
    ]);
    // The start-up queued the jobs of every open batch (here: what resumeUnfinishedBatches does).
    expect(await queue.drain()).toBe(0);
  });

  it('drains for real once resumed, the failed chunk included after a retry', async () => {
    const { resumeUnfinishedBatches } = await import('#server/batches/resume');
    await resumeUnfinishedBatches(t.ctx);
    expect((await admin.put('/services/admin/queue/pause', { isPaused: false })).statusCode).toBe(200);
    const failed = (await overview()).failedChunks[0];
    expect((await admin.post(`/services/admin/queue/batches/${failed.batchId}/retry`)).statusCode).toBe(200);
    await queue.drain();
    const view = await overview();
    expect(view.batches).toEqual([]);
    expect(view.failedChunks).toEqual([]);
    // Each drained roster holds people of the sample LEIE, some under a nickname: the engine finds both kinds.
    const found = await t.ctx.db.execute(sql`SELECT b.file_name, count(*)::int AS findings,
        (count(*) FILTER (WHERE jsonb_path_exists(r.explanation, '$.fields[*] ? (@.method == "nickname")')))::int AS nicknames
      FROM batch_results r JOIN batches b ON b.id = r.batch_id
      WHERE r.result_type = 'exclusions' AND b.file_name IN ('credentialing-may.csv', 'new-hires-week-19.csv') GROUP BY b.file_name ORDER BY b.file_name`);
    const rows = (found as unknown as { rows: { file_name: string; findings: number; nicknames: number }[] }).rows;
    expect(rows.map((r) => r.file_name)).toEqual(['credentialing-may.csv', 'new-hires-week-19.csv']);
    for (const r of rows) expect(r.nicknames, r.file_name).toBeGreaterThan(0);
    for (const r of rows) expect(r.findings, r.file_name).toBeGreaterThan(r.nicknames);
  }, 120_000);
});
