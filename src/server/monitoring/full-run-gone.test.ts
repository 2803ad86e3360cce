/**
 * A full re-screen raises "no longer excluded" alerts (issue 20): an earlier finding that the
 * active lists no longer give the person. No list-change run names it when the person changed
 * (a new roster version corrected their name) rather than the list. Once: neither a resumed run,
 * a later list-change run removing the record, nor the next month's run alerts it twice; a
 * cleared finding stays cleared.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RosterDetailSchema, RosterSchema } from '#shared/monitoring';
import { RosterVersionSchema } from '#shared/roster-intake';
import { batchResults, monitoringAlerts, monitoringRuns } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { runMonitoring } from './run';
import { writeRunChunk, type AlertDraft } from './run-queries';
import { sweepRuns } from './sweep';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const HEADER = 'Employee Id,First Name,Last Name';
// Rows 0–1 are the first chunk, 2–3 the second (batchChunkRows: 2).
const FIRST = `${HEADER}\nE1,Kathleen,Brennan\nE2,Teresa,Hall\nE3,Daniel,Okafor\nE4,Anil,Patel\n`;
// HR corrects two surnames: neither person is on a list any more.
const SECOND = `${HEADER}\nE1,Kathleen,Brennan\nE2,Teresa,Hall\nE3,Daniel,Whitcombe\nE4,Anil,Sorensen\n`;
const MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdIndex: 0 };
const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-gone-'));

let t: TestApp;
let queue: JobQueue;
let owner: Agent;
let user: Awaited<ReturnType<typeof createUser>>;
let rosterId: number;
let rosterBatchId: number;

const at = async (iso: string) => {
  t.setNow(new Date(iso));
  if (user) owner = await signedIn(t, user);
};
const uploadId = async (csv: string) => {
  const res = await upload(owner, csv, 'staff.csv');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().batchId as number;
};
const runAll = async () => {
  await t.ctx.screening?.refreshIfChanged();
  for (const id of await sweepRuns(t.ctx.db, t.ctx.now())) await runMonitoring(t.ctx, id);
};
const alerts = async () => RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosterId}`)).json()).alerts;
const kinds = async () => (await alerts()).map((a) => `${a.kind}:${a.person}`).sort();

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  await at('2026-10-20T01:00:00Z');
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: t.ctx.now(), bulk: null });
  await t.ctx.screening?.refreshIfChanged();
  user = await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, roles: ['name_search_user'] });
  await at('2026-10-21T09:00:00Z');
  const res = await owner.post('/services/monitoring/rosters/upload', { uploadId: await uploadId(FIRST), name: 'Staff', mapping: MAPPING });
  expect(res.statusCode, res.body).toBe(201);
  ({ rosterId, batchId: rosterBatchId } = RosterSchema.parse(res.json()));
  await queue.drain();
  expect(await kinds()).toEqual(['new-match:E1: Kathleen Brennan', 'new-match:E3: Daniel Okafor', 'new-match:E4: Anil Patel']);
  const patel = (await alerts()).find((a) => a.person === 'E4: Anil Patel')!;
  expect((await owner.put(`/services/flexsearchs/${rosterBatchId}/result/${patel.id}`, { newStatus: 'CLEARED', comment: 'Another Anil Patel' })).statusCode).toBe(200);
  await at('2026-10-22T09:00:00Z');
  const version = RosterVersionSchema.parse((await owner.post(`/services/monitoring/rosters/${rosterId}/versions`, { uploadId: await uploadId(SECOND), mapping: MAPPING })).json());
  expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${version.versionId}/apply`)).statusCode).toBe(200);
  await queue.drain();
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a full re-screen and findings the lists no longer give', () => {
  it('alerts an open finding no longer found once, even when the run dies mid-way; a cleared one stays cleared', async () => {
    // Screening the corrected people found nothing new, and said nothing of the old findings
    // (an alert names the person as they were screened).
    expect(await kinds()).toEqual(['new-match:E1: Kathleen Brennan', 'new-match:E3: Daniel Okafor', 'new-match:E4: Anil Patel']);
    await at('2026-11-01T09:00:00Z');
    // The second chunk (Okafor, now Whitcombe, and Patel, now Sorensen) dies with its transaction once.
    await t.ctx.database.sql(`CREATE SEQUENCE crash_once;
      CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.row_index >= 2 AND nextval('crash_once') = 1 THEN RAISE EXCEPTION 'worker killed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER crash_once BEFORE INSERT ON monitoring_alerts FOR EACH ROW EXECUTE FUNCTION crash_once();`);
    const [runId] = await sweepRuns(t.ctx.db, t.ctx.now());
    await expect(runMonitoring(t.ctx, runId)).rejects.toThrow();
    const [dead] = await t.ctx.db.select().from(monitoringRuns).where(eq(monitoringRuns.id, runId));
    expect(dead).toMatchObject({ kind: 'full', status: 'running', rowsDone: 2 });
    await t.ctx.database.sql('DROP TRIGGER crash_once ON monitoring_alerts; DROP FUNCTION crash_once(); DROP SEQUENCE crash_once;');
    await runMonitoring(t.ctx, runId);
    await runMonitoring(t.ctx, runId);

    expect(await kinds()).toEqual(['new-match:E1: Kathleen Brennan', 'new-match:E3: Daniel Okafor', 'new-match:E4: Anil Patel', 'no-longer-excluded:E3: Daniel Okafor']);
    const gone = (await alerts()).find((a) => a.kind === 'no-longer-excluded')!;
    expect(gone).toMatchObject({ source: 'leie', status: 'NONCLEARED' });
    expect(gone.latestNote).toMatch(/^No longer a match: the monthly re-screen against the list's version( of \S+)? did not find this record for the person\. Check and record the person's status\.$/);
    const [row] = await t.ctx.db.select().from(monitoringAlerts).where(eq(monitoringAlerts.resultId, gone.id));
    expect(row).toMatchObject({ runId, rowIndex: 2, earlierResultId: expect.any(Number) });
  });

  it('a list-change run removing the record, and the next month’s run, alert nothing twice', async () => {
    await at('2026-11-02T06:00:00Z');
    const file = path.join(dir, 'without-okafor.csv');
    writeFileSync(file, readFileSync(leieFull, 'utf8').split('\n').filter((l) => !l.startsWith('"OKAFOR"')).join('\n'));
    await importList(t.ctx.db, { source: 'leie', files: [file], origin: 'import', now: t.ctx.now(), bulk: null });
    await runAll();
    const changeRuns = await t.ctx.db.select().from(monitoringRuns).where(and(eq(monitoringRuns.rosterId, rosterId), eq(monitoringRuns.kind, 'list-change')));
    expect(changeRuns.map((r) => r.status)).toEqual(['done']);
    await at('2026-12-01T09:00:00Z');
    await runAll();
    const full = await t.ctx.db.select().from(monitoringRuns).where(and(eq(monitoringRuns.rosterId, rosterId), eq(monitoringRuns.kind, 'full'))).orderBy(monitoringRuns.id);
    expect(full.map((r) => [r.period, r.status])).toEqual([['2026-11', 'done'], ['2026-12', 'done']]);
    expect((await alerts()).filter((a) => a.kind === 'no-longer-excluded')).toHaveLength(1);
    expect(await alerts()).toHaveLength(4);
  });

  it('two runs writing the same "no longer excluded" alert at once (two workers) write it once', async () => {
    // Kathleen Brennan's finding, which no run has alerted as gone yet.
    const [gone] = await t.ctx.db.select().from(monitoringAlerts).where(and(eq(monitoringAlerts.rosterId, rosterId), eq(monitoringAlerts.kind, 'new-match'), eq(monitoringAlerts.rowIndex, 0)));
    const [earlier] = await t.ctx.db.select().from(batchResults).where(eq(batchResults.id, gone.resultId));
    // Two runs that both read the alerts before either wrote: each holds the same draft.
    const runIds: number[] = [];
    for (const period of ['2027-01', '2027-02']) {
      const [run] = await t.ctx.db.insert(monitoringRuns).values({ rosterId, clientId: gone.clientId, kind: 'full', period, engineVersion: 'test', status: 'running' }).returning({ id: monitoringRuns.id });
      runIds.push(run.id);
    }
    const { id: _id, ...result } = earlier;
    const draft = (): AlertDraft => ({ kind: 'no-longer-excluded', earlierResultId: earlier.id, result: { ...result, latestNote: 'No longer on the list', createdAt: t.ctx.now() } });
    const write = (runId: number) =>
      writeRunChunk(t.ctx.db, { runId, rosterId, clientId: gone.clientId, batchId: rosterBatchId, firstRow: 0, nextRow: 4, recordsScreened: 1, drafts: [draft()], now: t.ctx.now(), afterResults: async () => undefined });
    const outcomes = await Promise.all(runIds.map(write));
    expect(outcomes.map((o) => o.written)).toEqual([true, true]);
    expect(outcomes.map((o) => o.alerts).sort()).toEqual([0, 1]);
    expect((await alerts()).filter((a) => a.kind === 'no-longer-excluded').map((a) => a.person).sort()).toEqual(['E1: Kathleen Brennan', 'E3: Daniel Okafor']);
  });
});
