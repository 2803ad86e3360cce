import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RosterDetailSchema, RosterListSchema, RosterSchema, MONITORING_MESSAGES } from '#shared/monitoring';
import { BatchListSchema } from '#shared/batches';
import { HomeSummarySchema } from '#shared/home';
import { batchResults, monitoringAlerts, monitoringRuns } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { sweepMonitoringJob } from './jobs';
import { runMonitoring } from './run';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-monitoring-'));
const lines = readFileSync(leieFull, 'utf8').trimEnd().split('\n');
const HEADER = lines[0];
const line = (last: string) => lines.find((l) => l.startsWith(`"${last}"`))!;
const NEW_PEOPLE = [
  '"HALL","TERESA","ANN","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19660314","16 BIRCH COURT","AKRON","OH","44308","1128b4","20261020","00000000","00000000",""',
  '"YOUNG","CARL","","","INDIVIDUAL (UNAFFILI","NO KNOWN AFFILIATION","","0000000000","19521130","402 PINE ST","TULSA","OK","74103","1128a1","20261020","00000000","00000000",""',
];
const file = (name: string, rows: string[]) => {
  const p = path.join(tmp, name);
  writeFileSync(p, `${HEADER}\n${rows.join('\n')}\n`);
  return p;
};
// Rows 0–1 are the first chunk, 2–3 the second (batchChunkRows: 2).
const CSV = 'First Name,Last Name\nKathleen,Brennan\nTeresa,Hall\nAnil,Patel\nCarl,Young\n';

let t: TestApp;
let queue: JobQueue;
let owner: Agent;
let stranger: Agent;
let sourceBatchId: number;
let rosterId: number;
let rosterBatchId: number;

