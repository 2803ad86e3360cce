import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserSchema, ADMIN_MESSAGES, HistorySchema, UserListSchema } from '#shared/admin';
import type { Role } from '#shared/roles';
import { auditLog, teams } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createTeam, createUser } from '#test/factories';

let t: TestApp;
let acme: { id: number };
let other: { id: number };
let compliance: { id: number; name: string };
let billing: { id: number; name: string };
let otherTeam: { id: number };
let admin: Awaited<ReturnType<typeof createUser>>;
let otherUser: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createClient(t.ctx.db, { teamType: 'MULTI_TEAM' });
  compliance = await createTeam(t.ctx.db, { clientId: acme.id, name: 'Compliance' });
  billing = await createTeam(t.ctx.db, { clientId: acme.id, name: 'Billing' });
  admin = await createUser(t.ctx.db, { clientId: acme.id, teamId: compliance.id, roles: ['domain_admin_user', 'name_search_user'] });
  other = await createClient(t.ctx.db);
  otherTeam = await createTeam(t.ctx.db, { clientId: other.id });
  otherUser = await createUser(t.ctx.db, { clientId: other.id, teamId: otherTeam.id, roles: ['name_search_user'] });
});
afterAll(() => t.close());

async function signedIn(user: { username: string; password: string }) {
  const agent = new Agent(t.app);
  expect(await agent.login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
  return agent;
}

const member = (roles: Role[] = ['name_search_user'], teamId = billing.id) => createUser(t.ctx.db, { clientId: acme.id, teamId, roles });

async function auditFor(userId: number, action: string) {
  return t.ctx.db.select().from(auditLog).where(and(eq(auditLog.target, `user:${userId}`), eq(auditLog.action, action)));
}

describe('GET /services/admin/users', () => {
  it('lists the users of the caller’s client only, with team and roles, and the client’s teams', async () => {
    const m = await member();
    const res = await (await signedIn(admin)).get('/services/admin/users');
    expect(res.statusCode).toBe(200);
    const body = UserListSchema.parse(res.json());
    expect(body.client.id).toBe(acme.id);
    expect(body.teams.map((team) => team.name)).toEqual(['Billing', 'Compliance']);
    expect(body.users.every((u) => u.username !== otherUser.username)).toBe(true);
    expect(body.users.find((u) => u.id === m.id)).toMatchObject({ teamName: 'Billing', roles: ['name_search_user'], isActive: true });
  });

  it('refuses users without the domain admin role with 403', async () => {
    const res = await (await signedIn(await member(['name_search_user', 'account_owner_user']))).get('/services/admin/users');
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 to a domain admin naming another client, and lets a system admin pick any client', async () => {
    expect((await (await signedIn(admin)).get(`/services/admin/users?clientId=${other.id}`)).statusCode).toBe(404);
    const sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const res = await (await signedIn(sysadmin)).get(`/services/admin/users?clientId=${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(UserListSchema.parse(res.json()).users.map((u) => u.username)).toEqual([otherUser.username]);
  });
});

describe('PUT /services/admin/users/:userId/roles', () => {
  it('replaces the roles, writes who, when, from and to in the audit log, and shows it in the history', async () => {
    const m = await member();
    const agent = await signedIn(admin);
    const res = await agent.put(`/services/admin/users/${m.id}/roles`, { roles: ['api_user', 'name_search_user'] });
    expect(res.statusCode).toBe(200);
    expect(AdminUserSchema.parse(res.json()).roles).toEqual(['api_user', 'name_search_user']);
    const [entry] = await auditFor(m.id, 'admin.user.roles');
    expect(entry).toMatchObject({ actorUserId: admin.id, actorUsername: admin.username, clientId: acme.id });
    expect(entry.details).toMatchObject({ from: ['name_search_user'], to: ['api_user', 'name_search_user'] });
    const history = HistorySchema.parse((await agent.get(`/services/admin/users/${m.id}/history`)).json());
    expect(history[0]).toMatchObject({ action: 'admin.user.roles', actorUsername: admin.username, to: ['api_user', 'name_search_user'] });
    expect(Date.parse(history[0].at)).not.toBeNaN();
  });

  it('refuses a domain admin granting the system admin role, and changes nothing', async () => {
    const m = await member();
    const res = await (await signedIn(admin)).put(`/services/admin/users/${m.id}/roles`, { roles: ['system_admin_user'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.cannotGrantSystemAdmin);
    expect(await auditFor(m.id, 'admin.user.roles')).toHaveLength(0);
  });

  it('lets a system admin grant the system admin role', async () => {
    const m = await member();
    const sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const res = await (await signedIn(sysadmin)).put(`/services/admin/users/${m.id}/roles`, { roles: ['system_admin_user'] });
    expect(AdminUserSchema.parse(res.json()).roles).toEqual(['system_admin_user']);
  });

  it('refuses removing one’s own administrator role (no lock-out) but allows other changes to oneself', async () => {
    const self = await member(['domain_admin_user']);
    const agent = await signedIn(self);
    const refused = await agent.put(`/services/admin/users/${self.id}/roles`, { roles: ['name_search_user'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_MESSAGES.cannotRemoveOwnAdmin);
    const sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const sysRefused = await (await signedIn(sysadmin)).put(`/services/admin/users/${sysadmin.id}/roles`, { roles: ['domain_admin_user'] });
    expect(sysRefused.statusCode).toBe(409);
    const allowed = await agent.put(`/services/admin/users/${self.id}/roles`, { roles: ['domain_admin_user', 'api_user'] });
    expect(allowed.statusCode).toBe(200);
  });

  it('rejects unknown roles and unknown fields with field messages', async () => {
    const m = await member();
    const agent = await signedIn(admin);
    const bad = await agent.put(`/services/admin/users/${m.id}/roles`, { roles: ['root'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['roles.0']);
    const extra = await agent.put(`/services/admin/users/${m.id}/roles`, { roles: [], clientId: 1 });
    expect(extra.json().error.fields).toHaveProperty('clientId');
  });
});

describe('tenancy', () => {
  it('answers 404 for another client’s user on every endpoint that takes a user id, and changes nothing', async () => {
    const agent = await signedIn(admin);
    const calls = [
      agent.put(`/services/admin/users/${otherUser.id}/roles`, { roles: ['api_user'] }),
      agent.put(`/services/admin/users/${otherUser.id}/team`, { teamId: otherTeam.id }),
      agent.put(`/services/admin/users/${otherUser.id}/active`, { isActive: false }),
      agent.get(`/services/admin/users/${otherUser.id}/history`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await signedIn(otherUser)).toBeTruthy();
  });
});

describe('PUT /services/admin/users/:userId/team', () => {
  it('moves a user to another team of the client, audits it, and drops an ownership left behind', async () => {
    const m = await createUser(t.ctx.db, { clientId: acme.id, teamId: billing.id, isTeamOwner: true });
    const res = await (await signedIn(admin)).put(`/services/admin/users/${m.id}/team`, { teamId: compliance.id });
    expect(AdminUserSchema.parse(res.json())).toMatchObject({ teamId: compliance.id, teamName: 'Compliance' });
    const [entry] = await auditFor(m.id, 'admin.user.team');
    expect(entry.details).toMatchObject({ from: 'Billing', to: 'Compliance' });
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.id, billing.id));
    expect(team.ownerUserId).toBeNull();
  });

  it('answers 404 for a team of another client', async () => {
    const m = await member();
    const res = await (await signedIn(admin)).put(`/services/admin/users/${m.id}/team`, { teamId: otherTeam.id });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /services/admin/users/:userId/active', () => {
  it('deactivation ends the user’s sessions at once and is audited; reactivation lets them back in', async () => {
    const m = await member();
    const theirs = await signedIn(m);
    const agent = await signedIn(admin);
    const res = await agent.put(`/services/admin/users/${m.id}/active`, { isActive: false });
    expect(AdminUserSchema.parse(res.json()).isActive).toBe(false);
    expect((await theirs.get('/services/user/info')).statusCode).toBe(401);
    expect((await auditFor(m.id, 'admin.user.active'))[0].details).toMatchObject({ from: true, to: false });
    expect(await new Agent(t.app).login(m.username, m.password)).toBe('INVALID_CREDENTIALS');
    await agent.put(`/services/admin/users/${m.id}/active`, { isActive: true });
    expect(await new Agent(t.app).login(m.username, m.password)).toBe('LOGIN_SUCCESSFUL');
  });

  it('refuses deactivating oneself', async () => {
    const res = await (await signedIn(admin)).put(`/services/admin/users/${admin.id}/active`, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
  });
});
