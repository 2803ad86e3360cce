/**
 * Issue 14: the batch's own events are recorded as they happen (submit, cancel, resubmit with the
 * original submission kept, completion) and the audit report lists them with every status change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { pdfText } from '#test/pdf-text';
import { REVIEW_CSV, REVIEW_MAPPING, seedLists } from '#test/results-setup';
import { batchEventsOf, firstSubmittedAt } from './events';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let batchId: number;
const T1 = new Date('2026-04-02T09:00:00Z');
const T2 = new Date('2026-04-02T09:05:00Z');
const T3 = new Date('2026-04-02T09:10:00Z');

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(T1);
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Sam', lastName: 'Submitter' }));
  const up = await upload(agent, REVIEW_CSV, 'events.csv');
  batchId = up.json().batchId as number;
  expect((await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, REVIEW_MAPPING)).statusCode).toBe(200);
  // Cancelled before the workers start, then resubmitted later and screened.
  t.setNow(T2);
  expect((await agent.post(`/services/flexsearchs/${batchId}/kill`, {})).statusCode).toBe(200);
  await queue.drain();
  t.setNow(T3);
  expect((await agent.get(`/services/flexsearchs/${batchId}/resubmit`)).statusCode).toBe(200);
  await queue.drain();
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('batch events', () => {
  it('are recorded for upload, submit, cancel request, cancel, resubmit and completion, with who and when', async () => {
    const events = await batchEventsOf(t.ctx.db, batchId);
    expect(events.map((e) => [e.kind, e.userName, e.at.toISOString()])).toEqual([
      ['uploaded', 'Sam Submitter', T1.toISOString()],
      ['submitted', 'Sam Submitter', T1.toISOString()],
      ['cancel-requested', 'Sam Submitter', T2.toISOString()],
      ['cancelled', 'Clearlist', T2.toISOString()],
      ['resubmitted', 'Sam Submitter', T3.toISOString()],
      ['completed', 'Clearlist', T3.toISOString()],
    ]);
    expect(events[4].details).toMatchObject({ statusBefore: 'Cancelled', previousSubmittedAt: T1.toISOString() });
    // The batch's submittedAt moves to the resubmission; the first submission stays in the events.
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch.submittedAt?.toISOString()).toBe(T3.toISOString());
    expect(firstSubmittedAt(events)?.toISOString()).toBe(T1.toISOString());
  });

  it('are append-only', async () => {
    await expect(t.ctx.database.sql('UPDATE batch_events SET kind = kind')).rejects.toThrow();
    await expect(t.ctx.database.sql('DELETE FROM batch_events')).rejects.toThrow();
  });

  it('are in the audit report, with the first submission time kept', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf&tz=UTC`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const line of ['Submitted for screening', 'Cancel requested', 'Cancelled', 'Resubmitted', 'Screening completed', 'First Submitted At', '2026-04-02 09:00:00 UTC', '2026-04-02 09:10:00 UTC by Sam Submitter']) {
      expect(text, line).toContain(line);
    }
  });
});
