import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '#engine/screen';
import { createTestApp, type TestApp } from '#test/app';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { checkListUpdatesJob } from '../lists/jobs';
import { findActiveVersion } from '../lists/queries';
import { createIndexStore, EMPTY_INDEX_VERSION } from './index-store';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestApp;
let server: FileServer;

beforeAll(async () => {
  server = await startFileServer({ '/UPDATED.csv': { body: readFileSync(path.join(root, 'src/lists/leie/fixtures/UPDATED.csv')) } });
  t = await createTestApp({ listUrls: { leie: [server.url('/UPDATED.csv')] } });
  t.ctx.screening = await createIndexStore(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

describe('the list update job and the match index', () => {
  it('refreshes the index after a run that imported a list, and not after an unchanged one', async () => {
    const store = t.ctx.screening!;
    expect(store.version).toBe(EMPTY_INDEX_VERSION);
    await checkListUpdatesJob.handler(t.ctx, { sources: ['leie'] });
    const leie = await findActiveVersion(t.ctx.db, 'leie');
    expect(store.version).toBe(`leie:${leie!.id}`);
    expect(screen(store.getIndex(), { type: 'individual', firstName: 'Anil', lastName: 'Patel' }).hits[0]?.record.source).toBe('leie');
    const builds = store.buildCount;
    await checkListUpdatesJob.handler(t.ctx, { sources: ['leie'] });
    expect(store.buildCount).toBe(builds);
  });
});
