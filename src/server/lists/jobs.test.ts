import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { startJobQueue, type JobQueue } from '../jobs/queue';
import { JOBS } from '../jobs/registry';
import { checkListUpdatesJob } from './jobs';
import { findActiveVersion } from './queries';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestApp;
let server: FileServer;
let queue: JobQueue;

beforeAll(async () => {
  server = await startFileServer({ '/UPDATED.csv': { body: readFileSync(path.join(root, 'src/lists/leie/fixtures/UPDATED.csv')) } });
  t = await createTestApp({ listUrls: { leie: [server.url('/UPDATED.csv')] } });
  queue = await startJobQueue(t.ctx, JOBS, { work: false, schedule: false });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  await server.close();
});

describe('the scheduled list update check', () => {
  it('is registered, scheduled daily by default and off in tests', () => {
    expect(JOBS.map((j) => j.name)).toContain('lists.check-updates');
    expect(checkListUpdatesJob.schedule?.(t.ctx)).toBeNull();
    expect(checkListUpdatesJob.schedule?.({ ...t.ctx, config: { ...t.ctx.config, listUpdateSchedule: '0 6 * * *' } })).toBe('0 6 * * *');
  });

  it('downloads and imports through the job queue', async () => {
    await queue.send(checkListUpdatesJob, { sources: ['leie'] });
    expect(await queue.drain()).toBe(1);
    const active = await findActiveVersion(t.ctx.db, 'leie');
    expect(active).toMatchObject({ origin: 'update', records: 6 });
  });
});
