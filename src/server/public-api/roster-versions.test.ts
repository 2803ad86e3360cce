/**
 * Rosters and their new versions through the public API (issue 20, ADR 058): a roster from a
 * CSV file, a new version as JSON records (once per Idempotency-Key) and as an Excel workbook,
 * each answered with its comparison, then applied or discarded; roles as the roster routes, and
 * another client's roster answers 404.
 */
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { RosterSchema } from '#shared/monitoring';
import { ApiRosterCreatedSchema, ApiRosterVersionSchema } from '#shared/public-api-roster-operations';
import { ROSTER_INTAKE_MESSAGES } from '#shared/roster-intake';
import { rosterVersions } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { writeWorkbook } from '#test/workbooks';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const FIRST = 'Employee Id,First Name,Last Name,Department\nE1,Kathleen,Brennan,Nursing\nE2,Ada,Lovelace,IT\nE3,Anil,Patel,Pharmacy\n';
const MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Employee Id', additionalColumns: ['Department'] };
const VERSION_MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, uniqueIdColumn: 'Employee Id', additionalColumns: ['Department'] };
// Brennan moves department, Lovelace stays, Patel leaves, Luz Ramirez joins.
const SECOND = [
  { 'Employee Id': 'E1', 'First Name': 'Kathleen', 'Last Name': 'Brennan', Department: 'Pharmacy' },
  { 'Employee Id': 'E2', 'First Name': 'Ada', 'Last Name': 'Lovelace', Department: 'IT' },
  { 'Employee Id': 'E4', 'First Name': 'Luz', 'Last Name': 'Ramirez', Department: 'Home care' },
];

let t: TestApp;
let queue: JobQueue;
const keys = { owner: '', viewer: '', stranger: '' };
let rosterId: number;

