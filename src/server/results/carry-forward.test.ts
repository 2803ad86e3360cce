import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchDetailSchema } from '#shared/result-detail';
import { ExclusionPageSchema, type ExclusionRecord } from '#shared/results';
import { auditLog, batches } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, leieRecords, refreshIndex, REVIEW_CSV, REVIEW_MAPPING, screenedBatch, seedLists, SSN_DEAD } from '#test/results-setup';
import { CHANGED_RECORD_NOTE } from '../batches/carry-forward';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let firstBatch: number;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  clientId = client.id;
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId, firstName: 'Rita', lastName: 'Reviewer' }));
  firstBatch = await screenedBatch(agent, queue, t, REVIEW_CSV, REVIEW_MAPPING, 'january.csv');
  const brennan = await exclusionOf(agent, firstBatch, 'E1');
  const res = await agent.put(`/services/flexsearchs/${firstBatch}/result/${brennan.id}`, { newStatus: 'CLEARED', comment: 'DOB differs: not our nurse' });
  expect(res.statusCode).toBe(200);
  t.setNow(new Date('2026-04-02T11:00:00Z'));
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function exclusionOf(who: Agent, batchId: number, sc: string): Promise<ExclusionRecord> {
  const page = ExclusionPageSchema.parse((await who.get(`/services/flexsearchs/${batchId}/result?sc=${encodeURIComponent(sc)}`)).json());
  expect(page.records, `records of ${sc}`).toHaveLength(1);
  return page.records[0];
}

const detailOf = async (batchId: number, id: number) => MatchDetailSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/result/${id}`)).json());

describe('clearing carries forward', () => {
  it('a later batch with the same unique id and list record arrives cleared, naming the earlier decision', async () => {
    const later = await screenedBatch(agent, queue, t, REVIEW_CSV, REVIEW_MAPPING, 'february.csv');
    const brennan = await exclusionOf(agent, later, 'E1');
    expect(brennan.status).toBe('CLEARED');
    expect(brennan.latestNote).toBe('Cleared by Rita Reviewer on 2026-04-02 in batch "january.csv"; the list record is unchanged since.');
    const detail = await detailOf(later, brennan.id);
    expect(detail.changeHistorys).toHaveLength(1);
    expect(detail.changeHistorys[0]).toMatchObject({
      kind: 'carried-forward',
      previousStatus: 'NONCLEARED',
      newStatus: 'CLEARED',
      modifiedBy: 'Clearlist',
      modifiedDate: '2026-04-02T11:00:00.000Z',
      carriedFrom: { batchId: firstBatch, fileName: 'january.csv', decidedBy: 'Rita Reviewer', decidedAt: '2026-04-02T09:00:00.000Z', notes: 'DOB differs: not our nurse' },
    });
    // Only what was cleared carries: Patel's match still needs review.
    expect((await exclusionOf(agent, later, 'E2')).status).toBe('NONCLEARED');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, `batch_result:${brennan.id}`));
    expect(audit).toMatchObject([{ action: 'review.carried-forward', clientId, details: { earlierBatchId: firstBatch } }]);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, later));
    expect(batch.toReview).toBe(5);
  });

  it('matches on the same criteria when the rows have no unique id, and keeps naming the person’s decision down a chain', async () => {
    const csv = 'First,Last,NPI,SSN\n' + REVIEW_CSV.split('\n').slice(1).filter(Boolean).map((l) => l.split(',').slice(1, 5).join(',')).join('\n') + '\n';
    const mapping = { ...REVIEW_MAPPING, correlatedColumnIndexes: [], uniqueIdIndex: null };
    const noIds = await screenedBatch(agent, queue, t, csv.replace('Kathleen,Brennan', ' kathleen , BRENNAN '), mapping, 'march.csv');
    const brennan = await exclusionOf(agent, noIds, 'Brennan');
    expect(brennan.status).toBe('CLEARED');
    const [entry] = (await detailOf(noIds, brennan.id)).changeHistorys;
    expect(entry.carriedFrom).toMatchObject({ batchId: firstBatch, decidedBy: 'Rita Reviewer' });
  });

  it('does not carry to another person with the same list record, nor to another client', async () => {
    // Another employee id and another SSN: the same name is not the same person.
    const otherPerson = REVIEW_CSV.replace('E1,Kathleen,Brennan', 'E9,Kathleen,Brennan').replace(SSN_DEAD, '401556780');
    const batchId = await screenedBatch(agent, queue, t, otherPerson, REVIEW_MAPPING, 'e9.csv');
    expect((await exclusionOf(agent, batchId, 'E9')).status).toBe('NONCLEARED');
    const otherClient = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
    const stranger = await signedIn(t, await createUser(t.ctx.db, { clientId: otherClient.id }));
    const theirs = await screenedBatch(stranger, queue, t, REVIEW_CSV, REVIEW_MAPPING, 'theirs.csv');
    expect((await exclusionOf(stranger, theirs, 'E1')).status).toBe('NONCLEARED');
  });

  it('carries across a re-import that changes only the acquisition date, not across a changed record', async () => {
    await activateVersion(t, 'leie', await leieRecords((r) => ({ ...r, dateAcquired: '2026-05-01' })), '2026-05-01');
    await refreshIndex(t);
    const sameRecord = await screenedBatch(agent, queue, t, REVIEW_CSV, REVIEW_MAPPING, 'may.csv');
    expect((await exclusionOf(agent, sameRecord, 'E1')).status).toBe('CLEARED');

    await activateVersion(t, 'leie', await leieRecords((r) => (r.lastName === 'BRENNAN' ? { ...r, address: '1 NEW ROAD', exclusionType: '1128a1' } : r)), '2026-06-01');
    await refreshIndex(t);
    const changed = await screenedBatch(agent, queue, t, REVIEW_CSV, REVIEW_MAPPING, 'june.csv');
    const brennan = await exclusionOf(agent, changed, 'E1');
    expect(brennan).toMatchObject({ status: 'NONCLEARED', latestNote: CHANGED_RECORD_NOTE, address: '1 NEW ROAD' });
    expect((await detailOf(changed, brennan.id)).changeHistorys).toEqual([]);
  });
});
