/** The readiness endpoint names what is not ready yet; liveness answers all along. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { startQueue } from '#test/batches';
import { LIST_SOURCES } from '#lists/sources';
import { openRun, updateRun } from '../lists/run-queries';
import { importMissingSamples } from '../lists/samples';
import { createIndexStore } from '../screening/index-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = () => t.app.inject({ url: '/services/ready' });

describe('GET /services/ready', () => {
  it('answers 503 naming the missing parts until the index is built and the queue runs, then 200', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', index: 'failing', queue: 'failing' } });
    expect((await t.app.inject({ url: '/services/health' })).statusCode).toBe(200);

    t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
    const queue = await startQueue(t);
    const after = await ready();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', index: 'ok', queue: 'ok' } });

    await queue.stop();
    expect((await ready()).json().checks.queue).toBe('failing');
  });

  it('reports the lists loaded, missing, being fetched and failed, and stays ready without any list', async () => {
    const ids = LIST_SOURCES.map((s) => s.id);
    const other = await createTestApp();
    other.ctx.screening = await createIndexStore(other.ctx.db, { shared: false });
    const queue = await startQueue(other);
    const none = await other.app.inject({ url: '/services/ready' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ status: 'ready', checks: { database: 'ok', index: 'ok', queue: 'ok' }, lists: { loaded: 0, notLoaded: ids, fetching: [], failed: [] } });

    await importMissingSamples(other.ctx.db, new Date());
    const now = new Date();
    await openRun(other.ctx.db, 'leie', 'first-start', null, now);
    const { run } = await openRun(other.ctx.db, 'sam', 'first-start', null, now);
    await updateRun(other.ctx.db, run.id, { status: 'done', outcome: 'failed', error: 'could not reach https://sam.gov', finishedAt: now });
    const some = await other.app.inject({ url: '/services/ready' });
    expect(some.statusCode).toBe(200);
    const lists = some.json().lists;
    expect(lists).toMatchObject({ fetching: ['leie'], failed: ['sam'] });
    expect(lists.loaded + lists.notLoaded.length).toBe(ids.length);
    expect(lists.loaded).toBeGreaterThan(0);
    await queue.stop();
    await other.close();
  }, 120_000);

  it('reports a database that does not answer', async () => {
    const other = await createTestApp();
    other.ctx.screening = await createIndexStore(other.ctx.db, { shared: false });
    await startQueue(other);
    await other.ctx.jobs!.stop();
    await other.ctx.database.close();
    const res = await other.app.inject({ url: '/services/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe('failing');
    await other.app.close();
  });
});
