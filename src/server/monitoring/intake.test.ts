import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { RosterDetailSchema, RosterSchema } from '#shared/monitoring';
import { BatchListSchema } from '#shared/batches';
import { ApiRosterCreatedSchema } from '#shared/public-api-roster-operations';
import { ROSTER_INTAKE_MESSAGES, RosterVersionSchema } from '#shared/roster-intake';
import { auditLog, monitoredRosters } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { sweepMonitoringJob } from './jobs';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const HEADER = 'Employee Id,First Name,Last Name,Department';
const FIRST = `${HEADER}\nE1,Kathleen,Brennan,Nursing\nE2,Ada,Lovelace,IT\nE3,Anil,Patel,Pharmacy\n`;
// Brennan moves department, Lovelace stays, Patel leaves, Luz Ramirez joins.
const SECOND = `${HEADER}\nE1,Kathleen,Brennan,Pharmacy\nE2,Ada,Lovelace,IT\nE4,Luz,Ramirez,Home care\n`;
const MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdIndex: 0, correlatedColumnIndexes: [3] };

let t: TestApp;
let queue: JobQueue;
let owner: Agent;
let viewer: Agent;
let stranger: Agent;
let rosterId: number;
let rosterBatchId: number;

const uploadId = async (agent: Agent, csv: string, name = 'staff.csv') => {
  const res = await upload(agent, csv, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().batchId as number;
};
const detail = async () => RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosterId}`)).json());
const people = async () => (await detail()).alerts.map((a) => `${a.kind}:${a.person}`).sort();

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  t.setNow(new Date('2026-10-20T01:00:00Z'));
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: t.ctx.now(), bulk: null });
  t.setNow(new Date('2026-10-21T09:00:00Z'));
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'api_user'] }));
  viewer = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user'] }));
  stranger = await signedIn(t, await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, roles: ['name_search_user', 'api_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('a roster from an uploaded file', () => {
  it('goes through the batch upload and mapping; row problems are named and create nothing', async () => {
    const bad = await owner.post('/services/monitoring/rosters/upload', { uploadId: await uploadId(owner, `${HEADER}\nE1,Kathleen,,Nursing\n`), name: 'Staff', mapping: MAPPING });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).error).toMatchObject({ message: ROSTER_INTAKE_MESSAGES.rowProblems(1), fields: { 'rows.0': expect.stringContaining('Last Name') } });
    expect(await t.ctx.db.select().from(monitoredRosters)).toEqual([]);
  });

  it('screens every member against the active lists; read-only users and other clients cannot', async () => {
    const id = await uploadId(owner, FIRST);
    expect((await viewer.post('/services/monitoring/rosters/upload', { uploadId: id, name: 'Staff', mapping: MAPPING })).statusCode).toBe(403);
    expect((await stranger.post('/services/monitoring/rosters/upload', { uploadId: id, name: 'Staff', mapping: MAPPING })).statusCode).toBe(404);
    const res = await owner.post('/services/monitoring/rosters/upload', { uploadId: id, name: 'Staff', mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(201);
    const roster = RosterSchema.parse(res.json());
    expect(roster).toMatchObject({ name: 'Staff', people: 3, sourceBatchId: null, runsPending: 1 });
    ({ rosterId, batchId: rosterBatchId } = roster);
    // The same upload cannot become a second roster.
    expect((await owner.post('/services/monitoring/rosters/upload', { uploadId: id, name: 'Again', mapping: MAPPING })).json().error.message).toBe(ROSTER_INTAKE_MESSAGES.notAnUpload);
    await queue.drain();
    expect(await people()).toEqual(['new-match:E1: Kathleen Brennan', 'new-match:E3: Anil Patel']);
    expect((await detail()).roster).toMatchObject({ runsPending: 0, lastScreenedAt: '2026-10-21T09:00:00.000Z' });
    // Neither the roster nor its upload is a search on the dashboard.
    expect(BatchListSchema.parse((await owner.get('/services/flexsearchs')).json()).items.map((b) => b.batchId)).not.toContain(rosterBatchId);
    expect((await stranger.get(`/services/monitoring/rosters/${rosterId}`)).statusCode).toBe(404);
    expect((await viewer.get(`/services/monitoring/rosters/${rosterId}`)).statusCode).toBe(200);
  });
});

describe('a new version of a roster', () => {
  let versionId: number;

  it('shows who was added, removed and changed (field by field) before anything changes', async () => {
    const res = await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(owner, SECOND, 'staff-november.csv'), mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(201);
    const version = RosterVersionSchema.parse(res.json());
    versionId = version.versionId;
    expect(version).toMatchObject({ status: 'pending', fileName: 'staff-november.csv' });
    expect(version.diff).toMatchObject({ matchedBy: 'unique-id', unchanged: 1, skippedRows: 0 });
    expect(version.diff.added.map((p) => p.name)).toEqual(['Luz Ramirez']);
    expect(version.diff.removed.map((p) => p.name)).toEqual(['Anil Patel']);
    expect(version.diff.changed).toEqual([{ person: expect.objectContaining({ name: 'Kathleen Brennan', rowIndex: 0 }), changes: [{ field: 'Department', before: 'Nursing', after: 'Pharmacy' }] }]);
    expect((await detail()).roster.people).toBe(3);
    expect((await stranger.get(`/services/monitoring/rosters/${rosterId}/versions/${versionId}`)).statusCode).toBe(404);
    expect((await viewer.post(`/services/monitoring/rosters/${rosterId}/versions/${versionId}/apply`)).statusCode).toBe(403);
    expect((await stranger.post(`/services/monitoring/rosters/${rosterId}/versions/${versionId}/apply`)).statusCode).toBe(404);
  });

  it('applying screens added and changed people, retires the removed, keeps their alerts reviewable, and is audited', async () => {
    const res = await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${versionId}/apply`);
    expect(res.statusCode, res.body).toBe(200);
    expect(RosterVersionSchema.parse(res.json()).status).toBe('applied');
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${versionId}/apply`)).json().error.message).toBe(ROSTER_INTAKE_MESSAGES.versionDecided);
    await queue.drain();
    // Ramirez is new on the list; Brennan, re-screened, has nothing new; Patel's alert stays.
    expect(await people()).toEqual(['new-match:E1: Kathleen Brennan', 'new-match:E3: Anil Patel', 'new-match:E4: Luz Ramirez']);
    expect((await detail()).roster.people).toBe(3);
    const patel = (await detail()).alerts.find((a) => a.person === 'E3: Anil Patel')!;
    expect((await owner.put(`/services/flexsearchs/${rosterBatchId}/result/${patel.id}`, { newStatus: 'CLEARED', comment: 'Left the company' })).statusCode).toBe(200);
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'monitoring.roster-version-applied'), eq(auditLog.target, `roster:${rosterId}`)));
    expect(audit[0].details).toMatchObject({ versionId, added: 1, removed: 1, changed: 1 });
  });

  it('a version compared before another was applied is refused; a discarded one changes nothing', async () => {
    const a = RosterVersionSchema.parse((await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(owner, FIRST), mapping: MAPPING })).json());
    const b = RosterVersionSchema.parse((await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(owner, SECOND), mapping: MAPPING })).json());
    expect(b.diff).toMatchObject({ added: [], removed: [], changed: [], unchanged: 3 });
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${b.versionId}/discard`)).json().status).toBe('discarded');
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${a.versionId}/apply`)).statusCode).toBe(200);
    const c = RosterVersionSchema.parse((await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(owner, SECOND), mapping: MAPPING })).json());
    const d = RosterVersionSchema.parse((await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(owner, FIRST), mapping: MAPPING })).json());
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${c.versionId}/apply`)).statusCode).toBe(200);
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${d.versionId}/apply`)).json().error.message).toBe(ROSTER_INTAKE_MESSAGES.rosterChanged);
  });
});

describe('retired members', () => {
  it('are not screened when a list changes; the members who stay are', async () => {
    t.setNow(new Date('2026-10-21T15:00:00Z'));
    const header = readFileSync(leieFull, 'utf8').split('\n')[0];
    const supplement = path.join(mkdtempSync(path.join(tmpdir(), 'clearlist-intake-')), '2611EXCL.csv');
    writeFileSync(supplement, `${header}\n${[
      '"PATEL","ANIL","","","DOCTOR(MD, DO)","INTERNAL MEDICINE","","0000000000","19700101","9 ELM ST","DAYTON","OH","45402","1128a1","20261101","00000000","00000000",""',
      '"LOVELACE","ADA","","","INDIVIDUAL (UNAFFILI","NO KNOWN AFFILIATION","","0000000000","19801210","1 LOOM RD","AKRON","OH","44308","1128b4","20261101","00000000","00000000",""',
    ].join('\n')}\n`);
    await importList(t.ctx.db, { source: 'leie', files: [supplement], origin: 'import', now: t.ctx.now(), bulk: null });
    await queue.send(sweepMonitoringJob, {});
    await queue.drain();
    const alerts = (await detail()).alerts.map((a) => `${a.kind}:${a.person}`);
    expect(alerts).toContain('new-match:E2: Ada Lovelace');
    expect(alerts.filter((a) => a.includes('Anil Patel'))).toEqual(['new-match:E3: Anil Patel']);
  });
});

describe('a roster through the public API', () => {
  const body = {
    name: 'Contractors',
    records: [
      { 'Vendor Id': 'V-1', 'First Name': 'Daniel', 'Last Name': 'Okafor' },
      { 'Vendor Id': 'V-2', 'First Name': 'Grace', 'Last Name': 'Hopper' },
    ],
    mapping: { searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Vendor Id' },
  };
  const call = (method: 'GET' | 'POST', url: string, secret: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...headers, authorization: `Bearer ${secret}` } });

  it('creates it once per Idempotency-Key, guesses the columns, and answers 404 to another client', async () => {
    const secret = CreatedApiKeySchema.parse((await owner.post('/services/apikeys', { name: 'HR' })).json()).secret;
    const first = await call('POST', '/api/v1/rosters', secret, body, { 'idempotency-key': 'roster-1' });
    expect(first.statusCode, first.body).toBe(200);
    const created = ApiRosterCreatedSchema.parse(first.json());
    expect(created).toMatchObject({ name: 'Contractors', people: 2, columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' } });
    const again = await call('POST', '/api/v1/rosters', secret, body, { 'idempotency-key': 'roster-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().rosterId).toBe(created.rosterId);
    expect((await t.ctx.db.select().from(monitoredRosters).where(eq(monitoredRosters.name, 'Contractors'))).length).toBe(1);
    await queue.drain();
    expect(RosterSchema.parse((await call('GET', `/api/v1/rosters/${created.rosterId}`, secret)).json())).toMatchObject({ alerts: 1, openAlerts: 1 });
    const theirs = CreatedApiKeySchema.parse((await stranger.post('/services/apikeys', { name: 'X' })).json()).secret;
    expect((await call('GET', `/api/v1/rosters/${created.rosterId}`, theirs)).statusCode).toBe(404);
    const noName = await call('POST', '/api/v1/rosters', secret, { ...body, name: '' });
    expect(noName.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(noName.json()).error.code).toBe('BAD_REQUEST');
  });
});
