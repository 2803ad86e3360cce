/**
 * A batch's page and its audit report say which screening run wrote each chunk (issue 50): a
 * batch whose chunk was begun by a process that died, then screened by another attempt, shows it
 * was screened whole, and by whom. Another client's batch answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreeningRunsSchema } from '#shared/screening-runs';
import type { JobQueue } from '#server/jobs/queue';
import { PROCESS_CLAIM, startBatch } from '#server/batches/processing';
import { startChunkAttempt } from '#server/batches/processing-queries';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { pdfText } from '#test/pdf-text';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let batchId: number;
const now = new Date('2026-04-02T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 }, { samplesAt: now });
  t.setNow(now);
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
  batchId = await submitBatch(agent, 'First Name,Last Name\nChristopher,Davis\nAnn,Lee\nZqxa,Wlorp\nQuinta,Vrask\nMia,Stone\n');
  await startBatch(t.ctx, batchId, async () => undefined);
  // The second chunk's first attempt died with its process: the queue's job claims it again.
  await startChunkAttempt(t.ctx.db, batchId, 1, now, 'gone-host:77:dead00');
  await queue.drain();
}, 60_000);
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('the screening runs of a batch', () => {
  it('names, per chunk of rows, the attempt and process that wrote it, and the chunk screened again', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/screening-runs`);
    expect(res.statusCode, res.body).toBe(200);
    const runs = ScreeningRunsSchema.parse(res.json());
    expect(runs.summary).toBe('3 chunks, each written whole by one screening run; one was screened again after an earlier attempt stopped (chunk 2).');
    expect(runs.chunks.map((c) => [c.firstRow, c.lastRow, c.run, c.attempts, c.rowsScreened])).toEqual([
      [1, 2, 1, 1, 2],
      [3, 4, 2, 2, 2],
      [5, 5, 1, 1, 1],
    ]);
    expect(runs.chunks.every((c) => c.process === PROCESS_CLAIM && c.writtenAt !== null && c.screenedWith?.includes('leie:'))).toBe(true);
  });

  it('are in the audit report', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf&tz=UTC`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('How The Rows Were Screened');
    expect(text).toContain('one was screened again after an earlier attempt stopped (chunk 2)');
    expect(text).toContain(`attempt 2, process ${PROCESS_CLAIM}`);
  });

  it('of another client’s batch answer 404', async () => {
    const other = await signedIn(t, await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id }));
    expect((await other.get(`/services/flexsearchs/${batchId}/screening-runs`)).statusCode).toBe(404);
  });
});
