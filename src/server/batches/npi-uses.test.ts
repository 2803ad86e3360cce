/** The shared NPIs of a batch: read from its rows, or remembered from the submission made in this process. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { batchNpiUses } from './npi-uses';

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({});
  // Jobs are queued, not run: nothing reads the rows before the test does.
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const CSV = 'First,Last,NPI,Id\nKathleen,Brennan,1234567893,E1\nAnn,Lee,,E2\nAnil,Patel,1000000012,E3\nLuz,Ramirez,1234567893,E4\nBo,Chan,1234567893,E5\n';
const MAPPING = {
  columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' },
  searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'],
  uniqueIdIndex: 3,
};
const SHARED = new Map([['1234567893', [{ rowIndex: 0, uniqueId: 'E1' }, { rowIndex: 3, uniqueId: 'E4' }, { rowIndex: 4, uniqueId: 'E5' }]]]);

describe('the shared NPIs of a batch', () => {
  it('are remembered from the rows a submission stored: its chunks do not read them back', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    // The rows read now would share nothing: what answers is what the submission stored.
    await t.ctx.db.execute(sql`UPDATE batch_rows SET "values" = "values" - 'NPI' WHERE batch_id = ${batchId}`);
    expect(await batchNpiUses(t.ctx.db, batch)).toEqual(SHARED);
    // Another key (a resubmission) reads the rows as they are.
    expect(await batchNpiUses(t.ctx.db, { id: batchId, submittedAt: new Date(0) })).toEqual(new Map());
  });

  it('read from the rows, in row order, equal what the submission remembered', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(await batchNpiUses(t.ctx.db, { id: batchId, submittedAt: null })).toEqual(await batchNpiUses(t.ctx.db, batch));
  });
});
