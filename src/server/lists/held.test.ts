/**
 * A downloaded file that differs too much from the active version is held for an operator's
 * approval (ADR 109): the real update path against a local publisher stand-in, the Lists page's
 * API for the comparison and the decision, the outbox for the mail.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckListsResultSchema, HeldDecisionResultSchema, ImportResultSchema, ListsOverviewSchema, ListVersionsSchema, VersionChangesSchema } from '#shared/lists-admin';
import { auditLog, listVersions } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { readOutbox } from '#test/outbox';
import { createIndexStore } from '../screening/index-store';
import { countRecords, findActiveVersion, findHeldVersion } from './queries';
import { updateLists } from './update';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const LEIE = readFileSync(path.join(root, 'src/lists/leie/fixtures/UPDATED.csv'), 'utf8');
const [HEADER, ...ROWS] = LEIE.trimEnd().split('\n');
// Half the people: the three businesses and people excluded before 2023 are gone (the latest action, 2024-01-20, stays).
const LEIE_HALF = `${[HEADER, ...ROWS.slice(3)].join('\n')}\n`;
// The layout PDF's spelling of the last column, which the parser accepts: another header all the same.
const LEIE_RENAMED = LEIE.replace('WVRSTATE', 'WAIVERSTATE');
const LEIE_EMPTY = `${HEADER}\n`;
// A monthly reinstatement supplement: Patel and Ramirez reinstated on 2026-11-15.
const LEIE_REIN = `${[HEADER, ...ROWS.filter((r) => /^"(PATEL|RAMIREZ)"/.test(r)).map((r) => r.replace(/"00000000","(\d{8}|00000000)","([A-Z]*)"$/, '"20261115","$1","$2"'))].join('\n')}\n`;
const SUPPLEMENT = readFileSync(path.join(root, 'data/supplements/leie/2612EXCL.csv'));
const LEIE_NEXT = `${LEIE.trimEnd()}\n"QUILLFEATHER","ZEDEKIAH","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19790101","5 PINE ST","BOISE","ID","83702","1128b4","20240201","00000000","00000000",""\n`;

let t: TestApp;
let server: FileServer;
let queue: JobQueue;
let admin: Agent;
let analyst: Agent;

beforeAll(async () => {
  server = await startFileServer({ '/UPDATED.csv': { body: LEIE } });
  t = await createTestApp({ listUrls: { leie: [server.url('/UPDATED.csv')] } });
  t.setNow(new Date('2026-11-02T08:00:00Z'));
  queue = await startQueue(t);
  admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'], email: 'ops@clearlist.test' }));
  const acme = await createClient(t.ctx.db, { name: 'Acme Health' });
  analyst = await signedIn(t, await createUser(t.ctx.db, { clientId: acme.id, roles: ['paying_user', 'name_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  await server.close();
});

/** Serves `body` as the publisher's file and runs a check of LEIE as the Lists page does. */
async function checkWith(body: string) {
  server.set('/UPDATED.csv', { body });
  const res = await admin.post('/services/admin/lists/check', { sources: ['leie'] });
  expect(res.statusCode, res.body).toBe(200);
  CheckListsResultSchema.parse(res.json());
  await queue.drain();
  return leieOverview();
}
const leieOverview = async () => {
  const res = await admin.get('/services/admin/lists');
  expect(res.statusCode, res.body).toBe(200);
  return ListsOverviewSchema.parse(res.json()).sources.find((s) => s.source === 'leie')!;
};
const isFound = async (firstName: string, lastName: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/services/interactivesearch/name?firstName=${firstName}&lastName=${lastName}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.includes(lastName.toUpperCase());
};
const heldMails = () => readOutbox(t.outboxDir).filter((m) => m.subject.includes('held for your approval'));
const auditOf = (action: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
const versionsOf = () => t.ctx.db.select().from(listVersions).where(eq(listVersions.source, 'leie'));

describe('a downloaded file with half the records', () => {
  it('is stored but held, not activated; searches keep the active version; the operators are mailed once', async () => {
    const first = await checkWith(LEIE);
    expect(first).toMatchObject({ records: 6, lastCheck: { outcome: 'imported' }, held: null });
    t.ctx.screening = await createIndexStore(t.ctx.db);
    expect(await isFound('Kathleen', 'Brennan')).toBe(true);

    const leie = await checkWith(LEIE_HALF);
    expect(leie).toMatchObject({ version: first.version, records: 6, lastCheck: { outcome: 'held' }, run: { outcome: 'held' } });
    expect(leie.held).toMatchObject({
      records: 3,
      removed: 3,
      comparison: {
        against: first.version,
        records: { before: 6, after: 3 },
        asOf: { before: '2024-01-20', after: '2024-01-20' },
        headers: [],
        reasons: [{ kind: 'fewer-records', words: 'the new file has 50 % fewer records than the active version (3 against 6)' }],
      },
    });
    expect((await findActiveVersion(t.ctx.db, 'leie'))!.id).toBe(first.version);
    expect(await isFound('Kathleen', 'Brennan')).toBe(true);
    // The changes approval would bring can be read before deciding.
    const changes = VersionChangesSchema.parse((await admin.get(`/services/admin/lists/versions/${leie.held!.id}/changes?kind=removed`)).json());
    expect(changes).toMatchObject({ previous: first.version, counts: { removed: 3 }, total: 3 });

    const mails = heldMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toContain('ops@clearlist.test');
    expect(mails[0].text).toContain('the new file has 50 % fewer records than the active version (3 against 6)');
    expect(mails[0].text).toMatch(/Searches keep using version \d+/);
    expect(await auditOf('list.held')).toHaveLength(1);
  });

  it('is neither held again nor imported again when the next check downloads the same file', async () => {
    const before = await versionsOf();
    const heldId = (await leieOverview()).held!.id;
    const leie = await checkWith(LEIE_HALF);
    expect(leie).toMatchObject({ lastCheck: { outcome: 'held' }, held: { id: heldId } });
    expect(await versionsOf()).toHaveLength(before.length);
    expect(heldMails()).toHaveLength(1);
  });

  it('may be decided by system administrators only', async () => {
    const heldId = (await leieOverview()).held!.id;
    expect((await analyst.post(`/services/admin/lists/versions/${heldId}/approve`, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/services/admin/lists/versions/${heldId}/reject`, payload: {} })).statusCode).toBe(401);
    const noToken = await admin.request({ method: 'POST', url: `/services/admin/lists/versions/${heldId}/approve`, payload: {}, headers: { 'x-csrf-token': 'wrong' } });
    expect(noToken.statusCode).toBe(403);
    expect((await findHeldVersion(t.ctx.db, 'leie'))!.id).toBe(heldId);
  });

  it('becomes active once approved, as its import would have made it, audited; the next search follows', async () => {
    const { held, version: previous } = await leieOverview();
    const res = await admin.post(`/services/admin/lists/versions/${held!.id}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(HeldDecisionResultSchema.parse(res.json())).toMatchObject({ version: held!.id, status: 'active' });
    expect(await leieOverview()).toMatchObject({ version: held!.id, records: 3, held: null, hasPrevious: true });
    expect(await isFound('Kathleen', 'Brennan')).toBe(false);
    expect(await isFound('Anil', 'Patel')).toBe(true);
    const [audit] = await auditOf('list.held_approved');
    expect(audit.details).toMatchObject({ version: held!.id, replaced: previous });
    const versions = ListVersionsSchema.parse((await admin.get('/services/admin/lists/leie/versions')).json()).versions;
    expect(versions[0]).toMatchObject({ id: held!.id, status: 'active', decidedBy: expect.any(String), comparison: { records: { before: 6, after: 3 } } });
    expect((await admin.post(`/services/admin/lists/versions/${held!.id}/approve`, {})).statusCode).toBe(409);
  });
});

describe('a downloaded file with another header', () => {
  it('is held with the columns that differ, and a rejection keeps the active version for good', async () => {
    const base = await checkWith(LEIE);
    expect(base.lastCheck).toMatchObject({ outcome: 'imported' });
    const leie = await checkWith(LEIE_RENAMED);
    expect(leie.held!.comparison).toMatchObject({
      headers: [{ file: 'UPDATED.csv', added: ['WAIVERSTATE'], removed: ['WVRSTATE'], isReordered: false }],
      reasons: [{ kind: 'header', words: "the header of UPDATED.csv differs from the active version's: new column WAIVERSTATE; missing column WVRSTATE" }],
    });
    expect(leie.version).toBe(base.version);

    const res = await admin.post(`/services/admin/lists/versions/${leie.held!.id}/reject`, { reason: 'layout not announced by OIG' });
    expect(res.statusCode, res.body).toBe(200);
    expect(HeldDecisionResultSchema.parse(res.json())).toMatchObject({ status: 'rejected', message: expect.stringContaining(`version ${base.version} stays in use`) });
    const [rejected] = await t.ctx.db.select().from(listVersions).where(eq(listVersions.id, leie.held!.id));
    expect(rejected).toMatchObject({ status: 'rejected', recordsKept: false, error: expect.stringContaining('layout not announced by OIG') });
    expect(await leieOverview()).toMatchObject({ version: base.version, held: null });
    expect((await auditOf('list.held_rejected'))[0].details).toMatchObject({ version: leie.held!.id, reason: 'layout not announced by OIG' });

    // The publisher keeps the rejected file: no new version, nothing held again.
    const count = (await versionsOf()).length;
    const again = await checkWith(LEIE_RENAMED);
    expect(again).toMatchObject({ version: base.version, held: null, lastCheck: { outcome: 'unchanged' } });
    expect(await versionsOf()).toHaveLength(count);
  });
});

describe('a downloaded file with no record', () => {
  it('is held (not refused), and a newer different file replaces it', async () => {
    const active = await leieOverview();
    const leie = await checkWith(LEIE_EMPTY);
    expect(leie).toMatchObject({ version: active.version, lastCheck: { outcome: 'held' } });
    expect(leie.held!.comparison.reasons).toEqual([{ kind: 'no-records', words: 'the new file holds no record (the active version has 6)' }]);
    expect(await isFound('Anil', 'Patel')).toBe(true);

    const next = await checkWith(LEIE_NEXT);
    expect(next).toMatchObject({ records: 7, held: null, lastCheck: { outcome: 'imported' } });
    const [replaced] = await t.ctx.db.select().from(listVersions).where(and(eq(listVersions.id, leie.held!.id)));
    expect(replaced).toMatchObject({ status: 'replaced', recordsKept: false });
    expect(await isFound('Zedekiah', 'Quillfeather')).toBe(true);
  });
});

describe('an uploaded file', () => {
  it('is compared with the version in use and the answer says how it differs, but it is the operator\'s act: not held', async () => {
    const active = await leieOverview();
    const res = await admin.request({ method: 'POST', url: '/services/admin/lists/leie/upload', ...multipart({ mode: 'full' }, [{ fileName: 'UPDATED.csv', content: LEIE_HALF }]) });
    expect(res.statusCode, res.body).toBe(200);
    const result = ImportResultSchema.parse(res.json());
    expect(result.comparison).toMatchObject({ against: active.version, records: { before: 7, after: 3 } });
    // Quillfeather's exclusion (2024-02-01) was the latest action: without it the file is as of an older date too.
    expect(result.message).toContain(
      `Compared with version ${active.version}: the new file has 57 % fewer records than the active version (3 against 7); the new file is as of 2024-01-20, older than the active version (as of 2024-02-01).`,
    );
    expect(await leieOverview()).toMatchObject({ version: result.version, origin: 'import', held: null });
  });
});

describe('a monthly supplement (an update applied to the active version)', () => {
  it('is held like a full file, and the next supplement replaces it before writing, so the chain stays whole', async () => {
    const active = (await findActiveVersion(t.ctx.db, 'leie'))!;
    expect(active.records).toBe(3);
    server.set('/2611REIN.csv', { body: LEIE_REIN });
    server.set('/2612EXCL.csv', { body: SUPPLEMENT });
    const at = (file: string) => ({ ...t.ctx.config, listUrls: { leie: [server.url(file)] } });
    const options = { now: t.ctx.now(), delay: async () => {} };
    const [held] = await updateLists(t.ctx.db, at('/2611REIN.csv'), ['leie'], options);
    expect(held).toMatchObject({ outcome: 'held', version: active.id, note: 'the new file has 67 % fewer records than the active version (1 against 3)', import: { mode: 'incremental', status: 'held' } });
    expect(await findActiveVersion(t.ctx.db, 'leie')).toMatchObject({ id: active.id, records: 3 });
    expect(await countRecords(t.ctx.db, active.id)).toBe(3);

    const [next] = await updateLists(t.ctx.db, at('/2612EXCL.csv'), ['leie'], options);
    expect(next).toMatchObject({ outcome: 'imported', import: { mode: 'incremental', added: 2, removed: 0, replacedHeld: held.heldVersion } });
    expect(await countRecords(t.ctx.db, next.version!)).toBe(5);
    await t.ctx.screening!.refreshIfChanged();
    expect(await isFound('Anil', 'Patel')).toBe(true);
    expect(await isFound('Priyanka', 'Venkataraman')).toBe(true);
  });
});
