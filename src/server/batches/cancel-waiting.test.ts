/**
 * Cancelling a batch that no chunk has begun, in a paused queue or not, cancels it at once
 * (issue 53 item 6): before, it stayed "Batch Kill Requested" for as long as the queue was paused.
 * A batch being screened still asks its chunks to stop.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '#shared/messages';
import { batches, usageRecords } from '#server/db/schema';
import { writePause } from '#server/jobs/pause';
import type { JobQueue } from '#server/jobs/queue';
import type { Agent, TestApp } from '#test/app';
import { createTestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createUser } from '#test/factories';
import { screenChunk, startBatch } from './processing';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
const CSV = 'First Name,Last Name\nAnn,Lee\nBo,Chan\nCy,Dunn\n';

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  agent = await signedIn(t, await createUser(t.ctx.db, { roles: ['name_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const statusOf = async (id: number) => (await t.ctx.db.select({ status: batches.status }).from(batches).where(eq(batches.id, id)))[0].status;

describe('cancelling a batch', () => {
  it('waiting in a paused queue: cancelled at once, its jobs gone, nothing screened or billed', async () => {
    await writePause(t.ctx.db, true, 'ops', new Date());
    try {
      const batchId = await submitBatch(agent, CSV);
      const res = await agent.post(`/services/flexsearchs/${batchId}/kill`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(BATCH_MESSAGES.cancelledBeforeStart);
      expect(await statusOf(batchId)).toBe('Cancelled');
      await writePause(t.ctx.db, false, 'ops', new Date());
      expect(await queue.drain()).toBe(0);
      expect(await statusOf(batchId)).toBe('Cancelled');
      expect(await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId))).toEqual([]);
    } finally {
      await writePause(t.ctx.db, false, 'ops', new Date());
    }
  });

  it('being screened: asks its chunks to stop, as before', async () => {
    const batchId = await submitBatch(agent, CSV);
    await startBatch(t.ctx, batchId, async () => undefined);
    await screenChunk(t.ctx, batchId, 0);
    const res = await agent.post(`/services/flexsearchs/${batchId}/kill`);
    expect(res.json().message).toBe('Batch Kill Requested');
    expect(await statusOf(batchId)).toBe('Batch Kill Requested');
    await screenChunk(t.ctx, batchId, 1);
    expect(await statusOf(batchId)).toBe('Cancelled');
  });
});
