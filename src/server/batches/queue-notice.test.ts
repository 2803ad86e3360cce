/** The customer's notice of a batch still in the queue (ADR 044): the `queue` field of the batch list and the batch's info. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchInfoSchema, BatchListSchema, type BatchQueueState } from '#shared/batches';
import { batches } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import type { Agent } from '#test/app';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
let queue: JobQueue;
let admin: Agent;
let analyst: Agent;
let other: Agent;
const start = new Date('2026-05-04T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  t.setNow(start);
  queue = await startQueue(t);
  const acme = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  const sunrise = await createClient(t.ctx.db, { name: 'Sunrise Clinic', searchOptions: ['NAME', 'NPI'] });
  admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
  analyst = await signedIn(t, await createUser(t.ctx.db, { clientId: acme.id, roles: ['paying_user', 'name_search_user'] }));
  other = await signedIn(t, await createUser(t.ctx.db, { clientId: sunrise.id, roles: ['paying_user', 'name_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const csvOf = (rows: number) => 'First Name,Last Name\n' + Array.from({ length: rows }, (_, i) => `Pat${i},Lee${i}\n`).join('');
const queueOf = async (agent: Agent, batchId: number): Promise<BatchQueueState | null | undefined> => {
  const res = await agent.get('/services/flexsearchs');
  expect(res.statusCode, res.body).toBe(200);
  return BatchListSchema.parse(res.json()).items.find((b) => b.batchId === batchId)?.queue;
};
const infoOf = async (agent: Agent, batchId: number) => {
  const res = await agent.get(`/services/flexsearchs/${batchId}`);
  expect(res.statusCode, res.body).toBe(200);
  return BatchInfoSchema.parse(res.json());
};
const pause = async (isPaused: boolean) => expect((await admin.put('/services/admin/queue/pause', { isPaused })).statusCode).toBe(200);

describe('the queue place a customer sees', () => {
  it('while paused: each client’s batch says paused, with its place across every client’s batches', async () => {
    const first = await submitBatch(analyst, csvOf(6));
    const second = await submitBatch(other, csvOf(4));
    await pause(true);
    expect(await queueOf(analyst, first)).toEqual({ state: 'paused', position: 1, batchesAhead: 0, startsInSeconds: null, finishesInSeconds: null });
    expect(await queueOf(other, second)).toEqual({ state: 'paused', position: 2, batchesAhead: 1, startsInSeconds: null, finishesInSeconds: null });
    // The other client's batch is counted, never shown.
    expect(await queueOf(other, first)).toBeUndefined();
    expect(await infoOf(other, second)).toMatchObject({ status: 'Submitted', recordCount: 4, rowsDone: 0, queue: { state: 'paused', position: 2 } });
    await pause(false);
  });

  it('while running: the front batch is running with its finish, the next is queued with its estimated start', async () => {
    const [first, second] = (await t.ctx.db.select({ id: batches.id }).from(batches).orderBy(batches.id)).map((b) => b.id);
    await queue.drain(2); // the first batch's cut and first chunk
    // As if that chunk had taken two seconds: the queue screens one row a second.
    await t.ctx.db.execute(sql`UPDATE batch_chunks SET started_at = started_at - interval '2 seconds' WHERE batch_id = ${first}`);
    expect(await queueOf(analyst, first)).toEqual({ state: 'running', position: 1, batchesAhead: 0, startsInSeconds: null, finishesInSeconds: 4 });
    // 4 rows of the first batch ahead of it, then its own 4.
    expect(await queueOf(other, second)).toEqual({ state: 'queued', position: 2, batchesAhead: 1, startsInSeconds: 4, finishesInSeconds: 8 });
    expect((await infoOf(other, second)).queue).toMatchObject({ state: 'queued', startsInSeconds: 4 });
  });

  it('a batch paused mid-way says so, and a finished batch has no queue place', async () => {
    const [first, second] = (await t.ctx.db.select({ id: batches.id }).from(batches).orderBy(batches.id)).map((b) => b.id);
    await pause(true);
    expect((await infoOf(analyst, first)).rowsDone).toBe(2);
    expect(await queueOf(analyst, first)).toMatchObject({ state: 'paused', position: 1 });
    await pause(false);
    await queue.drain();
    expect((await t.ctx.db.select({ status: batches.status }).from(batches).where(eq(batches.id, second)))[0].status).toBe('Completed');
    expect(await queueOf(analyst, first)).toBeNull();
    expect(await infoOf(other, second)).toMatchObject({ status: 'Completed', rowsDone: 4, queue: null });
  });
});
