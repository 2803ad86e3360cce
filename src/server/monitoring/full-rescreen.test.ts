import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RosterDetailSchema, RosterSchema } from '#shared/monitoring';
import { MONITORING_LINE, MONITORING_OPTION } from '#shared/prices';
import { batchResults, monitoredRosters, monitoringCertificates, monitoringFindings, monitoringRuns, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { usageLines } from '#server/billing/usage-lines';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { pdfText } from '#test/pdf-text';
import { sweepMonitoringJob } from './jobs';
import { runMonitoring } from './run';
import { sweepRuns } from './sweep';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const samFile = fileURLToPath(new URL('../../lists/sam/fixtures/SAM_Exclusions_Public_Extract_V2_24096.CSV', import.meta.url));
// Rows 0–1 are the first chunk, 2–3 the second (batchChunkRows: 2).
const CSV = 'First Name,Last Name\nKathleen,Brennan\nAnil,Patel\nTeresa,Hall\nDaniel,Okafor\n';

let t: TestApp;
let queue: JobQueue;
let owner: Agent;
let stranger: Agent;
let users: { owner: Awaited<ReturnType<typeof createUser>>; stranger: Awaited<ReturnType<typeof createUser>> };
let clientId: number;
let rosterId: number;
let rosterBatchId: number;

/** Moves the clock; sessions last 12 hours, so both callers sign in again. */
const at = async (iso: string) => {
  t.setNow(new Date(iso));
  if (users) {
    owner = await signedIn(t, users.owner);
    stranger = await signedIn(t, users.stranger);
  }
};
const sweep = async () => {
  await queue.send(sweepMonitoringJob, {});
  await queue.drain();
};
const detail = async () => RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosterId}`)).json());
const fullRuns = () => t.ctx.db.select().from(monitoringRuns).where(and(eq(monitoringRuns.rosterId, rosterId), eq(monitoringRuns.kind, 'full'))).orderBy(monitoringRuns.id);
const charges = () => t.ctx.db.select().from(usageRecords).where(and(eq(usageRecords.clientId, clientId), eq(usageRecords.searchOption, MONITORING_OPTION)));
const alertCount = async () => (await t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, rosterBatchId))).length;

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  await at('2026-10-20T01:00:00Z');
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: t.ctx.now(), bulk: null });
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  clientId = client.id;
  users = { owner: await createUser(t.ctx.db, { clientId }), stranger: await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id }) };
  owner = await signedIn(t, users.owner);
  stranger = await signedIn(t, users.stranger);
  await at('2026-10-20T02:00:00Z');
  const sourceBatchId = await submitBatch(owner, CSV);
  await queue.drain();
  const results = await t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, sourceBatchId));
  const idOf = (row: number) => results.find((r) => r.rowIndex === row && r.resultType === 'exclusions')!.id;
  expect((await owner.put(`/services/flexsearchs/${sourceBatchId}/result/${idOf(1)}`, { newStatus: 'CLEARED', comment: 'Other Anil Patel: different DOB' })).statusCode).toBe(200);
  expect((await owner.put(`/services/flexsearchs/${sourceBatchId}/result/${idOf(0)}`, { newStatus: 'HISTORICAL_MATCH', comment: 'Confirmed' })).statusCode).toBe(200);
  await at('2026-10-20T03:00:00Z');
  const roster = RosterSchema.parse((await owner.post('/services/monitoring/rosters', { batchId: sourceBatchId, name: 'Clinical staff' })).json());
  ({ rosterId, batchId: rosterBatchId } = roster);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('the scheduled full re-screen (ADR 051)', () => {
  it('is monthly on the 1st by default, from the month after the roster’s batch; the client moves the day', async () => {
    expect((await detail()).roster).toMatchObject({ rescreenDay: 1, nextRunAt: '2026-11-01T08:00:00.000Z', lastFullRunAt: null });
    const bad = await owner.put(`/services/monitoring/rosters/${rosterId}/schedule`, { rescreenDay: 31 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a day of the month from 1 to 28');
    expect((await stranger.put(`/services/monitoring/rosters/${rosterId}/schedule`, { rescreenDay: 5 })).statusCode).toBe(404);
    const moved = await owner.put(`/services/monitoring/rosters/${rosterId}/schedule`, { rescreenDay: 15 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(RosterSchema.parse(moved.json())).toMatchObject({ rescreenDay: 15, nextRunAt: '2026-11-15T08:00:00.000Z' });
    // Back to the 1st; the 25th of October has no run owed, and a first SAM version (no diff) screens nothing.
    await owner.put(`/services/monitoring/rosters/${rosterId}/schedule`, { rescreenDay: 1 });
    await at('2026-10-25T09:00:00Z');
    await importList(t.ctx.db, { source: 'sam', files: [samFile], origin: 'import', now: t.ctx.now(), bulk: null });
    await t.ctx.screening?.refreshIfChanged();
    await sweep();
    expect(await fullRuns()).toEqual([]);
    expect(await alertCount()).toBe(0);
  });

  it('screens every member against every list on the day, alerts what is new, issues a certificate and charges the month once', async () => {
    await at('2026-11-01T09:00:00Z');
    await sweep();
    const [run] = await fullRuns();
    expect(run).toMatchObject({ status: 'done', period: '2026-11', reason: 'schedule', rowsDone: 4 });
    const d = await detail();
    // SAM's first version had no diff to screen: Okafor's and Brennan's SAM records are new to them.
    expect(d.alerts.map((a) => [a.person, a.kind, a.source]).sort()).toEqual([
      ['Daniel Okafor', 'new-record', 'sam'],
      ['Kathleen Brennan', 'new-record', 'sam'],
    ]);
    const findings = await t.ctx.db.select().from(monitoringFindings).where(eq(monitoringFindings.runId, run.id));
    expect(findings.map((f) => `${f.rowIndex}:${f.source}`).sort()).toEqual(['0:leie', '0:sam', '1:leie', '3:leie', '3:sam']);
    expect(d.roster).toMatchObject({ lastFullRunAt: '2026-11-01T09:00:00.000Z', nextRunAt: '2026-12-01T08:00:00.000Z' });
    expect(d.certificates).toEqual([{ certificateId: expect.any(Number), runId: run.id, period: '2026-11', issuedAt: '2026-11-01T09:00:00.000Z', people: 4, findings: 5, openFindings: 3 }]);
    expect(d.runs[0]).toMatchObject({ kind: 'full', period: '2026-11', reason: 'schedule', status: 'done' });
    expect((await charges()).map((c) => [c.quantity, c.unitPriceCents, c.rowIndex])).toEqual([[4, 10, 202611]]);
    const lines = await usageLines(t.ctx.db, clientId, new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(lines).toEqual([{ description: MONITORING_LINE, searchOption: null, unitPriceCents: 10, quantity: 4, totalCents: 40 }]);

    // Again the same day: nothing new, nothing charged twice.
    await sweep();
    await runMonitoring(t.ctx, run.id);
    expect(await fullRuns()).toHaveLength(1);
    expect(await charges()).toHaveLength(1);
  });

  it('the certificate is a PDF of the client’s own: another client’s caller, or another roster’s id, is 404', async () => {
    const [cert] = (await detail()).certificates;
    const url = `/services/monitoring/rosters/${rosterId}/certificates/${cert.certificateId}/pdf`;
    const res = await owner.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="monitoring-certificate-Clinical-staff-2026-11.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Only LEIE and SAM are loaded: the state lists the roster's search asks for are named as not searched (ADR 114).
    const text = pdfText(res.rawPayload);
    for (const words of ['Lists Screened', 'SAM.gov Exclusions', 'Not Searched', 'not loaded yet']) expect(text, words).toContain(words);
    expect(text).not.toContain('synthetic sample');
    // The matching rules in words, their version in brackets (issue 55).
    expect(text).toContain('Matching Rules');
    expect(text).not.toContain('Matching Rules Version');
    expect(text).toMatch(/\n[A-Z][a-z]+ 20\d\d \(fuzzy-20\d\d\.\d\d-\w+\)\n/);
    const [stored] = await t.ctx.db.select().from(monitoringCertificates).where(eq(monitoringCertificates.id, cert.certificateId));
    expect(Buffer.compare(stored.pdf, res.rawPayload)).toBe(0);
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await owner.get(`/services/monitoring/rosters/${rosterId + 1000}/certificates/${cert.certificateId}/pdf`)).statusCode).toBe(404);
    expect((await owner.get(`/services/monitoring/rosters/${rosterId}/certificates/${cert.certificateId + 1000}/pdf`)).statusCode).toBe(404);
  });

  it('a new engine version re-screens in full at once, without a second charge for the month', async () => {
    await at('2026-11-10T09:00:00Z');
    const before = await alertCount();
    for (const id of await sweepRuns(t.ctx.db, t.ctx.now(), 'fuzzy-next')) await runMonitoring(t.ctx, id);
    const runs = await fullRuns();
    expect(runs.map((r) => [r.period, r.reason, r.engineVersion, r.status])).toEqual([
      ['2026-11', 'schedule', expect.any(String), 'done'],
      ['2026-11', 'engine', 'fuzzy-next', 'done'],
    ]);
    expect(await alertCount()).toBe(before);
    const [roster] = await t.ctx.db.select().from(monitoredRosters).where(eq(monitoredRosters.id, rosterId));
    expect(roster.engineVersion).toBe('fuzzy-next');
    expect((await detail()).certificates).toHaveLength(2);
    expect(await charges()).toHaveLength(1);
    // The same engine again: nothing owed.
    expect(await sweepRuns(t.ctx.db, t.ctx.now(), 'fuzzy-next')).toEqual([]);
  });

  it('a run that dies mid-way resumes at the next chunk: no finding, alert, certificate or charge twice', async () => {
    await at('2026-12-01T09:00:00Z');
    // The second chunk's findings die with their transaction (a killed worker).
    await t.ctx.database.sql(`CREATE SEQUENCE crash_once;
      CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.row_index >= 2 AND nextval('crash_once') = 1 THEN RAISE EXCEPTION 'worker killed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER crash_once BEFORE INSERT ON monitoring_findings FOR EACH ROW EXECUTE FUNCTION crash_once();`);
    const before = await alertCount();
    const [id] = await sweepRuns(t.ctx.db, t.ctx.now(), 'fuzzy-next');
    await expect(runMonitoring(t.ctx, id)).rejects.toThrow();
    const [dead] = (await fullRuns()).filter((r) => r.id === id);
    expect(dead).toMatchObject({ status: 'running', rowsDone: 2, period: '2026-12' });
    await t.ctx.database.sql('DROP TRIGGER crash_once ON monitoring_findings; DROP FUNCTION crash_once(); DROP SEQUENCE crash_once;');
    await runMonitoring(t.ctx, id);
    await runMonitoring(t.ctx, id);
    const findings = await t.ctx.db.select().from(monitoringFindings).where(eq(monitoringFindings.runId, id));
    expect(findings).toHaveLength(5);
    expect(await alertCount()).toBe(before);
    expect((await detail()).certificates.map((c) => c.period)).toEqual(['2026-12', '2026-11', '2026-11']);
    expect((await charges()).map((c) => c.rowIndex).sort()).toEqual([202611, 202612]);
  });
});
