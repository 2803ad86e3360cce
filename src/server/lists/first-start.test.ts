import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListsOverviewSchema } from '#shared/lists-admin';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { signedIn, startQueue } from '#test/batches';
import { createUser } from '#test/factories';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { downloadableSources } from './admin';
import { checkOnFirstStart, firstFetchSummary } from './first-start';

const LEIE = readFileSync(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));

let closedPort: string;
beforeAll(async () => {
  // A port nothing listens on any more: the file server's, once closed.
  const server = await startFileServer();
  closedPort = server.url('').replace(/\/$/, '');
  await server.close();
});

const infoLines = (t: TestApp) => {
  const info = vi.spyOn(t.ctx.log, 'info');
  return () => info.mock.calls.map((call) => call.find((a) => typeof a === 'string')).filter((s): s is string => typeof s === 'string');
};

describe('the first start with only the samples', () => {
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    // The publishers cannot be reached: every download is refused at the network.
    t = await createTestApp({ listUpdateSchedule: '0 6 * * *', listPublishersUrl: closedPort, listUrls: { sam: [`${closedPort}/sam.zip`] } }, { samplesAt: thisHour() });
    queue = await startQueue(t);
  }, 120_000);
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  it('checks every downloadable source at once, once; offline, the Lists page says so and the console sums it up', async () => {
    const lines = infoLines(t);
    const queued = await checkOnFirstStart(t.ctx);
    expect(queued).toEqual(downloadableSources(t.ctx));
    expect(queued).toEqual(expect.arrayContaining(['leie', 'sam', 'ofac-sdn', 'ofac-consolidated']));
    expect(queued).not.toContain('dmf'); // licensed: upload only
    await queue.drain();
    expect(await checkOnFirstStart(t.ctx)).toEqual([]); // not on the next start
    const admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
    const overview = ListsOverviewSchema.parse((await admin.get('/services/admin/lists')).json());
    expect(overview.isSamplesOnly).toBe(true);
    expect(overview.offline).toMatchObject({ detail: expect.stringMatching(/refused/) });
    expect(overview.sources.find((s) => s.source === 'leie')!.run).toMatchObject({ trigger: 'first-start', outcome: 'failed' });
    const logged = lines();
    for (const source of queued) expect(logged).toContainEqual(expect.stringMatching(new RegExp(`^Could not fetch ${source}: .*refused`)));
    expect(logged.filter((l) => l.startsWith('First fetch:'))).toEqual([`First fetch: 0 of ${queued.length} lists loaded; ${queued.length} failed: ${queued.join(', ')} — see Settings → Lists`]);
  }, 120_000);

  it('does nothing with the schedule off', async () => {
    const off = await createTestApp({}, { samplesAt: thisHour() });
    off.ctx.jobs = queue;
    expect(await checkOnFirstStart(off.ctx)).toEqual([]);
    await off.close();
  }, 120_000);
});

describe('the first start with no list at all (serve loads no samples)', () => {
  let t: TestApp;
  let queue: JobQueue;
  let publishers: FileServer;
  beforeAll(async () => {
    // The publishers' stand-in serves LEIE's full file and nothing else (every other file: 404).
    publishers = await startFileServer({ '/oig.hhs.gov/exclusions/downloadables/UPDATED.csv': { body: LEIE } });
    t = await createTestApp({ listUpdateSchedule: '0 6 * * *', listPublishersUrl: publishers.url('/') });
    queue = await startQueue(t);
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await publishers.close();
  });

  it('fetches every downloadable source; the Lists page shows the checks as they go; each is logged, then the summary', async () => {
    const lines = infoLines(t);
    const admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
    const queued = await checkOnFirstStart(t.ctx);
    expect(queued).toEqual(downloadableSources(t.ctx));
    // Before the queue takes them, the page shows every check queued, by the first start.
    const before = ListsOverviewSchema.parse((await admin.get('/services/admin/lists')).json());
    for (const source of queued) expect(before.sources.find((s) => s.source === source)!.run).toMatchObject({ trigger: 'first-start', status: expect.stringMatching(/queued|running/) });
    await queue.drain();
    const after = ListsOverviewSchema.parse((await admin.get('/services/admin/lists')).json());
    const leie = after.sources.find((s) => s.source === 'leie')!;
    expect(leie).toMatchObject({ origin: 'update', run: { status: 'done', outcome: 'imported' } });
    const logged = lines();
    expect(logged).toContain(`Fetched leie: ${leie.records.toLocaleString('en-US')} records (version ${leie.version})`);
    const failed = queued.filter((s) => s !== 'leie');
    for (const source of failed) expect(logged).toContainEqual(expect.stringMatching(new RegExp(`^Could not fetch ${source}: `)));
    expect(logged.filter((l) => l.startsWith('First fetch:'))).toEqual([`First fetch: 1 of ${queued.length} lists loaded; ${failed.length} failed: ${failed.join(', ')} — see Settings → Lists`]);
    // A real list is loaded now: a later start fetches nothing by itself, checks or not.
    await t.ctx.db.execute('DELETE FROM list_runs');
    await t.ctx.db.execute('DELETE FROM list_checks');
    expect(await checkOnFirstStart(t.ctx)).toEqual([]);
  });
});

describe('firstFetchSummary', () => {
  it('says how many loaded and names the failed ones', () => {
    expect(firstFetchSummary([{ source: 'leie', outcome: 'imported' }, { source: 'sam', outcome: 'imported' }])).toBe('First fetch: 2 of 2 lists loaded — see Settings → Lists');
    expect(firstFetchSummary([{ source: 'leie', outcome: 'imported' }, { source: 'state-tx', outcome: 'failed' }])).toBe('First fetch: 1 of 2 lists loaded; 1 failed: state-tx — see Settings → Lists');
  });
});
