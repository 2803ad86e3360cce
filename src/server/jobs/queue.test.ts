import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '#test/app';
import { defineJob } from './job';
import { loopsOf, startJobQueue, type JobQueue } from './queue';

const seen: number[] = [];
const countJob = defineJob({
  name: 'test.count',
  payloadSchema: z.object({ n: z.number().int() }),
  handler: async (ctx, payload) => {
    if (payload.n < 0) throw new Error('negative');
    seen.push(payload.n);
    // Idempotent write: running twice leaves one row.
    await ctx.db.execute(sql`INSERT INTO settings (key, value) VALUES (${`count-${payload.n}`}, ${JSON.stringify(payload.n)}::jsonb) ON CONFLICT (key) DO NOTHING`);
  },
});

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  queue = await startJobQueue(t.ctx, [countJob as never], { work: false, schedule: false });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

// Runs until a second job of its queue is running beside it (or a few seconds pass): shows how many run at once.
let inFlight = 0;
let mostAtOnce = 0;
let released: () => void = () => {};
let bothRunning = new Promise<void>((resolve) => (released = resolve));
const overlapJob = defineJob({
  name: 'test.overlap',
  payloadSchema: z.object({ n: z.number().int() }),
  postgresConcurrency: 2,
  handler: async () => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    if (inFlight === 2) released();
    await Promise.race([bothRunning, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    inFlight -= 1;
  },
});

describe('the job queue (pg-boss on the app database)', () => {
  it('runs a job this process sent at once, not at its idle loop’s next poll (ADR 088)', async () => {
    const ran: number[] = [];
    const wokenJob = defineJob({ name: 'test.woken', payloadSchema: z.object({ n: z.number().int() }), handler: async (_ctx, payload) => void ran.push(payload.n) });
    // Loops that look for jobs every two minutes: the job runs within the poll's timeout only if its sending woke them.
    const working = await startJobQueue(t.ctx, [wokenJob as never], { work: true, schedule: false, pollSeconds: 120 });
    try {
      // The loop's first look found nothing; it now waits.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await working.send(wokenJob, { n: 7 });
      await expect.poll(() => ran, { timeout: 20_000, interval: 100 }).toEqual([7]);
    } finally {
      await working.stop();
    }
  }, 30_000);

  it('runs two jobs of a queue at once in one working process on PostgreSQL, one at a time on the embedded database', async () => {
    bothRunning = new Promise<void>((resolve) => (released = resolve));
    const working = await startJobQueue(t.ctx, [overlapJob as never], { work: true, schedule: false });
    try {
      await working.send(overlapJob, { n: 1 });
      await working.send(overlapJob, { n: 2 });
      await expect.poll(() => t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.overlap' AND state = 'completed'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n), { timeout: 20_000, interval: 200 }).toBe(2);
    } finally {
      await working.stop();
    }
    expect(mostAtOnce).toBe(t.ctx.database.kind === 'postgres' ? 2 : 1);
  });

  it('runs as many jobs of a queue at once as the job asks on each database (one by default)', async () => {
    const { screenChunkJob } = await import('../batches/jobs');
    // The batch chunk: one per PostgreSQL worker process (ADR 065), three in the embedded runner's pipeline (ADR 082, 088).
    expect([loopsOf(screenChunkJob, 'postgres'), loopsOf(screenChunkJob, 'pglite')]).toEqual([1, 3]);
    expect([loopsOf(countJob, 'postgres'), loopsOf(countJob, 'pglite')]).toEqual([1, 1]);
    expect([loopsOf(overlapJob, 'postgres'), loopsOf(overlapJob, 'pglite')]).toEqual([2, 1]);
  });

  it('runs sent jobs when drained, validating payloads', async () => {
    await queue.send(countJob, { n: 1 });
    await queue.send(countJob, { n: 2 });
    await expect(queue.send(countJob, { n: 1.5 })).rejects.toThrow();
    expect(await queue.drain()).toBe(2);
    expect(seen.sort()).toEqual([1, 2]);
    expect(await queue.drain()).toBe(0);
  });

  it('records a failing job as failed without stopping the others', async () => {
    seen.length = 0;
    await queue.send(countJob, { n: -1 }, { retryLimit: 0 });
    await queue.send(countJob, { n: 3 });
    await queue.drain();
    expect(seen).toEqual([3]);
  });
});
