/** A submission's head start on PGlite (ADR 107): its first chunks screened while its rows are stored. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, batchResults, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { writePause } from '#server/jobs/pause';
import { closeScreeningPool, currentScreening } from '#server/screening/screener';
import type { RowInput } from '#server/screening/row-screening';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { NPI_ACTIVE, NPI_DEACTIVATED, NPI_UNKNOWN, NPI_ZED, REVIEW_MAPPING, seedLists, SSN_DEAD } from '#test/results-setup';
import { headStartsHeld, headStartWork, startHeadScreening, takeHeadStart } from './head-start';
import { SCREEN_CHUNK_JOB } from './processing';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;

// 1,500 rows, three chunks of 500: the people of the review roster, again and again.
const PEOPLE = [`Kathleen,Brennan,${NPI_ACTIVE},${SSN_DEAD}`, `Anil,Patel,${NPI_DEACTIVATED},987654321`, `Daniel,Okafor,${NPI_UNKNOWN},987654322`, `Zed,Nobody,${NPI_ZED},987654323`];
const CSV = 'Emp ID,First,Last,NPI,SSN,Dept\n' + Array.from({ length: 1500 }, (_, i) => `E${i},${PEOPLE[i % 4]},Dept ${i % 7}`).join('\n') + '\n';

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 2, batchChunkRows: 500 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await closeScreeningPool();
  await t.close();
});

/** Uploads and submits the roster; `screensHere`: this process works the chunks' queue (as a server does). */
async function submit(screensHere: boolean): Promise<number> {
  const up = await upload(agent, CSV);
  expect(up.statusCode, up.body).toBe(200);
  const batchId = up.json().batchId as number;
  t.ctx.jobs = screensHere ? { ...queue, worksHere: (name: string) => name === SCREEN_CHUNK_JOB } : queue;
  try {
    const res = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, REVIEW_MAPPING);
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    t.ctx.jobs = queue;
  }
  return batchId;
}

const resultsOf = (batchId: number) =>
  t.ctx.db
    .select({ rowIndex: batchResults.rowIndex, resultType: batchResults.resultType, source: batchResults.source, sourceRecordId: batchResults.sourceRecordId, score: batchResults.score, explanation: batchResults.explanation, reviewStatus: batchResults.reviewStatus, key: batchResults.searchCriteriaKey, record: batchResults.record })
    .from(batchResults)
    .where(eq(batchResults.batchId, batchId))
    .orderBy(batchResults.rowIndex, batchResults.id);
const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];

describe.skipIf(!!process.env.DATABASE_URL)('a submission’s head start (ADR 107)', () => {
  it('screens the first chunks while the rows are stored; their jobs take that screening, and store what a batch screened without it stores', async () => {
    const before = { ...headStartWork };
    const ahead = await submit(true);
    expect(headStartsHeld(t.ctx.db)).toBe(3);
    await queue.drain();
    expect(headStartsHeld(t.ctx.db)).toBe(0);
    expect(headStartWork).toEqual({ taken: before.taken + 3, refused: before.refused });
    const plain = await submit(false);
    expect(headStartsHeld(t.ctx.db)).toBe(0);
    await queue.drain();
    const [a, b] = [await batchOf(ahead), await batchOf(plain)];
    expect(a).toMatchObject({ status: 'Completed', rowsDone: 1500, hits: b.hits, toReview: b.toReview });
    expect(b.hits).toBeGreaterThan(0);
    const [got, want] = [await resultsOf(ahead), await resultsOf(plain)];
    expect(got.length).toBeGreaterThan(1500);
    expect(got).toEqual(want);
  }, 60_000);

  it('screens nothing ahead while the batch queue is paused', async () => {
    await writePause(t.ctx.db, true, 'test', new Date());
    try {
      const batchId = await submit(true);
      expect(headStartsHeld(t.ctx.db)).toBe(0);
      expect(await batchOf(batchId)).toMatchObject({ status: 'Submitted' });
    } finally {
      await writePause(t.ctx.db, false, 'test', new Date());
    }
    await queue.drain();
  }, 60_000);

  it('is not taken by a job that would screen the chunk otherwise (another threshold or list version), nor twice', async () => {
    const batchId = await submit(false);
    const batch = await batchOf(batchId);
    const rows = (await t.ctx.db.select({ rowIndex: batchRows.rowIndex, values: batchRows.values, uniqueId: batchRows.uniqueId }).from(batchRows).where(and(eq(batchRows.batchId, batchId))).orderBy(batchRows.rowIndex)) as RowInput[];
    const { version } = await currentScreening(t.ctx);
    const want = { batchId, submittedAt: batch.submittedAt, chunkIndex: 0, firstRow: 0, rowCount: 500, threshold: 0.8, version };
    expect(await startHeadScreening(t.ctx, batch, 0.8, rows)).toBe(3);
    const before = { ...headStartWork };
    expect(await takeHeadStart(t.ctx.db, { ...want, threshold: 0.9 })).toBeNull();
    expect(await takeHeadStart(t.ctx.db, { ...want, chunkIndex: 1, firstRow: 500, version: `${version},leie:999` })).toBeNull();
    const slices = await takeHeadStart(t.ctx.db, { ...want, chunkIndex: 2, firstRow: 1000 });
    expect(slices?.flatMap((s) => s.results).length).toBeGreaterThan(500);
    expect(await takeHeadStart(t.ctx.db, { ...want, chunkIndex: 2, firstRow: 1000 })).toBeNull();
    expect(headStartsHeld(t.ctx.db)).toBe(0);
    expect(headStartWork).toEqual({ taken: before.taken + 1, refused: before.refused + 2 });
    await queue.drain();
  }, 60_000);
});