const at = (iso: string) => t.setNow(new Date(iso));
const importLeie = (files: string[], mode?: 'full' | 'incremental') => importList(t.ctx.db, { source: 'leie', files, origin: 'import', now: t.ctx.now(), mode, bulk: null });
const sweep = async () => {
  await queue.send(sweepMonitoringJob, {});
  await queue.drain();
};
const detail = async () => RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosterId}`)).json());
const alertsOf = async () => (await detail()).alerts.map((a) => ({ kind: a.kind, person: a.person, status: a.status })).sort((a, b) => a.person.localeCompare(b.person) || a.kind.localeCompare(b.kind));

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  at('2026-10-20T01:00:00Z');
  await importLeie([leieFull]);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  owner = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
  stranger = await signedIn(t, await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id }));
  at('2026-10-20T02:00:00Z');
  sourceBatchId = await submitBatch(owner, CSV);
  await queue.drain();
  // Patel is reviewed and cleared in the batch; Brennan is confirmed.
  const results = await t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, sourceBatchId));
  const idOf = (row: number) => results.find((r) => r.rowIndex === row && r.resultType === 'exclusions')!.id;
  expect((await owner.put(`/services/flexsearchs/${sourceBatchId}/result/${idOf(2)}`, { newStatus: 'CLEARED', comment: 'Other Anil Patel: different DOB' })).statusCode).toBe(200);
  expect((await owner.put(`/services/flexsearchs/${sourceBatchId}/result/${idOf(0)}`, { newStatus: 'HISTORICAL_MATCH', comment: 'Confirmed' })).statusCode).toBe(200);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('monitored rosters', () => {
  it('makes a roster of a finished batch’s people; another client sees nothing of it', async () => {
    at('2026-10-20T03:00:00Z');
    const res = await owner.post('/services/monitoring/rosters', { batchId: sourceBatchId, name: 'Nursing staff' });
    expect(res.statusCode, res.body).toBe(201);
    const roster = RosterSchema.parse(res.json());
    expect(roster).toMatchObject({ name: 'Nursing staff', people: 4, alerts: 0, sourceBatchId });
    ({ rosterId, batchId: rosterBatchId } = roster);
    expect((await owner.post('/services/monitoring/rosters', { batchId: sourceBatchId })).json().error.message).toBe(MONITORING_MESSAGES.alreadyMonitored);
    expect(RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json()).rosters.map((r) => r.rosterId)).toEqual([rosterId]);
    // The roster's own batch is not a search on the dashboard.
    expect(BatchListSchema.parse((await owner.get('/services/flexsearchs')).json()).items.map((b) => b.batchId)).toEqual([sourceBatchId]);

    expect((await stranger.get(`/services/monitoring/rosters/${rosterId}`)).statusCode).toBe(404);
    expect((await stranger.post('/services/monitoring/rosters', { batchId: sourceBatchId })).statusCode).toBe(404);
    expect((await stranger.get(`/services/flexsearchs/${rosterBatchId}/result`)).statusCode).toBe(404);
    expect(RosterListSchema.parse((await stranger.get('/services/monitoring/rosters')).json()).rosters).toEqual([]);
    expect((await new (owner.constructor as new (app: unknown) => Agent)(t.app).get('/services/monitoring/rosters')).statusCode).toBe(401);
  });

  it('screens the roster against an exclusion supplement only; a crash mid-run resumes and duplicates no alert', async () => {
    at('2026-10-20T04:00:00Z');
    await importLeie([file('2610EXCL.csv', NEW_PEOPLE)]);
    // The first alert of the second chunk dies with its transaction (a killed worker).
    await t.ctx.database.sql(`CREATE SEQUENCE crash_once;
      CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('crash_once') = 2 THEN RAISE EXCEPTION 'worker killed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER crash_once BEFORE INSERT ON monitoring_alerts FOR EACH ROW EXECUTE FUNCTION crash_once();`);
    await queue.send(sweepMonitoringJob, {});
    expect(await queue.drain(2)).toBe(2); // the sweep, and the run that dies
    const [run] = await t.ctx.db.select().from(monitoringRuns).where(eq(monitoringRuns.rosterId, rosterId));
    expect(run).toMatchObject({ status: 'running', rowsDone: 2, alertsCreated: 1, recordsScreened: 2, attempts: 1 });
    await t.ctx.database.sql('DROP TRIGGER crash_once ON monitoring_alerts; DROP FUNCTION crash_once(); DROP SEQUENCE crash_once;');
    await runMonitoring(t.ctx, run.id);
    await runMonitoring(t.ctx, run.id);
    await sweep();
    expect(await alertsOf()).toEqual([
      { kind: 'new-match', person: 'Carl Young', status: 'NONCLEARED' },
      { kind: 'new-match', person: 'Teresa Hall', status: 'NONCLEARED' },
    ]);
    const runs = await t.ctx.db.select().from(monitoringRuns).where(eq(monitoringRuns.rosterId, rosterId));
    expect(runs.map((r) => [r.status, r.alertsCreated])).toEqual([['done', 2]]);
    expect((await detail()).roster).toMatchObject({ alerts: 2, openAlerts: 2, lastScreenedAt: '2026-10-20T04:00:00.000Z' });
  });

  it('alerts are reviewed as batch results: status, note, history in the drawer', async () => {
    const [alert] = (await detail()).alerts.filter((a) => a.person === 'Teresa Hall');
    const res = await owner.put(`/services/flexsearchs/${rosterBatchId}/result/${alert.id}`, { newStatus: 'UNDER_REVIEW', comment: 'Asked HR for her date of birth' });
    expect(res.statusCode, res.body).toBe(200);
    const drawer = (await owner.get(`/services/flexsearchs/${rosterBatchId}/result/${alert.id}`)).json();
    expect(drawer.changeHistorys[0]).toMatchObject({ newStatus: 'UNDER_REVIEW', notes: 'Asked HR for her date of birth' });
    expect((await detail()).roster.openAlerts).toBe(2);
    expect((await stranger.put(`/services/flexsearchs/${rosterBatchId}/result/${alert.id}`, { newStatus: 'CLEARED', comment: '' })).statusCode).toBe(404);
  });

  it('a reinstatement of a confirmed match is a "no longer excluded" alert; a cleared match stays cleared while its record is unchanged', async () => {
    at('2026-10-20T05:00:00Z');
    const brennan = line('BRENNAN').replace(/"00000000","00000000",""\s*$/, '"20261101","00000000",""');
    await importLeie([file('2611REIN.csv', [brennan])]);
    await sweep();
    const alerts = await alertsOf();
    expect(alerts.filter((a) => a.kind === 'no-longer-excluded')).toEqual([{ kind: 'no-longer-excluded', person: 'Kathleen Brennan', status: 'NONCLEARED' }]);
    expect(alerts.some((a) => a.person === 'Anil Patel')).toBe(false);
    // Again: nothing new.
    await sweep();
    expect(await alertsOf()).toEqual(alerts);
  });

  it('a changed record of a cleared match is alerted for review again, naming the earlier clearing', async () => {
    at('2026-10-20T06:00:00Z');
    const kept = lines.slice(1).filter((l) => !l.startsWith('"BRENNAN"'));
    const moved = kept.map((l) => (l.startsWith('"PATEL"') ? l.replace('1500 OAK LANE', '9 NEW ROAD') : l));
    await importLeie([file('UPDATED.csv', [...moved, ...NEW_PEOPLE])], 'full');
    await sweep();
    const patel = (await detail()).alerts.filter((a) => a.person === 'Anil Patel');
    expect(patel).toMatchObject([{ kind: 'record-changed', status: 'NONCLEARED', latestNote: 'Cleared in an earlier batch, but the list record has changed since: review it again.' }]);
    const rows = await t.ctx.db.select().from(monitoringAlerts).where(eq(monitoringAlerts.rosterId, rosterId));
    expect(rows).toHaveLength(4);
  });

  it('the home page counts the open alerts and results by age, for the caller’s client only', async () => {
    const mine = HomeSummarySchema.parse((await owner.get('/services/home/summary')).json());
    expect(mine.review.alerts).toEqual({ total: 4, under7Days: 4, under30Days: 0, older: 0 });
    // The source batch: Brennan confirmed, Patel cleared; the two others had no match.
    expect(mine.review.results.total).toBe(0);
    expect(mine.lastBatches.map((b) => b.batchId)).toEqual([sourceBatchId]);
    expect(mine.month.searches).toBe(4);
    const theirs = HomeSummarySchema.parse((await stranger.get('/services/home/summary')).json());
    expect(theirs).toMatchObject({ review: { alerts: { total: 0 }, results: { total: 0 } }, month: { searches: 0 }, lastBatches: [] });
  });
});
