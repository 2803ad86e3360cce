/**
 * ADR 033: NPI results of batches screened before the name agreement and shared-NPI rules were
 * cleared on "valid and active" alone. The start-up re-check turns the disagreeing ones into
 * findings with a history entry saying why, once, and leaves a reviewer's decisions alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchDetailSchema } from '#shared/result-detail';
import { NpiPageSchema, type NpiResult } from '#shared/results';
import type { Db } from '#server/db/client';
import type { JobQueue } from '#server/jobs/queue';
import { batchEventsOf } from '#server/batches/events';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, npiOf, nppes, refreshIndex, screenedBatch, seedLists } from '#test/results-setup';
import { rowsOf } from '../db/rows';
import { NPI_RECHECK_ACTOR, recheckClearedNpiResults } from './npi-recheck';

const NPI_BRENNAN = npiOf('523456789');
const NPI_WALSH = npiOf('623456789');
const NPI_NOBODY = npiOf('723456789');
const NPI_CARTER = npiOf('823456789');
const CSV =
  'Emp ID,First,Last,NPI\n' +
  `R1,Kathleen,Brennan,${NPI_BRENNAN}\n` +
  `R2,Jennifer,Garcia,${NPI_WALSH}\n` +
  `R3,Zed,Nobody,${NPI_NOBODY}\n` +
  `R4,Zed,Nobody,${NPI_NOBODY}\n` +
  `R5,Oscar,Lee,${NPI_CARTER}\n`;
const MAPPING = { columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' }, searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let batchId: number;
const db = () => t.ctx.db as Db;

async function npiRows(): Promise<Map<string, NpiResult>> {
  const page = NpiPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/npidetails?limits=100`)).json());
  return new Map(page.npiSearches.map((r) => [r.searchCriteriaKey.split(':')[0], r]));
}
const historyCount = async () => (await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM review_history WHERE batch_id = ${batchId}`))[0].n;
const toReview = async () => (await rowsOf<{ n: number }>(db(), sql`SELECT to_review AS n FROM batches WHERE id = ${batchId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  await activateVersion(t, 'nppes', [nppes(NPI_BRENNAN, 'Kathleen', 'Brennan'), nppes(NPI_WALSH, 'William', 'Walsh'), nppes(NPI_NOBODY, 'Zed', 'Nobody'), nppes(NPI_CARTER, 'Mary', 'Carter')], '2026-03-05');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Rita', lastName: 'Reviewer' }));
  batchId = await screenedBatch(agent, queue, t, CSV, MAPPING, 'before-adr-023.csv');
  // A reviewer cleared R5 by hand (its name disagrees): a decision the re-check must keep.
  const r5 = (await npiRows()).get('R5')!;
  expect((await agent.put(`/services/flexsearchs/${batchId}/npidetails/${r5.id}`, { newStatus: 'CLEARED', comment: 'Checked the licence: her NPI.' })).statusCode).toBe(200);
  // The stored results as the screening before ADR 023 left them: cleared, no name compared, no shared NPIs.
  await t.ctx.db.execute(sql`UPDATE batch_results SET review_status = 'CLEARED', latest_note = CASE WHEN review_status = 'CLEARED' THEN latest_note END,
      explanation = (explanation - 'sharedWith' - 'sharedCount') || jsonb_build_object('npiCheck', (explanation->'npiCheck') || '{"nameAgreement": null}'::jsonb)
    WHERE batch_id = ${batchId} AND result_type = 'npi'`);
  await t.ctx.db.execute(sql`UPDATE batches SET to_review = 0 WHERE id = ${batchId}`);
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('the re-check of NPI results cleared before the name agreement rules', () => {
  it('turns a name that disagrees and an NPI on two rows into findings, with a history entry saying why', async () => {
    expect([...(await npiRows()).values()].every((r) => r.status === 'CLEARED')).toBe(true);
    const before = await historyCount();
    const outcome = await recheckClearedNpiResults(db(), new Date('2026-05-01T12:00:00Z'));
    expect(outcome).toEqual({ checked: 4, findings: 3 });
    const rows = await npiRows();
    expect(rows.get('R1')).toMatchObject({ status: 'CLEARED', findings: [] });
    expect(rows.get('R2')).toMatchObject({ status: 'NONCLEARED', canChangeStatus: true, findings: ['Name differs from NPPES: Walsh, William.'] });
    expect(rows.get('R3')).toMatchObject({ status: 'NONCLEARED', findings: ['The same NPI is also used by row 4 (R4) of this batch.'] });
    expect(rows.get('R4')).toMatchObject({ status: 'NONCLEARED', findings: ['The same NPI is also used by row 3 (R3) of this batch.'] });
    expect(await historyCount()).toBe(before + 3);
    expect(await toReview()).toBe(3);

    const detail = MatchDetailSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/npidetails/${rows.get('R2')!.id}`)).json());
    const entry = detail.changeHistorys.at(-1)!;
    expect(entry).toMatchObject({ newStatus: 'NONCLEARED', modifiedBy: NPI_RECHECK_ACTOR, modifiedDate: '2026-05-01T12:00:00.000Z' });
    expect(entry.notes).toContain('it had been cleared automatically');
    expect(entry.notes).toContain('Name differs from NPPES: Walsh, William.');
    expect(detail.details.find((s) => s.title === 'Name Agreement')?.data).toMatchObject({ 'Name On Your List': 'Jennifer Garcia', 'Name In NPPES': 'Walsh, William' });

    const events = await batchEventsOf(db(), batchId);
    expect(events.at(-1)).toMatchObject({ kind: 'npi-rechecked', userName: 'Clearlist', details: { checked: 4, findings: 3 } });
  });

  it("leaves a result a reviewer changed as the reviewer left it", async () => {
    const r5 = (await npiRows()).get('R5')!;
    expect(r5).toMatchObject({ status: 'CLEARED', latestNote: 'Checked the licence: her NPI.' });
    const [stored] = await rowsOf<{ rechecked: boolean }>(db(), sql`SELECT explanation ? 'sharedCount' AS rechecked FROM batch_results WHERE id = ${r5.id}`);
    expect(stored.rechecked).toBe(false);
  });

  it('is idempotent: a second run finds nothing to do and writes nothing', async () => {
    const before = await historyCount();
    const events = (await batchEventsOf(db(), batchId)).length;
    expect(await recheckClearedNpiResults(db(), new Date('2026-05-02T12:00:00Z'))).toEqual({ checked: 0, findings: 0 });
    expect(await historyCount()).toBe(before);
    expect((await batchEventsOf(db(), batchId)).length).toBe(events);
    expect(await toReview()).toBe(3);
  });
});
