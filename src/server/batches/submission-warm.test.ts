/** A submission starts the screening threads where this process screens the batch's chunks (ADR 098). */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '#server/db/schema';
import { writePause } from '#server/jobs/pause';
import { startJobQueue, type JobQueue } from '#server/jobs/queue';
import { JOBS } from '#server/jobs/registry';
import { closeScreeningPool, isScreeningPoolRunning } from '#server/screening/screener';
import { createIndexStore } from '#server/screening/index-store';
import { createTestApp, type TestApp } from '#test/app';
import { NAME_MAPPING, signedIn, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 1000, batchScreenWorkers: 1 });
  t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
  // The batch queue is paused: the batch's own job (which starts the threads too, ADR 088) waits.
  await writePause(t.ctx.db, true, 'test', new Date());
});
afterEach(async () => {
  await t.ctx.jobs?.stop();
  t.ctx.jobs = null;
  await closeScreeningPool();
});
afterAll(async () => {
  await closeScreeningPool();
  await t.close();
});

const CSV = 'First Name,Last Name\n' + Array.from({ length: 600 }, (_, i) => `Ann${i},Lee${i}\n`).join('');
const MAPPING = { columnMappings: NAME_MAPPING, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: null };

async function uploaded() {
  const agent = await signedIn(t, user);
  const res = await upload(agent, CSV);
  expect(res.statusCode, res.body).toBe(200);
  const batchId = res.json().batchId as number;
  const map = (dry: boolean) => agent.post(`/services/flexsearchs/${batchId}/columnmappings${dry ? '?dryrun=true' : ''}`, MAPPING);
  return { batchId, map };
}

/** Whether the pool is running within `ms` (its start is not awaited by the request). */
async function poolStartsWithin(ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (isScreeningPoolRunning()) return true;
  return isScreeningPoolRunning();
}

async function queueWorking(work: boolean): Promise<JobQueue> {
  t.ctx.jobs = await startJobQueue(t.ctx, JOBS, { work, schedule: false });
  return t.ctx.jobs;
}

describe('the screening threads at a submission', () => {
  it('start as the batch is submitted, before its job runs, where this process works the chunk queue', async () => {
    await queueWorking(true);
    const { batchId, map } = await uploaded();
    expect((await map(true)).statusCode).toBe(200);
    expect(await poolStartsWithin(300)).toBe(false);
    const res = await map(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(await poolStartsWithin(10_000)).toBe(true);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch.status).toBe('Submitted');
  });

  it('do not start in a process that leaves the chunks to others', async () => {
    await queueWorking(false);
    const { map } = await uploaded();
    const res = await map(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(await poolStartsWithin(500)).toBe(false);
  });
});
