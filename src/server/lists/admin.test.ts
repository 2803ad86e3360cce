import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckListsResultSchema, ImportResultSchema, ListsOverviewSchema, ListVersionsSchema, VersionChangesSchema } from '#shared/lists-admin';
import { auditLog, listRuns } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { readOutbox } from '#test/outbox';
import { createIndexStore } from '../screening/index-store';
import { importMissingSamples } from './samples';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const LEIE = readFileSync(path.join(root, 'src/lists/leie/fixtures/UPDATED.csv'), 'utf8');
const OFAC_SDN = readFileSync(path.join(root, 'src/lists/ofac/fixtures/sdn.csv'));
// The next month's file: Ramirez removed, Patel moved to Austin, Quillfeather added.
const LEIE_NEXT = LEIE.split('\n')
  .filter((line) => !line.startsWith('"RAMIREZ"'))
  .map((line) => (line.startsWith('"PATEL"') ? line.replace('"HOUSTON"', '"AUSTIN"') : line))
  .join('\n')
  .concat('"QUILLFEATHER","ZEDEKIAH","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19790101","5 PINE ST","BOISE","ID","83702","1128b4","20261101","00000000","00000000",""\n');

let t: TestApp;
let server: FileServer;
let queue: JobQueue;
let admin: Agent;
let adminUser: { username: string; password: string };
let analyst: Agent;
const start = new Date('2026-11-02T08:00:00Z');

