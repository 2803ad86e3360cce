import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '#test/app';
import { defineJob } from './job';
import { startJobQueue, type JobQueue } from './queue';

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

describe('the job queue (pg-boss on the app database)', () => {
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
