/**
 * Issue 14: an NPI registered in NPPES to someone else, or used by two rows of a batch, is a
 * finding a reviewer can change, never a locked "Clear"; only valid, active NPIs held by the
 * row's name (nicknames, other names such as a maiden name) arrive cleared.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResults } from '#server/db/schema';
import { MatchDetailSchema, type MatchDetail } from '#shared/result-detail';
import { NpiChangeResponseSchema, NpiPageSchema, type NpiResult } from '#shared/results';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, NPI_ACTIVE, NPI_DEACTIVATED, NPI_UNKNOWN, NPI_ZED, nppes, npiOf, refreshIndex, screenedBatch, seedLists } from '#test/results-setup';

const NPI_CARTER = npiOf('323456789');
const NPI_WALSH = npiOf('423456789');
// Rows 2 and 12 share Kathleen Brennan's NPI: with chunks of 10 rows they are screened apart.
const fillers = Array.from({ length: 7 }, (_, i) => `F${i + 1},Filler,Person${'abcdefg'[i]},${npiOf(`90000000${i}`)}\n`);
const CSV =
  'Emp ID,First,Last,NPI\n' +
  `X1,Jennifer,Garcia,${NPI_ZED}\n` +
  `X2,Kathy,Brennan,${NPI_ACTIVE}\n` +
  `X3,Mary,Jones,${NPI_CARTER}\n` +
  `X4,Bill,Walsh,${NPI_WALSH}\n` +
  fillers.join('') +
  `X5,Kathleen,Brennan,${NPI_ACTIVE}\n` +
  `X6,Anil,Patel,${NPI_DEACTIVATED}\n` +
  `X7,Daniel,Okafor,${NPI_UNKNOWN}\n`;
const MAPPING = { columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' }, searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let batchId: number;
let rows: Map<string, NpiResult>;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0, batchChunkRows: 10 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  // NPPES keeps Mary Carter's maiden name as an other name.
  const carter = { ...nppes(NPI_CARTER, 'Mary', 'Carter'), akas: ['JONES, MARY'] };
  await activateVersion(t, 'nppes', [nppes(NPI_ACTIVE, 'Kathleen', 'Brennan'), nppes(NPI_DEACTIVATED, 'Anil', 'Patel', '2020-01-01'), nppes(NPI_ZED, 'James', 'Wang'), carter, nppes(NPI_WALSH, 'William', 'Walsh')], '2026-03-05');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user'] }));
  batchId = await screenedBatch(agent, queue, t, CSV, MAPPING, 'npi-owners.csv');
  const page = NpiPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/npidetails?limits=100`)).json());
  rows = new Map(page.npiSearches.map((r) => [r.searchCriteriaKey.split(':')[0], r]));
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const detail = async (id: number): Promise<MatchDetail> => {
  const res = await agent.get(`/services/flexsearchs/${batchId}/npidetails/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return MatchDetailSchema.parse(res.json());
};
const section = (d: MatchDetail, title: string) => d.details.find((s) => s.title === title)?.data;

describe('NPI name agreement', () => {
  it("makes an NPI registered to someone else a finding that can be reviewed, with both names side by side", async () => {
    const garcia = rows.get('X1')!;
    expect(garcia).toMatchObject({ npiStatus: 'VALID', status: 'NONCLEARED', canChangeStatus: true, nppesName: 'Wang, James' });
    expect(garcia.findings).toEqual(['Name differs from NPPES: Wang, James.']);
    const d = await detail(garcia.id);
    expect(d.clearOnly).toBe(false);
    expect(section(d, 'Name Agreement')).toMatchObject({
      'Name On Your List': 'Jennifer Garcia',
      'Name In NPPES': 'Wang, James',
      Agreement: expect.stringContaining('The NPI may belong to someone else'),
      Comparison: 'Last name: different (Garcia vs Wang); First name: different (Jennifer vs James)',
    });
    const res = await agent.put(`/services/flexsearchs/${batchId}/npidetails/${garcia.id}`, { newStatus: 'HISTORICAL_MATCH', comment: 'Not her NPI: asked HR for the right one.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(NpiChangeResponseSchema.parse(res.json()).records[0]).toMatchObject({ status: 'HISTORICAL_MATCH' });
  });

  it('flags both rows that use the same NPI, each naming the other, across chunks', async () => {
    expect(rows.get('X2')).toMatchObject({ status: 'NONCLEARED', canChangeStatus: true, findings: ['The same NPI is also used by row 12 (X5) of this batch.'] });
    expect(rows.get('X5')).toMatchObject({ status: 'NONCLEARED', canChangeStatus: true, findings: ['The same NPI is also used by row 2 (X2) of this batch.'] });
    expect(section(await detail(rows.get('X5')!.id), 'NPI Details')).toMatchObject({ 'Also Used By': 'The same NPI is also used by row 2 (X2) of this batch.' });
  });

  it('clears only a valid, active NPI whose NPPES name agrees: through a nickname or an other (maiden) name', async () => {
    expect(rows.get('X3')).toMatchObject({ status: 'CLEARED', canChangeStatus: false, findings: [] });
    expect(rows.get('X4')).toMatchObject({ status: 'CLEARED', canChangeStatus: false, findings: [] });
    expect(section(await detail(rows.get('X3')!.id), 'Name Agreement')).toMatchObject({ 'Name In NPPES': 'JONES, MARY', Agreement: expect.stringContaining('another name NPPES holds') });
    expect(section(await detail(rows.get('X4')!.id), 'Name Agreement')).toMatchObject({ Comparison: 'Last name: same; First name: Bill is a nickname of William' });
  });

  it('stores of the name comparison only what readers show: the fields compared and the scoring version (ADR 076)', async () => {
    const [stored] = await t.ctx.db.select({ explanation: batchResults.explanation }).from(batchResults).where(eq(batchResults.id, rows.get('X1')!.id));
    const agreement = (stored.explanation as { npiCheck: { nameAgreement: Record<string, unknown> } }).npiCheck.nameAgreement;
    expect(agreement).toMatchObject({ agrees: false, customerName: 'Jennifer Garcia', nppesName: 'Wang, James', matchedThrough: 'name' });
    expect(Object.keys(agreement.explanation as object).sort()).toEqual(['algorithmVersion', 'fields']);
    expect((agreement.explanation as { fields: { queryField: string }[] }).fields.map((f) => f.queryField)).toEqual(['lastName', 'firstName']);
  });

  it('says why an NPI is invalid or inactive', async () => {
    expect(rows.get('X6')).toMatchObject({ npiStatus: 'INACTIVE', findings: ['Deactivated in NPPES on 2020-01-01.'] });
    expect(rows.get('X7')).toMatchObject({ npiStatus: 'INVALID', findings: [expect.stringContaining('Not in NPPES')] });
    expect(section(await detail(rows.get('X7')!.id), 'NPI Details')).toMatchObject({ Problem: expect.stringContaining('Not in NPPES') });
  });
});
