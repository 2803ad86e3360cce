import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '#test/app';
import { defineJob } from './job';
import { writePause } from './pause';
import { startJobQueue, type JobQueue } from './queue';

const ran: string[] = [];
const heldJob = defineJob({ name: 'test.held', payloadSchema: z.object({ n: z.number() }), isPausable: true, handler: async (_ctx, p) => void ran.push(`held-${p.n}`) });
const freeJob = defineJob({ name: 'test.free', payloadSchema: z.object({ n: z.number() }), handler: async (_ctx, p) => void ran.push(`free-${p.n}`) });

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  await writePause(t.ctx.db, true, 'test', t.ctx.now());
  // Real pg-boss workers polling, as in the server and `clearlist worker`.
  queue = await startJobQueue(t.ctx, [heldJob as never, freeJob as never], { work: true, schedule: false, heartbeat: 'worker' });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const jobRow = async (id: string) =>
  ((await t.ctx.db.execute(sql`SELECT state, priority, retry_count FROM pgboss.job WHERE id = ${id}::uuid`)) as unknown as { rows: { state: string; priority: number; retry_count: number }[] }).rows[0];

describe('a paused queue under running workers', () => {
  it('holds pausable jobs in pg-boss (same priority, no retry spent) while others run, and runs them once resumed', async () => {
    const held = (await queue.send(heldJob, { n: 1 }, { priority: 5 }))!;
    await queue.send(freeJob, { n: 1 });
    await vi.waitFor(() => expect(ran).toContain('free-1'), { timeout: 20_000, interval: 200 });
    await queue.send(freeJob, { n: 2 });
    await vi.waitFor(() => expect(ran).toContain('free-2'), { timeout: 20_000, interval: 200 });
    expect(ran).not.toContain('held-1');
    expect(await jobRow(held)).toMatchObject({ state: 'created', priority: 5, retry_count: 0 });

    await writePause(t.ctx.db, false, 'test', t.ctx.now());
    await vi.waitFor(() => expect(ran).toContain('held-1'), { timeout: 20_000, interval: 200 });
    await vi.waitFor(async () => expect((await jobRow(held)).state).toBe('completed'), { timeout: 10_000, interval: 200 });
    expect(ran.filter((r) => r === 'held-1')).toHaveLength(1);
    expect(await jobRow(held)).toMatchObject({ retry_count: 0 });
  }, 60_000);
});