const call = (method: 'GET' | 'POST', url: string, secret: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { ...headers, authorization: `Bearer ${secret}` } });
const send = (url: string, secret: string, fields: Record<string, string>, fileName: string, content: string | Buffer, headers: Record<string, string> = {}) => {
  const form = multipart(fields, [{ fileName, content }]);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers, authorization: `Bearer ${secret}` } });
};

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  t.setNow(new Date('2026-10-20T01:00:00Z'));
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: t.ctx.now(), bulk: null });
  t.setNow(new Date('2026-10-21T09:00:00Z'));
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  const keyOf = async (user: Awaited<ReturnType<typeof createUser>>) => CreatedApiKeySchema.parse((await (await signedIn(t, user)).post('/services/apikeys', { name: 'HR' })).json()).secret;
  keys.owner = await keyOf(await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'api_user'] }));
  keys.viewer = await keyOf(await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'api_user'] }));
  keys.stranger = await keyOf(await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, roles: ['name_search_user', 'api_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('rosters and their versions through the public API', () => {
  it('creates a roster from a CSV file with a name and a mapping; a missing name is named', async () => {
    const noName = await send('/api/v1/rosters/csv', keys.owner, { mapping: JSON.stringify(MAPPING) }, 'staff.csv', FIRST);
    expect(noName.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(noName.json()).error.fields).toEqual({ name: 'Give the roster a name.' });
    expect((await send('/api/v1/rosters/csv', keys.viewer, { name: 'Staff', mapping: JSON.stringify(MAPPING) }, 'staff.csv', FIRST)).statusCode).toBe(403);
    const res = await send('/api/v1/rosters/csv', keys.owner, { name: 'Staff', mapping: JSON.stringify(MAPPING) }, 'staff.csv', FIRST, { 'idempotency-key': 'staff-1' });
    expect(res.statusCode, res.body).toBe(200);
    const roster = ApiRosterCreatedSchema.parse(res.json());
    expect(roster).toMatchObject({ name: 'Staff', people: 3, guessedColumns: [] });
    rosterId = roster.rosterId;
    const again = await send('/api/v1/rosters/csv', keys.owner, { name: 'Staff', mapping: JSON.stringify(MAPPING) }, 'staff.csv', FIRST, { 'idempotency-key': 'staff-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().rosterId).toBe(rosterId);
    await queue.drain();
    expect(RosterSchema.parse((await call('GET', `/api/v1/rosters/${rosterId}`, keys.owner)).json())).toMatchObject({ people: 3, alerts: 2 });
  });

  it('compares a new version sent as JSON once per Idempotency-Key; another client’s roster is 404, a read-only key 403', async () => {
    const body = { fileName: 'staff-november.csv', records: SECOND, mapping: VERSION_MAPPING };
    expect((await call('POST', `/api/v1/rosters/${rosterId}/versions`, keys.stranger, body)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/rosters/${rosterId}/versions`, keys.viewer, body)).statusCode).toBe(403);
    const res = await call('POST', `/api/v1/rosters/${rosterId}/versions`, keys.owner, body, { 'idempotency-key': 'nov-1' });
    expect(res.statusCode, res.body).toBe(200);
    const v = ApiRosterVersionSchema.parse(res.json());
    expect(v).toMatchObject({ rosterId, status: 'pending', fileName: 'staff-november.csv', matchedBy: 'unique-id', counts: { added: 1, removed: 1, changed: 1, unchanged: 1, skippedRows: 0 }, isCapped: false });
    expect(v.added.map((p) => p.name)).toEqual(['Luz Ramirez']);
    expect(v.removed.map((p) => p.name)).toEqual(['Anil Patel']);
    expect(v.changed).toEqual([{ person: expect.objectContaining({ name: 'Kathleen Brennan' }), changes: [{ field: 'Department', before: 'Nursing', after: 'Pharmacy' }] }]);
    const again = await call('POST', `/api/v1/rosters/${rosterId}/versions`, keys.owner, body, { 'idempotency-key': 'nov-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.ctx.db.select().from(rosterVersions).where(eq(rosterVersions.rosterId, rosterId))).toHaveLength(1);
    expect(ApiRosterVersionSchema.parse((await call('GET', `/api/v1/rosters/${rosterId}/versions/${v.versionId}`, keys.owner)).json())).toEqual(v);
    expect((await call('GET', `/api/v1/rosters/${rosterId}/versions/${v.versionId}`, keys.stranger)).statusCode).toBe(404);
    // A column the file lacks is named.
    const bad = await call('POST', `/api/v1/rosters/${rosterId}/versions`, keys.owner, { records: SECOND, mapping: { ...VERSION_MAPPING, uniqueIdColumn: 'Staff No' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['mapping.uniqueIdColumn']);
  });

  it('applies it once: the roster changes and the added person is screened; a read-only or another client’s key cannot', async () => {
    const [v] = await t.ctx.db.select().from(rosterVersions).where(eq(rosterVersions.rosterId, rosterId));
    expect((await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.id}/apply`, keys.viewer)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.id}/apply`, keys.stranger)).statusCode).toBe(404);
    const res = await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.id}/apply`, keys.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(ApiRosterVersionSchema.parse(res.json())).toMatchObject({ status: 'applied', decidedAt: '2026-10-21T09:00:00.000Z' });
    const twice = await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.id}/apply`, keys.owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ROSTER_INTAKE_MESSAGES.versionDecided);
    await queue.drain();
    expect(RosterSchema.parse((await call('GET', `/api/v1/rosters/${rosterId}`, keys.owner)).json())).toMatchObject({ people: 3 });
  });

  it('compares a version sent as an Excel workbook, and discards it', async () => {
    const book = writeWorkbook([{ name: 'Staff', rows: [['Employee Id', 'First Name', 'Last Name', 'Department'], ['E1', 'Kathleen', 'Brennan', 'Pharmacy'], ['E2', 'Ada', 'Lovelace', 'Research'], ['E4', 'Luz', 'Ramirez', 'Home care'], ['E5', 'Grace', 'Hopper', 'IT']] }]);
    expect((await send(`/api/v1/rosters/${rosterId}/versions/csv`, keys.stranger, { mapping: JSON.stringify(VERSION_MAPPING) }, 'december.xlsx', book)).statusCode).toBe(404);
    const badMapping = await send(`/api/v1/rosters/${rosterId}/versions/csv`, keys.owner, { mapping: '{not json' }, 'december.xlsx', book);
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().error.fields).toHaveProperty(['mapping']);
    const res = await send(`/api/v1/rosters/${rosterId}/versions/csv`, keys.owner, { mapping: JSON.stringify(VERSION_MAPPING) }, 'december.xlsx', book, { 'idempotency-key': 'dec-1' });
    expect(res.statusCode, res.body).toBe(200);
    const v = ApiRosterVersionSchema.parse(res.json());
    expect(v).toMatchObject({ fileName: 'december.xlsx', status: 'pending', counts: { added: 1, removed: 0, changed: 1, unchanged: 2 } });
    expect(v.changed[0].changes).toEqual([{ field: 'Department', before: 'IT', after: 'Research' }]);
    expect((await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.versionId}/discard`, keys.viewer)).statusCode).toBe(403);
    const discarded = await call('POST', `/api/v1/rosters/${rosterId}/versions/${v.versionId}/discard`, keys.owner);
    expect(ApiRosterVersionSchema.parse(discarded.json()).status).toBe('discarded');
    expect(RosterSchema.parse((await call('GET', `/api/v1/rosters/${rosterId}`, keys.owner)).json())).toMatchObject({ people: 3 });
  });
});
