import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExclusionPageSchema, type ExclusionPage } from '#shared/results';
import { BulkByFilterResponseSchema, FilterCountSchema, ResultsSummarySchema, TRIAGE_MESSAGES } from '#shared/results-triage';
import { auditLog, batches, reviewHistory } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { findListSource } from '#lists/sources';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { screenedBatch, seedLists } from '#test/results-setup';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let other: Agent;
let batchId: number;
let foreignBatchId: number;

/** The three exclusion records of the review batch, given distinct scores, sources and dates. */
const SHAPE: Record<string, { score: number; source: string; date: string }> = {
  E1: { score: 0.97, source: 'leie', date: '2020-09-17' },
  E2: { score: 0.92, source: 'sam', date: '2015-01-01' },
  E3: { score: 0.85, source: 'leie', date: '2023-05-05' },
};

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Rita', lastName: 'Reviewer', roles: ['account_owner_user'] }));
  batchId = await screenedBatch(agent, queue, t);
  const otherClient = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  other = await signedIn(t, await createUser(t.ctx.db, { clientId: otherClient.id, roles: ['account_owner_user'] }));
  foreignBatchId = await screenedBatch(other, queue, t);
  // Before the first read (the facets are then held): distinct values to sort and filter on.
  for (const [uniqueId, s] of Object.entries(SHAPE)) {
    await t.ctx.db.execute(sql`UPDATE batch_results r SET score = ${s.score}, source = ${s.source}, record = jsonb_set(r.record::jsonb, '{exclusionDate}', to_jsonb(${s.date}::text))
      FROM batch_rows b WHERE r.batch_id = ${batchId} AND r.result_type = 'exclusions' AND b.batch_id = r.batch_id AND b.row_index = r.row_index AND b.unique_id = ${uniqueId}`);
  }
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const base = (id = batchId) => `/services/flexsearchs/${id}/result`;
async function getPage(query: string): Promise<ExclusionPage> {
  const res = await agent.get(`${base()}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ExclusionPageSchema.parse(res.json());
}
const order = async (query: string) => (await getPage(query)).scGroups.map((g) => g.uniqueId);

describe('sorting and filtering the exclusion groups', () => {
  it('sorts groups by score, exclusion date and source, both ways', async () => {
    expect(await order('?orderBy=score&sort=DESC')).toEqual(['E1', 'E2', 'E3']);
    expect(await order('?orderBy=score&sort=ASC')).toEqual(['E3', 'E2', 'E1']);
    expect(await order('?orderBy=exclusionDate&sort=ASC')).toEqual(['E2', 'E1', 'E3']);
    expect(await order('?orderBy=exclusionDate&sort=DESC')).toEqual(['E3', 'E1', 'E2']);
    const samFirst = findListSource('sam')!.title.toLowerCase() < findListSource('leie')!.title.toLowerCase();
    expect(await order('?orderBy=source&sort=ASC')).toEqual(samFirst ? ['E2', 'E1', 'E3'] : ['E1', 'E3', 'E2']);
    expect(await order('?orderBy=name&sort=ASC')).toEqual(['E1', 'E2', 'E3']);
  });

  it('filters by score band and shows the score of each record', async () => {
    const strong = await getPage('?scoreBand[]=strong');
    expect(strong.scGroups.map((g) => g.uniqueId)).toEqual(['E1']);
    expect(strong.records.map((r) => r.score)).toEqual([expect.closeTo(0.97, 5)]);
    expect(await order('?scoreBand[]=likely')).toEqual(['E2']);
    expect(await order('?scoreBand[]=possible&scoreBand[]=strong')).toEqual(['E1', 'E3']);
    expect((await agent.get(`${base()}?scoreBand[]=huge`)).statusCode).toBe(400);
    expect((await agent.get(`${base()}?orderBy=salary`)).statusCode).toBe(400);
  });
});

describe('summary bar and change by filter', () => {
  it('counts rows, findings, records by status and by source, and what is left to review', async () => {
    const res = await agent.get(`${base()}/summary`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = ResultsSummarySchema.parse(res.json());
    expect(summary).toMatchObject({ rowsScreened: 4, rowsWithFindings: 3, byStatus: { NONCLEARED: 3, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 0 } });
    expect(summary.reviewThreshold).toBeCloseTo(0.8, 5);
    expect(summary.bySource.map((s) => [s.source, s.count])).toEqual([['leie', 2], ['sam', 1]]);
    expect(summary.toReview).toBeGreaterThanOrEqual(3);
    expect((await other.get(`${base()}/summary`)).statusCode).toBe(404);
  });

  it('changes every record a filter matches with one note, one history and audit entry each, after the count is confirmed', async () => {
    const before = ResultsSummarySchema.parse((await agent.get(`${base()}/summary`)).json());
    const count = FilterCountSchema.parse((await agent.get(`${base()}/count?scoreBand[]=likely&scoreBand[]=possible`)).json());
    expect(count.count).toBe(2);
    const filter = { scoreBand: ['likely', 'possible'] };
    const stale = await agent.put(`${base()}/by-filter`, { filter, expectedCount: 3, newStatus: 'CLEARED', comment: 'Different people' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(TRIAGE_MESSAGES.countChanged);
    const res = await agent.put(`${base()}/by-filter`, { filter, expectedCount: 2, newStatus: 'CLEARED', comment: 'Different people' });
    expect(res.statusCode, res.body).toBe(200);
    expect(BulkByFilterResponseSchema.parse(res.json())).toEqual({ matched: 2, changed: 2 });

    const history = await t.ctx.db.select().from(reviewHistory).where(eq(reviewHistory.batchId, batchId));
    expect(history.map((h) => [h.toStatus, h.note])).toEqual([
      ['CLEARED', 'Different people'],
      ['CLEARED', 'Different people'],
    ]);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'review.status-change'), sql`${auditLog.details}->>'batchId' = ${String(batchId)}`));
    expect(audits).toHaveLength(2);
    const after = ResultsSummarySchema.parse((await agent.get(`${base()}/summary`)).json());
    expect(after.byStatus).toEqual({ NONCLEARED: 1, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 2 });
    expect(after.toReview).toBe(before.toReview - 2);
    // The status sort puts what needs a person first.
    expect(await order('?orderBy=status&sort=ASC')).toEqual(['E1', 'E2', 'E3']);
    expect(await order('?orderBy=status&sort=DESC')).toEqual(['E2', 'E3', 'E1']);
  });

  it('refuses another client’s batch and bad input with a clear message', async () => {
    const foreign = await agent.put(`${base(foreignBatchId)}/by-filter`, { filter: {}, expectedCount: 3, newStatus: 'CLEARED', comment: '' });
    expect(foreign.statusCode).toBe(404);
    const bad = await agent.put(`${base()}/by-filter`, { filter: { scoreBand: ['huge'] }, expectedCount: 0, newStatus: 'DONE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
    const [foreignBatch] = await t.ctx.db.select({ toReview: batches.toReview }).from(batches).where(eq(batches.id, foreignBatchId));
    expect(foreignBatch.toReview).toBeGreaterThan(0);
  });
});
