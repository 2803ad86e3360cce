import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchFiltersSchema, BatchInfoSchema, BatchListSchema } from '#shared/batches';
import type { JobQueue } from '#server/jobs/queue';
import type { Agent } from '#test/app';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch, upload } from '#test/batches';
import { createClient, createTeam, createUser } from '#test/factories';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let queue: JobQueue;
let clientA: { id: number; name: string };
let clientB: { id: number; name: string };
let team1: { id: number };
let team2: { id: number };
const u = {} as Record<'admin' | 'member1' | 'member2' | 'owner2' | 'other' | 'sysadmin', User>;
const ids = {} as Record<'a1' | 'a2' | 'b1', number>;
// Windows-1252 bytes (é = 0xE9), kept exactly for the download test.
const A1_BYTES = Buffer.from([...Buffer.from('First Name,Last Name\r\nRen'), 0xe9, ...Buffer.from(',Roy\r\n')]);

beforeAll(async () => {
  t = await createTestApp();
  queue = await startQueue(t);
  const db = t.ctx.db;
  clientA = await createClient(db, { name: 'Acme Health', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  clientB = await createClient(db, { name: 'Bayside Clinic', searchOptions: ['NAME'] });
  team1 = await createTeam(db, { clientId: clientA.id, name: 'Credentialing' });
  team2 = await createTeam(db, { clientId: clientA.id, name: 'Vendors' });
  u.admin = await createUser(db, { clientId: clientA.id, teamId: team1.id, roles: ['domain_admin_user'], firstName: 'Ada', lastName: 'Admin' });
  u.member1 = await createUser(db, { clientId: clientA.id, teamId: team1.id, roles: ['name_search_user'], firstName: 'Mo', lastName: 'One' });
  u.member2 = await createUser(db, { clientId: clientA.id, teamId: team2.id, roles: ['name_search_user'], firstName: 'Mia', lastName: 'Two' });
  u.owner2 = await createUser(db, { clientId: clientA.id, teamId: team2.id, isTeamOwner: true, firstName: 'Olu', lastName: 'Owner' });
  u.other = await createUser(db, { clientId: clientB.id, firstName: 'Bo', lastName: 'Bay' });
  const operator = await createClient(db, { name: 'Clearlist', planType: 'OPERATOR', searchOptions: ['NAME'] });
  u.sysadmin = await createUser(db, { clientId: operator.id, roles: ['system_admin_user'] });
  const a1 = await upload(await signedIn(t, u.member1), A1_BYTES, 'Renée roster.csv');
  ids.a1 = a1.json().batchId;
  const submit = await (await signedIn(t, u.member1)).post(`/services/flexsearchs/${ids.a1}/columnmappings`, {
    columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' },
    searchTypes: ['Exclusion Search by Individual Name'],
  });
  expect(submit.statusCode, submit.body).toBe(200);
  ids.a2 = await submitBatch(await signedIn(t, u.member2), 'First Name,Last Name\nAl,Bee\nCy,Dee\n');
  ids.b1 = await submitBatch(await signedIn(t, u.other), 'First Name,Last Name\nEd,Fay\n');
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const list = async (agent: Agent, query = '') => {
  const res = await agent.get(`/services/flexsearchs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return BatchListSchema.parse(res.json());
};
const idsOf = (l: { items: { batchId: number }[] }) => l.items.map((i) => i.batchId).sort((a, b) => a - b);

describe('who sees which batches (ADR 014)', () => {
  it('a team member sees their team’s batches; a team owner the teams they own', async () => {
    expect(idsOf(await list(await signedIn(t, u.member1)))).toEqual([ids.a1]);
    expect(idsOf(await list(await signedIn(t, u.member2)))).toEqual([ids.a2]);
    expect(idsOf(await list(await signedIn(t, u.owner2)))).toEqual([ids.a2]);
  });

  it('a domain admin sees the whole client; another client sees only its own', async () => {
    expect(idsOf(await list(await signedIn(t, u.admin)))).toEqual([ids.a1, ids.a2]);
    expect(idsOf(await list(await signedIn(t, u.other)))).toEqual([ids.b1]);
  });

  it('a system admin sees every client and filters by client and team', async () => {
    const agent = await signedIn(t, u.sysadmin);
    expect(idsOf(await list(agent))).toEqual([ids.a1, ids.a2, ids.b1]);
    expect(idsOf(await list(agent, `?clientFilter=${clientA.id}`))).toEqual([ids.a1, ids.a2]);
    expect(idsOf(await list(agent, `?clientFilter=${clientA.id}&teamFilter=${team2.id}`))).toEqual([ids.a2]);
  });

  it('answers 404 for another client’s (or another team’s) batch on every endpoint', async () => {
    const agent = await signedIn(t, u.member1);
    for (const id of [ids.b1, ids.a2]) {
      const calls = [
        agent.get(`/services/flexsearchs/${id}`),
        agent.get(`/services/flexsearchs/${id}/file`),
        agent.get(`/services/flexsearchs/${id}/resubmit`),
        agent.post(`/services/flexsearchs/${id}/kill`),
        agent.post(`/services/flexsearchs/${id}/columnmappings?dryrun=true`, { columnMappings: {}, searchTypes: ['Exclusion Search by Individual Name'] }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    }
    expect((await agent.get(`/services/flexsearchs?clientFilter=${clientB.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/services/flexsearchs?teamFilter=${team2.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to a filter on another client’s team, or on a team that does not exist, for those who see every team (issue 53)', async () => {
    const bTeam = await createTeam(t.ctx.db, { clientId: clientB.id, name: 'Bayside front desk' });
    const admin = await signedIn(t, u.admin);
    for (const url of [`/services/flexsearchs?teamFilter=${bTeam.id}`, `/services/flexsearchs/filters?teamFilter=${bTeam.id}`, '/services/flexsearchs?teamFilter=999999']) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.get(`/services/flexsearchs?teamFilter=${team2.id}`)).statusCode).toBe(200);
    const sysadmin = await signedIn(t, u.sysadmin);
    expect((await sysadmin.get(`/services/flexsearchs?clientFilter=${clientA.id}&teamFilter=${bTeam.id}`)).statusCode).toBe(404);
    expect((await sysadmin.get(`/services/flexsearchs?clientFilter=${clientB.id}&teamFilter=${bTeam.id}`)).statusCode).toBe(200);
  });
});

describe('GET /services/flexsearchs', () => {
  it('answers the history items with uploader, counts and status', async () => {
    const l = await list(await signedIn(t, u.admin), `?uploaderFilter=${u.member2.id}`);
    expect(l.total).toBe(1);
    expect(l.items[0]).toEqual({ batchId: ids.a2, fileName: 'staff.csv', processedTimeStamp: expect.any(String), uploadedBy: 'Mia Two', recordCount: 2, hits: 0, toReview: 0, status: 'Submitted', rowsDone: 0, queue: { state: 'queued', position: 2, batchesAhead: 1, startsInSeconds: null, finishesInSeconds: null } });
  });

  it('filters by file name (case-insensitive, wildcards literal) and pages', async () => {
    const agent = await signedIn(t, u.admin);
    expect(idsOf(await list(agent, '?fileNameFilter=ROSTER'))).toEqual([ids.a1]);
    expect(idsOf(await list(agent, '?fileNameFilter=%25'))).toEqual([]);
    const page2 = await list(agent, '?limit=1&page=2');
    expect(page2.total).toBe(2);
    expect(page2.items).toHaveLength(1);
  });

  it('hides uploads that were never submitted', async () => {
    const agent = await signedIn(t, u.admin);
    await upload(agent, 'First Name,Last Name\nX,Y\n', 'draft.csv');
    expect((await list(agent, '?fileNameFilter=draft')).total).toBe(0);
  });
});

describe('GET /services/flexsearchs/filters', () => {
  it('gives clients to system admins, and teams once a client is chosen', async () => {
    const agent = await signedIn(t, u.sysadmin);
    const all = BatchFiltersSchema.parse((await agent.get('/services/flexsearchs/filters')).json());
    expect(all.clients.map((c) => c.name)).toEqual(expect.arrayContaining(['Acme Health', 'Bayside Clinic']));
    expect(all.teams).toEqual([]);
    const a = BatchFiltersSchema.parse((await agent.get(`/services/flexsearchs/filters?clientFilter=${clientA.id}`)).json());
    expect(a.teams.map((x) => x.name)).toEqual(['Credentialing', 'Vendors']);
    expect(a.uploaders.map((x) => x.name)).toEqual(['Mia Two', 'Mo One']);
  });

  it('gives teams to team owners only, and no clients to anyone else', async () => {
    const owner = BatchFiltersSchema.parse((await (await signedIn(t, u.owner2)).get('/services/flexsearchs/filters')).json());
    expect(owner).toEqual({ clients: [], teams: [{ id: team2.id, name: 'Vendors' }], uploaders: [{ id: u.member2.id, name: 'Mia Two' }] });
    const member = BatchFiltersSchema.parse((await (await signedIn(t, u.member1)).get('/services/flexsearchs/filters')).json());
    expect(member).toEqual({ clients: [], teams: [], uploaders: [{ id: u.member1.id, name: 'Mo One' }] });
  });
});

describe('one batch', () => {
  it('GET …/{batchId} answers the file name and the result type flags', async () => {
    const res = await (await signedIn(t, u.member1)).get(`/services/flexsearchs/${ids.a1}`);
    expect(BatchInfoSchema.parse(res.json())).toMatchObject({ fileName: 'Renée roster.csv', searchTypes: [true, false, false], recordCount: 1 });
  });

  it('GET …/file answers the exact bytes uploaded with the original name', async () => {
    const res = await (await signedIn(t, u.admin)).get(`/services/flexsearchs/${ids.a1}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(A1_BYTES)).toBe(true);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Ren_e roster.csv"; filename*=UTF-8''Ren%C3%A9e%20roster.csv`);
  });

  it('trash is for system admins only and hides the batch from everyone', async () => {
    expect((await (await signedIn(t, u.admin)).post(`/services/flexsearchs/${ids.a2}/trash`)).statusCode).toBe(403);
    const res = await (await signedIn(t, u.sysadmin)).post(`/services/flexsearchs/${ids.a2}/trash`);
    expect(res.statusCode, res.body).toBe(200);
    const admin = await signedIn(t, u.admin);
    expect(idsOf(await list(admin))).toEqual([ids.a1]);
    expect((await admin.get(`/services/flexsearchs/${ids.a2}`)).statusCode).toBe(404);
  });
});
