import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyListSchema, ApiKeySchema, CreatedApiKeySchema } from '#shared/api-keys';
import { apiKeys, auditLog } from '#server/db/schema';
import { createTestApp, Agent, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createTeam, createUser } from '#test/factories';
import { hashApiKeySecret } from './secret';

let t: TestApp;
let owner: Agent;
let alice: Agent;
let bob: Agent;
let carol: Agent;
let noRole: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-05-10T12:00:00Z'));
  const client = await createClient(t.ctx.db, { name: 'Acme Health', teamType: 'MULTI_TEAM' });
  const clientId = client.id;
  const red = await createTeam(t.ctx.db, { clientId, name: 'Red' });
  const blue = await createTeam(t.ctx.db, { clientId, name: 'Blue' });
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId, teamId: red.id, roles: ['account_owner_user', 'api_user'] }));
  alice = await signedIn(t, await createUser(t.ctx.db, { clientId, teamId: red.id, roles: ['api_user'], firstName: 'Alice', lastName: 'Red' }));
  bob = await signedIn(t, await createUser(t.ctx.db, { clientId, teamId: red.id, roles: ['api_user'] }));
  carol = await signedIn(t, await createUser(t.ctx.db, { clientId, teamId: blue.id, roles: ['api_user'] }));
  noRole = await signedIn(t, await createUser(t.ctx.db, { clientId, teamId: red.id, roles: ['paying_user'] }));
  other = await signedIn(t, await createUser(t.ctx.db, { roles: ['account_owner_user', 'api_user'] }));
});
afterAll(async () => {
  await t.close();
});

const create = async (agent: Agent, body: unknown) => {
  const res = await agent.post('/services/apikeys', body);
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiKeySchema.parse(res.json());
};
const list = async (agent: Agent) => {
  const res = await agent.get('/services/apikeys');
  expect(res.statusCode, res.body).toBe(200);
  return ApiKeyListSchema.parse(res.json()).items;
};

describe('API key management', () => {
  it('creates a key whose secret is answered once and stored only as its sha256', async () => {
    const created = await create(alice, { name: 'HR system', expiresOn: '2026-12-31' });
    expect(created.secret).toMatch(/^cl_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'HR system', createdBy: 'Alice Red', status: 'active', lastUsedAt: null, expiresAt: '2027-01-01T00:00:00.000Z' });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    expect(created.key.prefix).toHaveLength(12);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row.secretHash).toBe(hashApiKeySecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    // The list never shows the secret again.
    const listed = await list(alice);
    expect(listed.find((k) => k.id === created.key.id)).toEqual(created.key);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));
  });

  it('refuses an empty name and an expiry in the past, naming the field', async () => {
    const noName = await alice.post('/services/apikeys', { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('name');
    const past = await alice.post('/services/apikeys', { name: 'Old', expiresOn: '2026-05-09' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty('expiresOn');
  });

  it('shows team members the team’s keys, the account owner all of the client’s, and nobody another client’s', async () => {
    const red = await create(bob, { name: 'Red payroll' });
    const blue = await create(carol, { name: 'Blue credentialing' });
    const foreign = await create(other, { name: 'Elsewhere' });
    const ids = async (agent: Agent) => (await list(agent)).map((k) => k.id);
    expect(await ids(alice)).toContain(red.key.id);
    expect(await ids(alice)).not.toContain(blue.key.id);
    expect(await ids(carol)).toEqual([blue.key.id]);
    expect(await ids(owner)).toEqual(expect.arrayContaining([red.key.id, blue.key.id]));
    expect(await ids(owner)).not.toContain(foreign.key.id);
    // Revoking a key one does not see answers 404, as if it did not exist.
    expect((await carol.put(`/services/apikeys/${red.key.id}/revoke`)).statusCode).toBe(404);
    expect((await owner.put(`/services/apikeys/${foreign.key.id}/revoke`)).statusCode).toBe(404);
  });

  it('revokes a key (the owner may revoke any of the client’s), once, in the audit log with create', async () => {
    const created = await create(carol, { name: 'To revoke' });
    const res = await owner.put(`/services/apikeys/${created.key.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ApiKeySchema.parse(res.json())).toMatchObject({ status: 'revoked', revokedAt: '2026-05-10T12:00:00.000Z' });
    expect((await owner.put(`/services/apikeys/${created.key.id}/revoke`)).statusCode).toBe(200);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, `api_key:${created.key.id}`));
    expect(entries.map((e) => e.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
    expect(JSON.stringify(entries)).not.toContain(created.secret);
  });

  it('is for api users only, and writes need the CSRF token', async () => {
    expect((await noRole.get('/services/apikeys')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/services/apikeys')).statusCode).toBe(401);
    const noCsrf = await alice.request({ method: 'POST', url: '/services/apikeys', payload: { name: 'x' }, headers: { 'x-csrf-token': 'wrong' } });
    expect(noCsrf.statusCode).toBe(403);
  });
});
