import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchDetailSchema, type MatchDetail } from '#shared/result-detail';
import { ExclusionChangeResponseSchema, ExclusionPageSchema, NpiChangeResponseSchema, NpiPageSchema, REVIEW_MESSAGES, SourceOptionListSchema, SsdmfChangeResponseSchema, SsdmfPageSchema, type ExclusionPage, type NpiPage, type SsdmfPage } from '#shared/results';
import { auditLog, batches, reviewHistory } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createTeam, createUser } from '#test/factories';
import { NPI_ACTIVE, NPI_DEACTIVATED, REVIEW_MAPPING, screenedBatch, seedLists } from '#test/results-setup';
import { writeStatusChange } from './review-queries';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let other: Agent;
let batchId: number;
let foreignBatchId: number;
let reviewer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  reviewer = await createUser(t.ctx.db, { clientId: client.id, firstName: 'Rita', lastName: 'Reviewer', roles: ['account_owner_user'] });
  agent = await signedIn(t, reviewer);
  batchId = await screenedBatch(agent, queue, t);
  const otherClient = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  other = await signedIn(t, await createUser(t.ctx.db, { clientId: otherClient.id, roles: ['account_owner_user'] }));
  foreignBatchId = await screenedBatch(other, queue, t);
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const base = (id = batchId) => `/services/flexsearchs/${id}`;
async function getPage(path: string): Promise<ExclusionPage> {
  const res = await agent.get(`${base()}/result${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return ExclusionPageSchema.parse(res.json());
}
async function getDetail(path: string): Promise<MatchDetail> {
  const res = await agent.get(`${base()}${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return MatchDetailSchema.parse(res.json());
}

describe('exclusions tab', () => {
  it('groups records by search criteria with the unique id and counts of every status', async () => {
    const page = await getPage('');
    expect(page.total).toBe(3);
    expect(page.scGroups.map((g) => g.uniqueId)).toEqual(['E1', 'E2', 'E3']);
    expect(page.scGroups[0]).toMatchObject({ searchCriteria: expect.stringContaining('Kathleen Brennan'), counts: { NONCLEARED: 1, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 0 }, total: 1 });
    const brennan = page.records.find((r) => r.searchCriteriaKey === page.scGroups[0].searchCriteria)!;
    expect(brennan).toMatchObject({ name: 'KATHLEEN MARIE BRENNAN', source: 'leie', state: 'OH', exclusionDate: '2020-09-17', status: 'NONCLEARED', latestNote: null });
    expect(brennan.sourceName).toContain('LEIE');
    expect(brennan.dateAcquiredFromSource).not.toBeUndefined();
  });

  it('pages groups, sorts the criteria both ways and can skip the total', async () => {
    const first = await getPage('?limits=2&page=1');
    const second = await getPage('?limits=2&page=2');
    expect(first.scGroups.map((g) => g.uniqueId)).toEqual(['E1', 'E2']);
    expect(second.scGroups.map((g) => g.uniqueId)).toEqual(['E3']);
    expect(first.total).toBe(3);
    expect(first.records.every((r) => first.scGroups.some((g) => g.searchCriteria === r.searchCriteriaKey))).toBe(true);
    const desc = await getPage('?sort=DESC');
    expect(desc.scGroups.map((g) => g.uniqueId)).toEqual(['E3', 'E2', 'E1']);
    expect((await getPage('?requireTotal=false')).total).toBeNull();
  });

  it('filters by criteria text, record status (bracket arrays) and source', async () => {
    const bySc = await getPage('?sc=patel');
    expect(bySc.scGroups.map((g) => g.uniqueId)).toEqual(['E2']);
    expect((await getPage('?sc=E3')).scGroups.map((g) => g.uniqueId)).toEqual(['E3']);
    expect((await getPage('?sc=100%25')).total).toBe(0);
    expect((await getPage('?status[]=CLEARED')).total).toBe(0);
    expect((await getPage('?status[]=CLEARED&status[]=NONCLEARED')).total).toBe(3);
    expect((await getPage('?sources[]=sam')).total).toBe(0);
    expect((await getPage('?sources=leie')).total).toBe(3);
    const bad = await agent.get(`${base()}/result?status[]=MAYBE`);
    expect(bad.statusCode).toBe(400);
    expect((await agent.get(`${base()}/result?limits=1000`)).statusCode).toBe(400);
  });

  it('lists the exclusion sources for the source filter', async () => {
    const res = await agent.get('/services/utils/sources');
    const sources = SourceOptionListSchema.parse(res.json());
    expect(sources.map((s) => s.id)).toEqual(expect.arrayContaining(['leie', 'sam', 'ofac-sdn']));
    expect(sources.map((s) => s.id)).not.toContain('nppes');
  });
});

describe('detail drawer', () => {
  it('shows the status and its choices, sections with links, the customer’s row, why it matched and the list version', async () => {
    const page = await getPage('?sc=E1');
    const detail = await getDetail(`/result/${page.records[0].id}`);
    expect(detail).toMatchObject({ matchStatus: 'NONCLEARED', clearOnly: false, uniqueId: 'E1', changeHistorys: [] });
    expect(detail.statusChoices).toEqual(['UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED']);
    // The status is the drawer's own block (matchStatus, latestNote), not a details section as well (issue 55).
    expect(detail.details.map((s) => s.title)).toEqual(['Exclusion Details', 'Address']);
    expect(detail.latestNote).toBeNull();
    const exclusion = detail.details.find((s) => s.title === 'Exclusion Details')!;
    expect(exclusion.data.Source).toMatchObject({ value: expect.stringContaining('LEIE'), _link: expect.stringMatching(/^https:/) });
    expect(exclusion.data._source).toBe('leie');
    expect(exclusion.data['Date Acquired From Source']).not.toBeUndefined();
    const criteria = detail.userData.find((s) => s.title === 'Search Criteria')!;
    expect(criteria.data).toMatchObject({ 'Unique ID': 'E1', 'First Name': 'Kathleen', 'Last Name': 'Brennan', SSN: '***-**-6789' });
    expect(detail.userData.find((s) => s.title === 'Additional Data')!.data).toEqual({ Dept: '=SUM(A1)' });
    expect(detail.explanation!.score).toBeGreaterThan(0.8);
    expect(detail.explanation!.fields.some((f) => f.queryField === 'lastName' && f.score === 1)).toBe(true);
    expect(Array.isArray(detail.explanation!.adjustments)).toBe(true);
    // The same in a reviewer's words (issue 14), and the exclusion type with its meaning.
    expect(detail.explanationWords!.verdict).toMatch(/^Potential match: score 0\.\d\d \(review threshold 0\.80\)$/);
    expect(detail.explanationWords!.lines.slice(0, 2)).toEqual(['Last name: same', 'First name: same']);
    expect(JSON.stringify(detail.explanationWords)).not.toMatch(/akas\[|lastName|firstName|Raised|×/);
    expect(exclusion.data['Exclusion Type']).toBe('1128b4: License to practise revoked, suspended or surrendered');
    expect(detail.listVersion).toMatchObject({ source: 'leie', asOf: '2026-03-01' });
  });

  it('answers 404 for a record of another tab, another batch or an unknown id', async () => {
    const npi = NpiPageSchema.parse((await agent.get(`${base()}/npidetails`)).json());
    expect((await agent.get(`${base()}/result/${npi.npiSearches[0].id}`)).statusCode).toBe(404);
    expect((await agent.get(`${base()}/result/999999`)).statusCode).toBe(404);
    const foreign = ExclusionPageSchema.parse((await other.get(`${base(foreignBatchId)}/result`)).json());
    expect((await agent.get(`${base()}/result/${foreign.records[0].id}`)).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('changes one record with a note: history, audit log, latest note, group counts and the dashboard count', async () => {
    const page = await getPage('?sc=E1');
    const id = page.records[0].id;
    const res = await agent.put(`${base()}/result/${id}`, { newStatus: 'UNDER_REVIEW', comment: '  Checking the date of birth  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = ExclusionChangeResponseSchema.parse(res.json());
    expect(body.records).toMatchObject([{ id, status: 'UNDER_REVIEW', latestNote: 'Checking the date of birth' }]);
    expect(body.scGroups[0].counts).toMatchObject({ NONCLEARED: 0, UNDER_REVIEW: 1 });

    const detail = await getDetail(`/result/${id}`);
    expect(detail.changeHistorys).toMatchObject([{ previousStatus: 'NONCLEARED', newStatus: 'UNDER_REVIEW', modifiedBy: 'Rita Reviewer', notes: 'Checking the date of birth', kind: 'change' }]);
    expect(detail.changeHistorys[0].modifiedDate).toBe('2026-04-02T09:00:00.000Z');
    expect(detail.statusChoices).toEqual(['NONCLEARED', 'HISTORICAL_MATCH', 'CLEARED']);

    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, `batch_result:${id}`));
    expect(audit).toMatchObject([{ action: 'review.status-change', actorUserId: reviewer.id, details: { from: 'NONCLEARED', to: 'UNDER_REVIEW', note: 'Checking the date of birth', batchId } }]);

    // Without a note the latest note stays; choosing the current status is refused.
    const again = ExclusionChangeResponseSchema.parse((await agent.put(`${base()}/result/${id}`, { newStatus: 'HISTORICAL_MATCH' })).json());
    expect(again.records[0]).toMatchObject({ status: 'HISTORICAL_MATCH', latestNote: 'Checking the date of birth' });
    expect(again.scGroups[0].counts.HISTORICAL_MATCH).toBe(1);
    const same = await agent.put(`${base()}/result/${id}`, { newStatus: 'HISTORICAL_MATCH', comment: 'x' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(REVIEW_MESSAGES.sameStatus);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    // Still open: E2's and E3's exclusion matches, two NPI rows (inactive, invalid), one SSDMF row (6 when screened).
    expect(batch.toReview).toBe(5);
  });

  it('changes in bulk, skipping records already in the chosen status, one history entry each', async () => {
    const page = await getPage('');
    const ids = page.records.map((r) => r.id);
    const res = await agent.put(`${base()}/result/${ids.join(',')}`, { newStatus: 'CLEARED', comment: 'Different people: dates of birth differ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = ExclusionChangeResponseSchema.parse(res.json());
    expect(body.records.every((r) => r.status === 'CLEARED')).toBe(true);
    expect(body.scGroups).toHaveLength(3);
    expect(body.scGroups.every((g) => g.counts.CLEARED === g.total)).toBe(true);
    const again = await agent.put(`${base()}/result/${ids.join(',')}`, { newStatus: 'CLEARED' });
    expect(again.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(reviewHistory).where(eq(reviewHistory.batchId, batchId));
    expect(rows.filter((h) => h.toStatus === 'CLEARED')).toHaveLength(ids.length);
    // The list re-fetched after the change shows it, with fresh group counts.
    const cleared = await getPage('?status[]=CLEARED');
    expect(cleared.total).toBe(3);
    expect(cleared.scGroups.map((g) => g.counts.CLEARED)).toEqual([1, 1, 1]);
    expect((await getPage('?status[]=NONCLEARED')).total).toBe(0);
  });

  it('sees a change written by another process (the page re-reads when the history moves)', async () => {
    const [record] = (await getPage('?sc=E2')).records;
    await t.ctx.db.transaction((tx) =>
      writeStatusChange(tx as never, {
        clientId: reviewer.clientId, batchId, resultType: 'exclusions', targets: [{ id: record.id, from: record.status }], to: 'UNDER_REVIEW', note: 'From elsewhere',
        user: { id: reviewer.id, username: reviewer.username, name: 'Rita Reviewer' }, ip: null, now: new Date('2026-04-02T09:00:00Z'),
      }),
    );
    const page = await getPage('?sc=E2');
    expect(page.records[0]).toMatchObject({ status: 'UNDER_REVIEW', latestNote: 'From elsewhere' });
    expect(page.scGroups[0].counts.UNDER_REVIEW).toBe(1);
    expect((await getPage('?status[]=UNDER_REVIEW')).total).toBe(1);
  });

  it('refuses bad ids, unknown statuses, long notes, and ids outside the batch or tab', async () => {
    expect((await agent.put(`${base()}/result/1,abc`, { newStatus: 'CLEARED' })).statusCode).toBe(400);
    expect((await agent.put(`${base()}/result/1`, { newStatus: 'DONE' })).statusCode).toBe(400);
    expect((await agent.put(`${base()}/result/1`, { newStatus: 'CLEARED', comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect((await agent.put(`${base()}/result/${tooMany}`, { newStatus: 'CLEARED' })).statusCode).toBe(400);
    const foreign = ExclusionPageSchema.parse((await other.get(`${base(foreignBatchId)}/result`)).json());
    const mine = (await getPage('')).records[0].id;
    expect((await agent.put(`${base()}/result/${mine},${foreign.records[0].id}`, { newStatus: 'UNDER_REVIEW' })).statusCode).toBe(404);
    expect((await agent.get(`${base()}/result/${mine}`)).json().matchStatus).toBe('CLEARED');
  });

  it('keeps the history append-only: the database refuses to edit or delete it', async () => {
    await expect(t.ctx.db.execute(sql`UPDATE review_history SET note = 'edited'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM review_history`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`TRUNCATE review_history`)).rejects.toThrow();
  });
});

describe('NPI tab', () => {
  const npiPage = async (q = ''): Promise<NpiPage> => NpiPageSchema.parse((await agent.get(`${base()}/npidetails${q}`)).json());

  it('shows one result per row with NPI status, names and the searches included', async () => {
    const page = await npiPage();
    expect(page).toMatchObject({ total: 4, nameSearch: true, optOutSearch: false, exclusionSearch: false });
    expect(page.npiSearches.map((n) => [n.npiStatus, n.status, n.canChangeStatus])).toEqual([
      ['VALID', 'CLEARED', false],
      ['INACTIVE', 'NONCLEARED', true],
      ['INVALID', 'NONCLEARED', true],
      ['VALID', 'CLEARED', false],
    ]);
    expect(page.npiSearches[0]).toMatchObject({ npi: NPI_ACTIVE, name: 'Kathleen Brennan', nppesName: 'Brennan, Kathleen', npiStatusText: 'Valid', optOutStatusText: null });
  });

  it('filters by criteria, record status, NPI status, and pages', async () => {
    expect((await npiPage('?npiStatus[]=INACTIVE&npiStatus[]=INVALID')).total).toBe(2);
    expect((await npiPage('?recordStatus[]=CLEARED')).total).toBe(2);
    expect((await npiPage('?searchCriteria=okafor')).npiSearches.map((n) => n.npiStatus)).toEqual(['INVALID']);
    expect((await npiPage('?optOutStatus=FOUND')).total).toBe(0);
    expect((await npiPage('?exclusionStatus=NOT_FOUND')).total).toBe(0);
    const p2 = await npiPage('?limits=3&page=2');
    expect(p2.npiSearches).toHaveLength(1);
    expect(p2.total).toBe(4);
  });

  it('shows and filters the opt-out and exclusion results when the batch included those searches', async () => {
    const mapping = { ...REVIEW_MAPPING, searchTypes: ['Exclusion Search by Individual Name', 'NPI Medicare OptOut', 'Search by NPI', 'SSDMF'] };
    const withChecks = await screenedBatch(agent, queue, t, undefined, mapping, 'checks.csv');
    const get = async (q: string) => NpiPageSchema.parse((await agent.get(`${base(withChecks)}/npidetails${q}`)).json());
    const page = await get('');
    expect(page).toMatchObject({ total: 4, optOutSearch: true, exclusionSearch: true });
    expect(page.npiSearches.map((n) => [n.optOutStatusText, n.exclusionStatusText])).toEqual([
      ['Found on Opt Out List', 'No Exclusions Found'],
      ['Not Found on Opt Out List', 'Exclusion Found'],
      ['Not Found on Opt Out List', 'Exclusion Found'],
      ['Not Found on Opt Out List', 'No Exclusions Found'],
    ]);
    expect((await get('?optOutStatus=FOUND')).npiSearches.map((n) => n.npi)).toEqual([NPI_ACTIVE]);
    expect((await get('?exclusionStatus=FOUND')).npiSearches.map((n) => n.npi)).toEqual([NPI_DEACTIVATED, '1000000020']);
    expect((await get('?exclusionStatus=NOT_FOUND&optOutStatus=NOT_FOUND')).total).toBe(1);
    // Opted out: not cleared by the screening, so it can be reviewed.
    expect(page.npiSearches[0]).toMatchObject({ status: 'NONCLEARED', canChangeStatus: true });
  });

  it('refuses to change a CLEARED NPI record, alone or in bulk; others change; clear-only drawer', async () => {
    const page = await npiPage();
    const [cleared, inactive] = page.npiSearches;
    const refused = await agent.put(`${base()}/npidetails/${cleared.id},${inactive.id}`, { newStatus: 'HISTORICAL_MATCH' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(REVIEW_MESSAGES.npiClearedFixed);
    const ok = NpiChangeResponseSchema.parse((await agent.put(`${base()}/npidetails/${inactive.id}`, { newStatus: 'HISTORICAL_MATCH', comment: 'Deactivated NPI confirmed' })).json());
    expect(ok.records[0]).toMatchObject({ status: 'HISTORICAL_MATCH', latestNote: 'Deactivated NPI confirmed' });
    const clearOnly = await getDetail(`/npidetails/${cleared.id}`);
    expect(clearOnly).toMatchObject({ clearOnly: true, statusChoices: [], changeHistorys: [] });
    expect(clearOnly.details.find((s) => s.title === 'NPI Details')!.data.Status).toMatchObject({ value: 'Valid', _link: expect.stringContaining(NPI_ACTIVE) });
    const detail = await getDetail(`/npidetails/${inactive.id}`);
    expect(detail.changeHistorys).toHaveLength(1);
    expect(detail.listVersion).toMatchObject({ source: 'nppes', asOf: '2026-03-02' });
  });
});

describe('SSDMF tab', () => {
  const ssdmfPage = async (q = ''): Promise<SsdmfPage> => SsdmfPageSchema.parse((await agent.get(`${base()}/ssdmfdetails${q}`)).json());

  it('shows found rows with an id and not-found rows without one, SSNs masked', async () => {
    const page = await ssdmfPage();
    expect(page).toMatchObject({ total: 4, nameSearch: true });
    const [found, notFound] = page.ssdmfResults;
    expect(found).toMatchObject({ id: found.searchId, ssn: '***-**-6789', ssdmfStatus: 'Found on SSDMF', status: 'NONCLEARED', ssdmfName: 'LUZ RAMIREZ', dateOfDeath: '2025-05-05' });
    expect(notFound).toMatchObject({ id: null, ssdmfStatus: 'Not Found on SSDMF', status: 'CLEARED', ssdmfName: null });
    expect((await ssdmfPage('?ssdmfStatus=FOUND')).total).toBe(1);
    expect((await ssdmfPage('?ssdmfStatus=NOT_FOUND&recordStatus[]=CLEARED')).total).toBe(3);
    expect((await ssdmfPage('?searchCriteria=nobody')).total).toBe(1);
  });

  it('keeps the SSNs not in the DMF with their chunks, not as a result row each, and shows them as before', async () => {
    const page = await ssdmfPage();
    const notFound = page.ssdmfResults.filter((r) => r.id === null);
    expect(notFound).toHaveLength(3);
    // Their ids are the chunk's (2^52 + the row), not a stored result's.
    for (const r of notFound) expect(r.searchId).toBeGreaterThanOrEqual(2 ** 52);
    const stored = (await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'ssdmf' AND source IS NULL`)) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0].n).toBe(0);
    const kept = (await t.ctx.db.execute(sql`SELECT sum(cardinality(ssn_not_found_rows))::int AS n, min(ssn_dmf_version_id) AS v FROM batch_chunks WHERE batch_id = ${batchId}`)) as unknown as { rows: { n: number; v: number | null }[] };
    expect(kept.rows[0].n).toBe(3);
    expect(kept.rows[0].v).not.toBeNull();
  });

  it('opens the drawer by searchId, changes found rows, refuses rows without an id', async () => {
    const page = await ssdmfPage();
    const [found, notFound] = page.ssdmfResults;
    const clear = await getDetail(`/ssdmfdetails/${notFound.searchId}?searchId=${notFound.searchId}`);
    expect(clear).toMatchObject({ clearOnly: true, matchStatus: 'CLEARED' });
    // The drawer names the DMF version the SSN was checked against.
    expect(clear.listVersion).toMatchObject({ source: 'dmf' });
    const refused = await agent.put(`${base()}/ssdmfdetails/${notFound.searchId}`, { newStatus: 'UNDER_REVIEW' });
    expect(refused.statusCode).toBe(409);
    const ok = SsdmfChangeResponseSchema.parse((await agent.put(`${base()}/ssdmfdetails/${found.id}`, { newStatus: 'CLEARED', comment: 'Different person' })).json());
    expect(ok.records[0]).toMatchObject({ status: 'CLEARED', latestNote: 'Different person' });
    const detail = await getDetail(`/ssdmfdetails/${found.id}?searchId=${found.searchId}`);
    expect(detail.changeHistorys).toMatchObject([{ newStatus: 'CLEARED', notes: 'Different person' }]);
    expect(JSON.stringify(detail)).not.toContain('401556789');
  });
});

describe('tenancy and access', () => {
  it('answers 404 for another client’s batch on every endpoint, and 401 when signed out', async () => {
    const paths = ['/result', '/result/1', '/npidetails', '/npidetails/1', '/ssdmfdetails', '/ssdmfdetails/1', '/auditreport', '/exclusionrecordsreport'];
    for (const p of paths) expect((await agent.get(`${base(foreignBatchId)}${p}`)).statusCode, p).toBe(404);
    for (const p of ['/result/1', '/npidetails/1', '/ssdmfdetails/1']) expect((await agent.put(`${base(foreignBatchId)}${p}`, { newStatus: 'CLEARED' })).statusCode, p).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: `${base()}/result` });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 to a colleague of another team who does not see the whole client (ADR 014)', async () => {
    const team = await createTeam(t.ctx.db, { clientId: reviewer.clientId });
    const colleague = await signedIn(t, await createUser(t.ctx.db, { clientId: reviewer.clientId, teamId: team.id }));
    const id = (await getPage('')).records[0].id;
    expect((await colleague.get(`${base()}/result`)).statusCode).toBe(404);
    expect((await colleague.get(`${base()}/result/${id}`)).statusCode).toBe(404);
    expect((await colleague.put(`${base()}/result/${id}`, { newStatus: 'UNDER_REVIEW' })).statusCode).toBe(404);
    expect((await colleague.get(`${base()}/auditreport?format=csv`)).statusCode).toBe(404);
  });

  it('refuses changes while the batch is not Completed', async () => {
    await t.ctx.db.update(batches).set({ status: 'Processing' }).where(eq(batches.id, batchId));
    const id = (await getPage('')).records[0].id;
    const res = await agent.put(`${base()}/result/${id}`, { newStatus: 'UNDER_REVIEW' });
    await t.ctx.db.update(batches).set({ status: 'Completed' }).where(eq(batches.id, batchId));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.batchNotReady);
  });
});
