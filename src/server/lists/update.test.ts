import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import { buildZip, startFileServer, type FileServer } from '#test/list-downloads';
import { testConfig, type AppConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { listChecks, listVersions } from '#server/db/schema';
import { findActiveVersion } from './queries';
import { listStatuses } from './status';
import { updateLists, type UpdateOptions } from './update';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (...parts: string[]) => readFileSync(path.join(root, ...parts));
const leieFixture = read('src/lists/leie/fixtures/UPDATED.csv');
const leieSample = read('data/samples/leie/UPDATED.csv');
const samFixture = read('src/lists/sam/fixtures/SAM_Exclusions_Public_Extract_V2_24096.CSV');
const ofac = (name: string) => read('src/lists/ofac/fixtures', name);

let database: Database;
let drop: () => Promise<void>;
let server: FileServer;
let config: AppConfig;
const now = new Date('2026-11-02T08:00:00Z');
const options = (extra: Partial<UpdateOptions> = {}): UpdateOptions => ({ now, delay: async () => {}, ...extra });

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  server = await startFileServer({ '/leie/UPDATED.csv': { body: leieFixture } });
  config = testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'clearlist-update-')), listUrls: { leie: [server.url('/leie/UPDATED.csv')] } });
});
afterAll(async () => {
  await server.close();
  await drop();
});

const checksOf = (source: string) => database.db.select().from(listChecks).where(eq(listChecks.source, source)).orderBy(desc(listChecks.id));
const statusOf = async (source: string) => (await listStatuses(database.db)).find((s) => s.source === source)!;

