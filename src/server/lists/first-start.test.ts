import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListsOverviewSchema } from '#shared/lists-admin';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createUser } from '#test/factories';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { checkOnFirstStart } from './first-start';
import { importMissingSamples } from './samples';

let t: TestApp;
let server: FileServer;
let queue: JobQueue;
let offline: Record<string, string[]>;

beforeAll(async () => {
  // A port nothing listens on any more: the file server's, once closed.
  server = await startFileServer();
  const closedPort = server.url('').replace(/\/$/, '');
  await server.close();
  // The publishers cannot be reached: every download is refused at the network.
  offline = { leie: [`${closedPort}/UPDATED.csv`], 'ofac-sdn': [`${closedPort}/sdn.csv`], 'ofac-consolidated': [`${closedPort}/CONSOLIDATED.XML`], sam: [`${closedPort}/sam.zip`] };
  t = await createTestApp({ listUpdateSchedule: '0 6 * * *', listUrls: offline });
  await importMissingSamples(t.ctx.db, new Date());
  queue = await startQueue(t);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('the first start with only the samples', () => {
  it('checks the downloadable sources at once, once; offline, the Lists page says so', async () => {
    expect(await checkOnFirstStart(t.ctx)).toEqual(['leie', 'sam', 'ofac-sdn', 'ofac-consolidated']);
    await queue.drain();
    expect(await checkOnFirstStart(t.ctx)).toEqual([]); // not on the next start
    const admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
    const overview = ListsOverviewSchema.parse((await admin.get('/services/admin/lists')).json());
    expect(overview.isSamplesOnly).toBe(true);
    expect(overview.offline).toMatchObject({ detail: expect.stringMatching(/refused the connection/) });
    expect(overview.sources.find((s) => s.source === 'leie')!.run).toMatchObject({ trigger: 'first-start', outcome: 'failed' });
  });

  it('checks at once on an empty data folder too: `serve` loads no sample (ADR 114)', async () => {
    const empty = await createTestApp({ listUpdateSchedule: '0 6 * * *', listUrls: offline });
    const own = await startQueue(empty);
    expect(await checkOnFirstStart(empty.ctx)).toEqual(['leie', 'sam', 'ofac-sdn', 'ofac-consolidated']);
    await own.drain();
    expect(await checkOnFirstStart(empty.ctx)).toEqual([]);
    await own.stop();
    await empty.close();
  });

  it('does nothing with the schedule off', async () => {
    const off = await createTestApp();
    await importMissingSamples(off.ctx.db, new Date());
    off.ctx.jobs = queue;
    expect(await checkOnFirstStart(off.ctx)).toEqual([]);
    await off.close();
  });
});