beforeAll(async () => {
  server = await startFileServer({ '/UPDATED.csv': { body: LEIE }, '/sam.zip': { status: 404 } });
  t = await createTestApp({ listUrls: { leie: [server.url('/UPDATED.csv')], sam: [server.url('/sam.zip')] }, listUpdateSchedule: '0 6 * * *' });
  t.setNow(start);
  await importMissingSamples(t.ctx.db, start);
  t.ctx.screening = await createIndexStore(t.ctx.db);
  queue = await startQueue(t);
  adminUser = await createUser(t.ctx.db, { roles: ['system_admin_user'], email: 'ops@clearlist.test' });
  admin = await signedIn(t, adminUser);
  const acme = await createClient(t.ctx.db, { name: 'Acme Health' });
  analyst = await signedIn(t, await createUser(t.ctx.db, { clientId: acme.id, roles: ['paying_user', 'name_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  await server.close();
});

/** Moves the clock (a session lasts 12 hours: sign in again). */
const travelTo = async (at: Date) => {
  t.setNow(at);
  admin = await signedIn(t, adminUser);
};
const overview = async () => {
  const res = await admin.get('/services/admin/lists');
  expect(res.statusCode, res.body).toBe(200);
  return ListsOverviewSchema.parse(res.json());
};
const sourceOf = async (id: string) => (await overview()).sources.find((s) => s.source === id)!;
const uploadTo = (source: string, files: { fileName: string; content: string | Buffer }[], mode = 'auto') =>
  admin.request({ method: 'POST', url: `/services/admin/lists/${source}/upload`, ...multipart({ mode }, files) });
const auditOf = (action: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
const searchHits = async (firstName: string, lastName: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/services/interactivesearch/name?firstName=${firstName}&lastName=${lastName}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe('the Lists page is the operators\'', () => {
  it('refuses other users and anonymous callers', async () => {
    expect((await analyst.get('/services/admin/lists')).statusCode).toBe(403);
    expect((await analyst.post('/services/admin/lists/check', {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/services/admin/lists' })).statusCode).toBe(401);
  });
});

describe('the overview of every list', () => {
  it('shows the samples as such, their cadence, the next scheduled check and what cannot be downloaded', async () => {
    const data = await overview();
    expect(data.isSamplesOnly).toBe(true);
    expect(data.nextCheck).toBe('2026-11-03T06:00:00.000Z');
    const leie = data.sources.find((s) => s.source === 'leie')!;
    expect(leie).toMatchObject({ origin: 'sample', cadence: 'monthly', refreshedAt: null, isStale: true, lastCheck: null, downloadHint: null });
    expect(data.sources.find((s) => s.source === 'sam')).toMatchObject({ cadence: 'daily' });
    // A list read by its documented layout says its parser has not yet seen a real file; the others say nothing.
    expect(data.sources.find((s) => s.source === 'state-nv')!.layoutNote).toMatch(/not yet seen a real file from the publisher/);
    expect(leie.layoutNote).toBeNull();
    expect(data.sources.find((s) => s.source === 'dmf')!.downloadHint).toMatch(/LIST_URLS/);
  });
});

describe('check now', () => {
  it('queues one run per source; a second click joins it; the run downloads, imports and is audited', async () => {
    const first = CheckListsResultSchema.parse((await admin.post('/services/admin/lists/check', { sources: ['leie'] })).json());
    expect(first.runs).toHaveLength(1);
    expect(first.runs[0]).toMatchObject({ source: 'leie', status: 'queued', isJoined: false, requestedBy: expect.any(String) });
    const second = CheckListsResultSchema.parse((await admin.post('/services/admin/lists/check', { sources: ['leie'] })).json());
    expect(second.runs[0]).toMatchObject({ id: first.runs[0].id, isJoined: true });
    expect(second.message).toMatch(/already being checked/);
    expect((await sourceOf('leie')).run).toMatchObject({ id: first.runs[0].id, status: 'queued' });
    await queue.drain();
    expect(await t.ctx.db.select().from(listRuns).where(eq(listRuns.source, 'leie'))).toHaveLength(1); // one run for both clicks
    const leie = await sourceOf('leie');
    expect(leie).toMatchObject({ origin: 'update', records: 6, isStale: false, lastError: null, lastCheck: { outcome: 'imported' } });
    expect(leie.run).toMatchObject({ status: 'done', outcome: 'imported', stage: null });
    expect(leie.run!.bytes).toBe(Buffer.byteLength(LEIE));
    expect(leie.run!.rows).toBe(6);
    expect(await auditOf('list.check_requested')).toHaveLength(2);
    expect((await overview()).isSamplesOnly).toBe(false);
  });

  it('says a failed check in words and mails the operators once it has failed for a day', async () => {
    await admin.post('/services/admin/lists/check', { sources: ['sam'] });
    await queue.drain();
    const sam = await sourceOf('sam');
    expect(sam.lastError).toMatchObject({ words: expect.stringMatching(/^sam\.zip: the publisher answered HTTP 404 \(not found\) for .*: the page or file has moved$/), detail: expect.stringMatching(/404/) });
    expect(readOutbox(t.outboxDir).filter((m) => m.subject.includes('SAM'))).toHaveLength(0);
    await travelTo(new Date(start.getTime() + 24 * 3600_000));
    await admin.post('/services/admin/lists/check', { sources: ['sam'] });
    await queue.drain();
    const mails = readOutbox(t.outboxDir).filter((m) => m.subject.includes('SAM'));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toContain('ops@clearlist.test');
    expect(mails[0].text).toMatch(/What went wrong: sam\.zip: the publisher answered HTTP 404 \(not found\)/);
    await travelTo(new Date(start.getTime() + 48 * 3600_000));
    await admin.post('/services/admin/lists/check', { sources: ['sam'] });
    await queue.drain();
    expect(readOutbox(t.outboxDir).filter((m) => m.subject.includes('SAM'))).toHaveLength(1); // once per streak
    await travelTo(start);
  });
});

describe('uploading a file', () => {
  it('refuses a file of another list and keeps the version in use', async () => {
    const before = await sourceOf('leie');
    const res = await uploadTo('leie', [{ fileName: 'sdn.csv', content: OFAC_SDN }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^The file was refused: .*The version in use stays active\.$/);
    expect((await sourceOf('leie')).version).toBe(before.version);
    expect(await auditOf('list.upload_refused')).toHaveLength(1);
  });

  it('imports an uploaded file as the CLI does, names who uploaded it, and compares it with the previous version', async () => {
    const res = await uploadTo('leie', [{ fileName: 'UPDATED.csv', content: LEIE_NEXT }], 'full');
    expect(res.statusCode, res.body).toBe(200);
    const result = ImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ mode: 'full', records: 6, added: 1, removed: 1, changed: 1 });
    const leie = await sourceOf('leie');
    expect(leie).toMatchObject({ version: result.version, origin: 'import', importedBy: expect.any(String), hasPrevious: true });
    expect(await searchHits('Zedekiah', 'Quillfeather')).toContain('QUILLFEATHER');

    const changes = VersionChangesSchema.parse((await admin.get(`/services/admin/lists/versions/${result.version}/changes?pageSize=2`)).json());
    expect(changes).toMatchObject({ counts: { added: 1, removed: 1, changed: 1, reinstated: 0 }, total: 3, hasFields: true });
    expect(changes.changes).toHaveLength(2);
    const changed = VersionChangesSchema.parse((await admin.get(`/services/admin/lists/versions/${result.version}/changes?kind=changed`)).json());
    expect(changed.changes[0]).toMatchObject({ change: 'changed', name: 'ANIL PATEL', fields: [{ field: 'city', before: 'HOUSTON', after: 'AUSTIN' }] });
    const csv = await admin.get(`/services/admin/lists/versions/${result.version}/changes/csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('version,previous version,record id,change,name,field,before,after');
    expect(csv.body).toMatch(/,changed,ANIL PATEL,city,HOUSTON,AUSTIN\r\n/);
    expect(csv.body).toMatch(/,added,ZEDEKIAH QUILLFEATHER,lastName,,QUILLFEATHER\r\n/);
  });
});

describe('rolling back', () => {
  it('restores the previous version as a new one, audited; the next search sees it; a stale click is refused', async () => {
    const bad = await sourceOf('leie');
    expect((await admin.post('/services/admin/lists/leie/rollback', { activeVersion: bad.version! - 1 })).statusCode).toBe(409);
    const res = await admin.post('/services/admin/lists/leie/rollback', { activeVersion: bad.version });
    expect(res.statusCode, res.body).toBe(200);
    const result = ImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ records: 6, added: 1, removed: 1, changed: 1 });
    const leie = await sourceOf('leie');
    expect(leie).toMatchObject({ version: result.version, origin: 'rollback' });
    expect(leie.restoredFrom).toBeLessThan(bad.version!);
    expect(await searchHits('Zedekiah', 'Quillfeather')).not.toContain('QUILLFEATHER');
    expect(await searchHits('Luz', 'Ramirez')).toContain('RAMIREZ');
    const [audit] = await auditOf('list.rolled_back');
    expect(audit.details).toMatchObject({ from: bad.version, restored: leie.restoredFrom, version: result.version });
    const versions = ListVersionsSchema.parse((await admin.get('/services/admin/lists/leie/versions')).json()).versions;
    expect(versions.filter((v) => v.status !== 'failed').map((v) => v.origin).slice(0, 3)).toEqual(['rollback', 'import', 'update']);
  });

  it('holds against the same files the roll-back undid, until the publisher publishes others', async () => {
    server.set('/UPDATED.csv', { body: LEIE_NEXT });
    await admin.post('/services/admin/lists/check', { sources: ['leie'] });
    await queue.drain();
    expect(await sourceOf('leie')).toMatchObject({ origin: 'rollback', lastCheck: { outcome: 'unchanged' } });
  });
});
