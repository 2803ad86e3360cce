import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_MESSAGES } from '#shared/messages';
import { QueueActionResultSchema, QueueOverviewSchema } from '#shared/queue';
import { auditLog, batchChunks, batches, batchResults, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { batchEventsOf } from './events';
import { INTERNAL_ERROR } from './processing';

let t: TestApp;
let queue: JobQueue;
let admin: Agent;
let owner: Agent;
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
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId: acme.id, roles: ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user', 'npi_search_user'] }));
  analyst = await signedIn(t, await createUser(t.ctx.db, { clientId: acme.id, firstName: 'Andre', lastName: 'Nguyen', roles: ['paying_user', 'name_search_user', 'npi_search_user'] }));
  other = await signedIn(t, await createUser(t.ctx.db, { clientId: sunrise.id, firstName: 'Tara', lastName: 'Lee', roles: ['paying_user', 'name_search_user', 'npi_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const NPI_MAPPING = { columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' }, searchTypes: ['Search by NPI'] };
const csvOf = (rows: number) => 'First,Last,NPI\n' + Array.from({ length: rows }, (_, i) => `Pat${i},Lee${i},1234567893\n`).join('');
const submit = (agent: Agent, rows: number) => submitBatch(agent, csvOf(rows), NPI_MAPPING);
const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];
const overview = async () => {
  const res = await admin.get('/services/admin/queue');
  expect(res.statusCode, res.body).toBe(200);
  return QueueOverviewSchema.parse(res.json());
};
const act = async (agent: Agent, method: 'post' | 'put', url: string, body?: unknown) => {
  const res = await agent[method](url, body);
  return { status: res.statusCode, body: res.json() };
};
const auditOf = (action: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
const waitingJobs = async (batchId: number) =>
  Number(((await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'active' AND (data->>'batchId')::int = ${batchId}`)) as unknown as { rows: { n: number }[] }).rows[0].n);
/** Finishes whatever earlier tests left queued, so each test starts from an empty queue. */
const settle = async () => {
  for (const b of (await overview()).batches) await act(admin, 'post', `/services/admin/queue/batches/${b.id}/cancel`);
};

describe('who may see and steer the batch queue', () => {
  const endpoints: [method: 'get' | 'put' | 'post', url: string, body?: unknown][] = [
    ['get', '/services/admin/queue'],
    ['put', '/services/admin/queue/pause', { isPaused: true }],
    ['put', '/services/admin/queue/batches/1/position', { to: 'front' }],
    ['post', '/services/admin/queue/batches/1/cancel'],
    ['post', '/services/admin/queue/batches/1/retry'],
  ];

  it('refuses every action to account owners, domain admins and analysts, and to anonymous callers', async () => {
    for (const [method, url, body] of endpoints) {
      for (const agent of [owner, analyst]) {
        const res = await agent[method](url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anonymous = await new Agent(t.app)[method](url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await auditOf('queue.paused')).toEqual([]);
  });

  it('answers clear messages for bad input and unknown batches', async () => {
    const bad = await act(admin, 'put', '/services/admin/queue/batches/1/position', { to: 'middle' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.to).toBe('Say front or back.');
    const missing = await act(admin, 'post', '/services/admin/queue/batches/999999/cancel');
    expect(missing).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'The batch was not found.' } } });
    expect((await act(admin, 'put', '/services/admin/queue/pause', { isPaused: 'yes' })).status).toBe(400);
  });
});

describe('the overview', () => {
  it('lists every client’s open batches in queue order with submitter, rows, progress, rate and finish estimate', async () => {
    await settle();
    const first = await submit(analyst, 6);
    await queue.drain(2); // its cut and first chunk
    // As if that chunk had taken two seconds (the test clock stands still while it runs).
    await t.ctx.db.execute(sql`UPDATE batch_chunks SET started_at = started_at - interval '2 seconds' WHERE batch_id = ${first}`);
    await t.ctx.db.execute(sql`UPDATE batches SET started_at = started_at - interval '2 seconds' WHERE id = ${first}`);
    const second = await submit(other, 4);
    const view = await overview();
    const [a, b] = view.batches;
    expect(a).toMatchObject({ id: first, clientName: 'Acme Health', submitter: 'Andre Nguyen', status: 'Processing', rows: 6, rowsDone: 2, position: 1, rowsPerSecond: 1, waitingJobs: 2 });
    expect(b).toMatchObject({ id: second, clientName: 'Sunrise Clinic', submitter: 'Tara Lee', status: 'Submitted', rows: 4, rowsDone: 0, position: 2, rowsPerSecond: null, waitingJobs: 1 });
    // One row a second over the queue: 4 rows left of the first batch, then 4 of the second.
    expect(view.rowsPerSecond).toBe(1);
    expect(a.estimatedFinish).toBe(new Date(start.getTime() + 4_000).toISOString());
    expect(b.estimatedFinish).toBe(new Date(start.getTime() + 8_000).toISOString());
  });

  it('shows the processes that beat a heartbeat and what they run', async () => {
    const worker = await (await import('#server/jobs/queue')).startJobQueue(t.ctx, [], { work: true, schedule: false, heartbeat: 'worker' });
    try {
      const view = await overview();
      const mine = view.workers.find((w) => w.id === worker.heartbeat!.id)!;
      expect(mine).toMatchObject({ kind: 'worker', pid: process.pid, isAlive: true, running: [] });
      t.setNow(new Date(start.getTime() + 60_000));
      expect((await overview()).workers.find((w) => w.id === worker.heartbeat!.id)?.isAlive).toBe(false);
    } finally {
      t.setNow(start);
      await worker.stop();
    }
    // A worker that stops cleanly leaves the list.
    expect((await overview()).workers.some((w) => w.kind === 'worker')).toBe(false);
  });

  it('shows the chunk a process was running at its last beat', async () => {
    const { startHeartbeat } = await import('#server/jobs/heartbeat');
    const since = start.toISOString();
    const beat = startHeartbeat(t.ctx.db, 'server', () => [{ name: 'batches.screen-chunk', batchId: 7, chunkIndex: 3, since }], t.ctx.now, (error) => { throw error; });
    try {
      await beat.beat();
      expect((await overview()).workers.find((w) => w.id === beat.id)).toMatchObject({ kind: 'server', isAlive: true, running: [{ name: 'batches.screen-chunk', batchId: 7, chunkIndex: 3, since }] });
    } finally {
      await beat.stop();
    }
  });
});

describe('pause and resume', () => {
  it('holds queued chunks while paused and loses none: every row has exactly one result and one charge', async () => {
    await settle();
    const batchId = await submit(analyst, 10);
    await queue.drain(2); // the cut and the first chunk: the batch is running
    expect(await batchOf(batchId)).toMatchObject({ status: 'Processing', rowsDone: 2 });

    const paused = await act(admin, 'put', '/services/admin/queue/pause', { isPaused: true });
    expect(paused).toEqual({ status: 200, body: QueueActionResultSchema.parse({ message: QUEUE_MESSAGES.paused }) });
    expect(await queue.drain()).toBe(0);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Processing', rowsDone: 2 });
    expect(await waitingJobs(batchId)).toBe(4);
    const view = await overview();
    expect(view.pause).toMatchObject({ isPaused: true, by: expect.any(String) });
    expect(view.batches.find((b) => b.id === batchId)?.estimatedFinish).toBeNull();
    expect(await act(admin, 'put', '/services/admin/queue/pause', { isPaused: true })).toMatchObject({ status: 409, body: { error: { message: QUEUE_MESSAGES.alreadyPaused } } });

    expect((await act(admin, 'put', '/services/admin/queue/pause', { isPaused: false })).body.message).toBe(QUEUE_MESSAGES.resumed);
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 10 });
    const results = await t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, batchId));
    for (let row = 0; row < 10; row++) expect(results.filter((r) => r.rowIndex === row && r.resultType === 'npi'), `row ${row}`).toHaveLength(1);
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId));
    for (const type of ['Search by NPI', 'NPI Validation']) expect(usage.filter((u) => u.searchType === type).reduce((n, u) => n + u.quantity, 0)).toBe(10);
    expect(new Set(usage.map((u) => `${u.rowIndex}|${u.searchType}`)).size).toBe(usage.length);
    expect((await auditOf('queue.paused')).length).toBe(1);
    expect((await auditOf('queue.resumed'))[0]).toMatchObject({ target: 'batch-queue', actorUsername: expect.any(String) });
  });
});

describe('ordering', () => {
  it('moves a batch to the front or back of the real queue, audited', async () => {
    await settle();
    const a = await submit(analyst, 2);
    const b = await submit(other, 2);
    const c = await submit(analyst, 2);
    expect((await act(admin, 'put', `/services/admin/queue/batches/${c}/position`, { to: 'front' })).body.message).toBe(QUEUE_MESSAGES.movedFront);
    expect((await act(admin, 'put', `/services/admin/queue/batches/${a}/position`, { to: 'back' })).body.message).toBe(QUEUE_MESSAGES.movedBack);
    expect((await overview()).batches.map((x) => x.id)).toEqual([c, b, a]);
    // pg-boss takes the moved batch first: its cut runs before the others'.
    await queue.drain(1);
    expect((await batchOf(c)).status).toBe('Pending');
    expect((await batchOf(b)).status).toBe('Submitted');
    await queue.drain();
    const [moved] = (await auditOf('queue.batch.moved')).filter((e) => e.target === `batch:${c}`);
    expect(moved).toMatchObject({ clientId: (await batchOf(c)).clientId, details: { to: 'front', jobs: 1 } });
    // The page reads the audit log back, newest first: the move to the back, then to the front.
    const [last, before] = (await overview()).recentActions;
    expect(last).toMatchObject({ action: 'queue.batch.moved', batchId: a, fileName: 'staff.csv', clientName: 'Acme Health', detail: 'Moved to the back', actorUsername: expect.any(String) });
    expect(before).toMatchObject({ action: 'queue.batch.moved', batchId: c, detail: 'Moved to the front' });
    const done = await act(admin, 'put', `/services/admin/queue/batches/${c}/position`, { to: 'back' });
    expect(done).toMatchObject({ status: 409, body: { error: { message: QUEUE_MESSAGES.cannotMove } } });
  });
});

describe('cancelling', () => {
  it('cancels a running batch at once: its waiting jobs go, nothing more is written or billed', async () => {
    await settle();
    const batchId = await submit(other, 6);
    await queue.drain(2);
    expect((await act(admin, 'post', `/services/admin/queue/batches/${batchId}/cancel`)).body.message).toBe(QUEUE_MESSAGES.cancelled);
    expect(await waitingJobs(batchId)).toBe(0);
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Cancelled', rowsDone: 2 });
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId));
    expect(usage.reduce((n, u) => n + u.quantity, 0)).toBe(2 * 2);
    expect((await auditOf('queue.batch.cancelled')).find((e) => e.target === `batch:${batchId}`)).toMatchObject({ details: { from: 'Processing', rowsDone: 2 } });
    expect((await overview()).recentActions[0]).toMatchObject({ action: 'queue.batch.cancelled', batchId, clientName: 'Sunrise Clinic', detail: 'Cancelled (was Processing, 2 rows screened)' });
    // The batch's own events (the audit report's event log) name the operator's cancel too.
    expect((await batchEventsOf(t.ctx.db, batchId)).at(-1)).toMatchObject({ kind: 'cancelled', details: { byOperator: true, statusBefore: 'Processing' } });
    const again = await act(admin, 'post', `/services/admin/queue/batches/${batchId}/cancel`);
    expect(again).toMatchObject({ status: 409, body: { error: { message: QUEUE_MESSAGES.cannotCancel } } });
  });
});

describe('failed chunks', () => {
  it('shows a failed chunk with its error and retries it without screening or billing a row twice', async () => {
    await settle();
    const batchId = await submit(analyst, 4);
    await queue.drain(2); // chunk 0 written
    await t.ctx.database.sql(`CREATE FUNCTION always_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER always_fail BEFORE INSERT ON batch_results FOR EACH ROW EXECUTE FUNCTION always_fail();`);
    const logged = (await import('vitest')).vi.spyOn(t.ctx.log, 'error').mockImplementation(() => {});
    // pg-boss retries with a backoff; the attempts are run here directly, as a worker would.
    const { screenChunk, MAX_CHUNK_ATTEMPTS } = await import('./processing');
    for (let i = 1; i < MAX_CHUNK_ATTEMPTS; i++) await expect(screenChunk(t.ctx, batchId, 1)).rejects.toThrow();
    await screenChunk(t.ctx, batchId, 1);
    logged.mockRestore();
    await t.ctx.database.sql('DROP TRIGGER always_fail ON batch_results; DROP FUNCTION always_fail();');
    expect(await batchOf(batchId)).toMatchObject({ status: INTERNAL_ERROR, rowsDone: 2 });
    const view = await overview();
    expect(view.failedChunks).toContainEqual({ batchId, clientName: 'Acme Health', fileName: 'staff.csv', chunkIndex: 1, firstRow: 2, rowCount: 2, attempts: MAX_CHUNK_ATTEMPTS, error: 'disk full' });
    expect(view.batches.some((b) => b.id === batchId)).toBe(false);

    expect((await act(admin, 'post', `/services/admin/queue/batches/${batchId}/retry`)).body.message).toBe(QUEUE_MESSAGES.retried);
    expect((await overview()).failedChunks.some((c) => c.batchId === batchId)).toBe(false);
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4, error: null });
    const results = await t.ctx.db.select().from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.resultType, 'npi')));
    expect(results.map((r) => r.rowIndex).sort()).toEqual([0, 1, 2, 3]);
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId));
    expect(usage.reduce((n, u) => n + u.quantity, 0)).toBe(4 * 2);
    const chunks = await t.ctx.db.select().from(batchChunks).where(eq(batchChunks.batchId, batchId));
    expect(chunks.every((c) => c.status === 'done')).toBe(true);
    expect((await auditOf('queue.batch.retried'))[0]).toMatchObject({ target: `batch:${batchId}`, details: { chunks: [1], queued: 1 } });
    expect((await batchEventsOf(t.ctx.db, batchId)).map((e) => e.kind)).toEqual(['uploaded', 'submitted', 'failed', 'chunks-retried', 'completed']);
    const nothing = await act(admin, 'post', `/services/admin/queue/batches/${batchId}/retry`);
    expect(nothing).toMatchObject({ status: 409, body: { error: { message: QUEUE_MESSAGES.nothingToRetry } } });
  });
});
