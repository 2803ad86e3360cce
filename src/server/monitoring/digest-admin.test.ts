/** An account owner or domain admin chooses alert e-mails for the client's users (issue 20). */
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '#shared/errors';
import { DigestChoiceSchema, UserDigestChoiceSchema, UserDigestChoicesSchema } from '#shared/roster-intake';
import { RosterSchema } from '#shared/monitoring';
import { auditLog } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { subscribers } from './digest-choices';

let t: TestApp;
let owner: Agent;
let domainAdmin: Agent;
let carl: Agent;
let stranger: Agent;
let carlId: number;
let strangerId: number;
let clientId: number;
let rosterId: number;
let queue: JobQueue;
const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdIndex: 0 };

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-10-21T09:00:00Z'));
  clientId = (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id;
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId, firstName: 'Olive', lastName: 'Owner', email: 'olive@acme.test', roles: ['account_owner_user'] }));
  domainAdmin = await signedIn(t, await createUser(t.ctx.db, { clientId, firstName: 'Dora', lastName: 'Admin', email: 'dora@acme.test', roles: ['domain_admin_user'] }));
  const carlUser = await createUser(t.ctx.db, { clientId, firstName: 'Carl', lastName: 'Clerk', email: 'carl@acme.test', roles: ['name_search_user'] });
  carlId = carlUser.id;
  carl = await signedIn(t, carlUser);
  const other = await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, email: 'eve@other.test', roles: ['account_owner_user'] });
  strangerId = other.id;
  stranger = await signedIn(t, other);
  // A roster of the client, whose digests follow the choices.
  queue = await startQueue(t);
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-10-20T01:00:00Z'), bulk: null });
  const up = await upload(carl, 'Employee Id,First Name,Last Name\nE1,Kathleen,Brennan\n');
  const res = await carl.post('/services/monitoring/rosters/upload', { uploadId: up.json().batchId, name: 'Staff', mapping: MAPPING });
  expect(res.statusCode, res.body).toBe(201);
  rosterId = RosterSchema.parse(res.json()).rosterId;
  await queue.drain();
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('alert e-mails set by an administrator', () => {
  it('lists each user of the client with the choice that applies (no choice: no e-mail)', async () => {
    const res = await owner.get('/services/monitoring/digest/users');
    expect(res.statusCode, res.body).toBe(200);
    const { users } = UserDigestChoicesSchema.parse(res.json());
    expect(users.map((u) => [u.name, u.email, u.frequency])).toEqual([
      ['Dora Admin', 'dora@acme.test', 'off'],
      ['Carl Clerk', 'carl@acme.test', 'off'],
      ['Olive Owner', 'olive@acme.test', 'off'],
    ]);
  });

  it('an owner sets a user’s choice: the user sees it as theirs, the digests follow it, and it is audited', async () => {
    const res = await owner.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'immediate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(UserDigestChoiceSchema.parse(res.json())).toMatchObject({ userId: carlId, frequency: 'immediate', rosterChoices: 0 });
    expect(DigestChoiceSchema.parse((await carl.get('/services/monitoring/digest')).json()).defaultFrequency).toBe('immediate');
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'monitoring.digest-choice'), eq(auditLog.target, `user:${carlId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ frequency: 'immediate', before: 'off', setFor: carlId });
    expect(audit[0].actorUserId).not.toBe(carlId);
    // A domain admin may too; the user can still change it back.
    expect((await domainAdmin.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'daily' })).statusCode).toBe(200);
    expect(UserDigestChoicesSchema.parse((await owner.get('/services/monitoring/digest/users')).json()).users.find((u) => u.userId === carlId)!.frequency).toBe('daily');
    expect((await carl.put('/services/monitoring/digest', { frequency: 'off' })).statusCode).toBe(200);
    expect(UserDigestChoicesSchema.parse((await owner.get('/services/monitoring/digest/users')).json()).users.find((u) => u.userId === carlId)!.frequency).toBe('off');
    expect((await owner.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'daily' })).statusCode).toBe(200);
    expect((await subscribers(t.ctx.db, 'daily')).map((s) => [s.email, s.roster_id])).toEqual([['carl@acme.test', rosterId]]);
    expect(await subscribers(t.ctx.db, 'immediate')).toEqual([]);
  });

  it('a plain user cannot (403), another client’s user cannot be touched (404), a bad choice is named (400)', async () => {
    expect((await carl.get('/services/monitoring/digest/users')).statusCode).toBe(403);
    expect((await carl.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'daily' })).statusCode).toBe(403);
    expect((await owner.put(`/services/monitoring/digest/users/${strangerId}`, { frequency: 'daily' })).statusCode).toBe(404);
    expect((await stranger.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'off' })).statusCode).toBe(404);
    expect(UserDigestChoicesSchema.parse((await stranger.get('/services/monitoring/digest/users')).json()).users.map((u) => u.email)).toEqual(['eve@other.test']);
    const bad = await owner.put(`/services/monitoring/digest/users/${carlId}`, { frequency: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).error.fields?.frequency).toBe('Choose No e-mail, As alerts arrive or Once a day.');
    expect(UserDigestChoicesSchema.parse((await owner.get('/services/monitoring/digest/users')).json()).users.find((u) => u.userId === carlId)!.frequency).toBe('daily');
  });
});
