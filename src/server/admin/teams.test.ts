import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, TeamListSchema } from '#shared/admin';
import { auditLog } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createTeam, createUser } from '#test/factories';

let t: TestApp;
let multi: { id: number };
let single: { id: number };
let other: { id: number };
let otherTeam: { id: number };
let admin: Awaited<ReturnType<typeof createUser>>;
let singleAdmin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  multi = await createClient(t.ctx.db, { teamType: 'MULTI_TEAM' });
  const compliance = await createTeam(t.ctx.db, { clientId: multi.id, name: 'Compliance' });
  admin = await createUser(t.ctx.db, { clientId: multi.id, teamId: compliance.id, roles: ['domain_admin_user'], isTeamOwner: true });
  single = await createClient(t.ctx.db, { teamType: 'SINGLE' });
  singleAdmin = await createUser(t.ctx.db, { clientId: single.id, roles: ['domain_admin_user'] });
  other = await createClient(t.ctx.db, { teamType: 'MULTI_TEAM' });
  otherTeam = await createTeam(t.ctx.db, { clientId: other.id, name: 'Elsewhere' });
});
afterAll(() => t.close());

async function signedIn(user: { username: string; password: string }) {
  const agent = new Agent(t.app);
  expect(await agent.login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
  return agent;
}

const auditFor = (teamId: number, action: string) =>
  t.ctx.db.select().from(auditLog).where(and(eq(auditLog.target, `team:${teamId}`), eq(auditLog.action, action)));

describe('GET /services/admin/teams', () => {
  it('lists the client’s teams with member counts, owner and members', async () => {
    const res = await (await signedIn(admin)).get('/services/admin/teams');
    const body = TeamListSchema.parse(res.json());
    expect(body.client).toMatchObject({ id: multi.id, teamType: 'MULTI_TEAM' });
    expect(body.teams).toHaveLength(1);
    expect(body.teams[0]).toMatchObject({ name: 'Compliance', memberCount: 1, ownerUserId: admin.id, ownerName: 'Pat Tester' });
    expect(body.teams[0].members.map((m) => m.username)).toEqual([admin.username]);
  });

  it('refuses users without the domain admin role, and another client’s id from a domain admin', async () => {
    const plain = await createUser(t.ctx.db, { clientId: multi.id, roles: ['api_user'] });
    expect((await (await signedIn(plain)).get('/services/admin/teams')).statusCode).toBe(403);
    expect((await (await signedIn(admin)).get(`/services/admin/teams?clientId=${other.id}`)).statusCode).toBe(404);
  });
});

describe('POST /services/admin/teams', () => {
  it('creates a team in a multi-team client and audits it', async () => {
    const res = await (await signedIn(admin)).post('/services/admin/teams', { name: '  Credentialing ' });
    expect(res.statusCode).toBe(200);
    const team = TeamListSchema.parse(res.json()).teams.find((x) => x.name === 'Credentialing')!;
    expect(team.memberCount).toBe(0);
    const [entry] = await auditFor(team.id, 'admin.team.create');
    expect(entry).toMatchObject({ actorUserId: admin.id, clientId: multi.id, details: { from: null, to: 'Credentialing' } });
  });

  it('refuses a duplicate name (ignoring case) with a field message, and an empty one', async () => {
    const agent = await signedIn(admin);
    const dup = await agent.post('/services/admin/teams', { name: 'compliance' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ name: ADMIN_MESSAGES.teamNameTaken });
    const empty = await agent.post('/services/admin/teams', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('name');
  });

  it('refuses a second team for a single-team client', async () => {
    const res = await (await signedIn(singleAdmin)).post('/services/admin/teams', { name: 'Another' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.singleTeamClient);
  });

  it('answers 404 to a domain admin creating a team in another client; a system admin may', async () => {
    expect((await (await signedIn(admin)).post('/services/admin/teams', { name: 'Sneaky', clientId: other.id })).statusCode).toBe(404);
    const sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const res = await (await signedIn(sysadmin)).post('/services/admin/teams', { name: 'Outpost', clientId: other.id });
    expect(TeamListSchema.parse(res.json()).teams.map((x) => x.name)).toContain('Outpost');
  });
});

describe('PUT /services/admin/teams/:teamId', () => {
  it('renames the single team of a single-team client (Team Settings) and sets its owner, audited', async () => {
    const agent = await signedIn(singleAdmin);
    const [team] = TeamListSchema.parse((await agent.get('/services/admin/teams')).json()).teams;
    const res = await agent.put(`/services/admin/teams/${team.id}`, { name: 'Front Desk', ownerUserId: singleAdmin.id });
    expect(TeamListSchema.parse(res.json()).teams[0]).toMatchObject({ name: 'Front Desk', ownerUserId: singleAdmin.id });
    expect((await auditFor(team.id, 'admin.team.name'))[0].details).toMatchObject({ from: team.name, to: 'Front Desk' });
    expect((await auditFor(team.id, 'admin.team.owner'))[0].details).toMatchObject({ from: null, to: singleAdmin.username });
  });

  it('refuses an owner who is not a member of the team', async () => {
    const team = await createTeam(t.ctx.db, { clientId: multi.id, name: 'Empty' });
    const res = await (await signedIn(admin)).put(`/services/admin/teams/${team.id}`, { ownerUserId: admin.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ ownerUserId: ADMIN_MESSAGES.ownerNotInTeam });
  });

  it('answers 404 for another client’s team and changes nothing', async () => {
    const res = await (await signedIn(admin)).put(`/services/admin/teams/${otherTeam.id}`, { name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(await auditFor(otherTeam.id, 'admin.team.name')).toHaveLength(0);
  });

  it('refuses an empty change and unknown fields', async () => {
    const agent = await signedIn(admin);
    const teams = TeamListSchema.parse((await agent.get('/services/admin/teams')).json()).teams;
    expect((await agent.put(`/services/admin/teams/${teams[0].id}`, {})).statusCode).toBe(400);
    expect((await agent.put(`/services/admin/teams/${teams[0].id}`, { name: 'X', clientId: 2 })).json().error.fields).toHaveProperty('clientId');
  });
});