describe('updateLists', () => {
  it('downloads a list, imports it as a new version and removes the downloaded files', async () => {
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(result).toMatchObject({ source: 'leie', outcome: 'imported', import: { status: 'active', records: 6, added: 6 } });
    const active = await findActiveVersion(database.db, 'leie');
    expect(active).toMatchObject({ id: result.version, origin: 'update', fileNames: ['UPDATED.csv'] });
    expect((await checksOf('leie'))[0]).toMatchObject({ outcome: 'imported', versionId: result.version });
    expect(readdirSync(path.join(config.dataDir, 'downloads'))).toEqual([]);
  });

  it('records "unchanged" when the bytes are those of the active version', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(result).toMatchObject({ outcome: 'unchanged', version: before!.id });
    expect((await findActiveVersion(database.db, 'leie'))!.id).toBe(before!.id);
    expect((await checksOf('leie'))[0]).toMatchObject({ outcome: 'unchanged', versionId: before!.id });
  });

  it('keeps the previous version when the server answers 500 after every retry, and records the check', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    server.set('/leie/UPDATED.csv', { status: 500 });
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(result).toMatchObject({ outcome: 'failed', version: before!.id, error: expect.stringMatching(/HTTP 500.*3 attempts/) });
    expect((await findActiveVersion(database.db, 'leie'))!.id).toBe(before!.id);
    expect((await checksOf('leie'))[0]).toMatchObject({ outcome: 'failed', error: result.error });
    expect((await statusOf('leie')).lastError).toBe(result.error);
  });

  it('fails a truncated body with the byte counts and keeps the previous version', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    server.set('/leie/UPDATED.csv', { body: leieSample, truncateAt: 500 });
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(result.error).toContain(`truncated download: got 500 of ${leieSample.length} bytes`);
    expect((await findActiveVersion(database.db, 'leie'))!.id).toBe(before!.id);
  });

  it('refuses a file of the wrong layout and keeps the previous version', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    server.set('/leie/UPDATED.csv', { body: samFixture });
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(result).toMatchObject({ outcome: 'failed', version: before!.id, error: expect.stringContaining('LASTNAME') });
    const [check] = await checksOf('leie');
    const [failed] = await database.db.select().from(listVersions).where(eq(listVersions.id, check.versionId!));
    expect(failed).toMatchObject({ status: 'failed', origin: 'update' });
    expect((await findActiveVersion(database.db, 'leie'))!.id).toBe(before!.id);
  });

  it('imports new bytes after a failed first attempt, and the error is no longer current', async () => {
    const hits = server.hits('/leie/UPDATED.csv');
    server.set('/leie/UPDATED.csv', { body: leieSample, failTimes: hits + 1 });
    const [result] = await updateLists(database.db, config, ['leie'], options());
    expect(server.hits('/leie/UPDATED.csv')).toBe(hits + 2);
    expect(result).toMatchObject({ outcome: 'imported', import: { mode: 'full' } });
    expect((await statusOf('leie')).lastError).toBeNull();
  });

  it("fails SAM in words when its keyless file listing answers no JSON, and records the check", async () => {
    server.set('/sam.gov/api/prod/fileextractservices/v1/api/listfiles', { body: '<html>maintenance</html>' });
    const [result] = await updateLists(database.db, { ...config, listPublishersUrl: server.url('') }, ['sam'], options());
    expect(result).toMatchObject({ outcome: 'failed', error: expect.stringContaining('answered a web page where its data service gives JSON') });
    expect((await checksOf('sam'))[0]).toMatchObject({ outcome: 'failed' });
  });

  it('falls back to the SAM extract API with SAM_API_KEY when the listing fails, and imports its CSV', async () => {
    server.set('/api.sam.gov/data-services/v1/extracts', { body: buildZip([{ name: 'SAM_Exclusions_Public_Extract_V2_26306.CSV', data: samFixture }]) });
    const keyed = { ...config, samApiKey: 'KEY1', listPublishersUrl: server.url('') };
    const [result] = await updateLists(database.db, keyed, ['sam'], options());
    expect(result).toMatchObject({ outcome: 'imported', files: [{ name: 'SAM_Exclusions_Public_Extract_V2_26306.CSV' }] });
    expect(server.requests.at(-1)).toBe('/api.sam.gov/data-services/v1/extracts?api_key=KEY1&fileName=SAM_Exclusions_Public_Extract_V2_26306.ZIP');
    const [again] = await updateLists(database.db, keyed, ['sam'], options());
    expect(again.outcome).toBe('unchanged');
  });

  it("downloads the three OFAC SDN files from the Sanctions List Service, with a browser's User-Agent", async () => {
    const exports = '/sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';
    for (const name of ['sdn.csv', 'alt.csv', 'add.csv']) server.set(`${exports}/${name.toUpperCase()}`, { body: ofac(name) });
    const [result] = await updateLists(database.db, { ...config, listPublishersUrl: server.url('') }, ['ofac-sdn'], options());
    expect(result).toMatchObject({ outcome: 'imported', files: [{ name: 'SDN.CSV' }, { name: 'ALT.CSV' }, { name: 'ADD.CSV' }] });
    expect(result.import!.records).toBeGreaterThan(0);
  });

  it('downloads LIST_URLS from where they say, not through LIST_PUBLISHERS_URL', async () => {
    const hits = server.hits('/leie/UPDATED.csv');
    const [result] = await updateLists(database.db, { ...config, listPublishersUrl: 'http://127.0.0.1:1' }, ['leie'], options());
    expect(result.outcome).not.toBe('failed');
    expect(server.hits('/leie/UPDATED.csv')).toBe(hits + 1);
  });

  it('reports an upload-only source (the licensed DMF) as not configured, saying why, without recording a check', async () => {
    const [result] = await updateLists(database.db, config, ['dmf'], options());
    expect(result).toMatchObject({ outcome: 'not-configured', hint: expect.stringContaining('licensed') });
    expect(await checksOf('dmf')).toEqual([]);
  });

  it('refuses an unknown source before doing anything', async () => {
    await expect(updateLists(database.db, config, ['nope'], options())).rejects.toThrow(/Unknown list source: nope/);
  });
});

describe('a nearly full disk (issue 53 item 4)', () => {
  it('downloads and imports nothing, keeps the active version and says why', async () => {
    const before = server.hits('/leie/UPDATED.csv');
    const active = await findActiveVersion(database.db, 'leie');
    const statfs = async () => ({ bavail: 10 * 1024, bsize: 1024 });
    const [result] = await updateLists(database.db, config, ['leie'], options({ statfs }));
    expect(result.outcome).toBe('failed');
    expect(result.error).toMatch(/^The server's disk is nearly full \(DATA_DIR has 10 MB free, under the 50 MB an import needs\): the list was not downloaded/);
    expect(server.hits('/leie/UPDATED.csv')).toBe(before);
    expect((await findActiveVersion(database.db, 'leie'))?.id).toBe(active?.id);
  });
});
