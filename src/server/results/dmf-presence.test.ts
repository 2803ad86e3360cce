/**
 * The Death Master File is licensed: a deployment may not hold it (ADR 055). SSNs screened
 * without it are "not checked", never "not found": on the SSDMF tab, in its filter, in the
 * audit report and through the public API's result pages; and the check that did not run is
 * not billed. Once a DMF is loaded, the same batch answers found / not found as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSDMF_NOT_LOADED, SSDMF_STATUS_TEXTS } from '#shared/result-texts';
import { SsdmfPageSchema, type SsdmfPage } from '#shared/results';
import { emptyListRecord } from '#shared/list-record';
import { usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, leieRecords, refreshIndex, REVIEW_MAPPING, screenedBatch, SSN_DEAD } from '#test/results-setup';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  // LEIE only: this deployment holds no Death Master File.
  await activateVersion(t, 'leie', await leieRecords(), '2026-03-01');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user'] }));
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const MAPPING = { ...REVIEW_MAPPING, searchTypes: ['Exclusion Search by Individual Name', 'SSDMF'] };
const CSV = `Emp ID,First,Last,NPI,SSN,Dept\nE1,Luz,Ramirez,,${SSN_DEAD},Ward\nE2,Zed,Nobody,,987654323,Desk\n`;

async function ssdmfPage(batchId: number, q = ''): Promise<SsdmfPage> {
  const res = await agent.get(`/services/flexsearchs/${batchId}/ssdmfdetails${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return SsdmfPageSchema.parse(res.json());
}

const billedSsdmf = async (batchId: number) =>
  (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId))).filter((u) => u.searchType === 'SSDMF').reduce((n, u) => n + u.quantity, 0);

describe('SSN checks without a Death Master File', () => {
  let batchId: number;
  beforeAll(async () => {
    batchId = await screenedBatch(agent, queue, t, CSV, MAPPING, 'no-dmf.csv');
  });

  it('says the SSNs were not checked, with nothing to review, and filters them apart', async () => {
    const page = await ssdmfPage(batchId, '?requireTotal=true');
    expect(page.ssdmfResults).toHaveLength(2);
    for (const r of page.ssdmfResults) expect(r).toMatchObject({ id: null, ssdmfStatus: SSDMF_NOT_LOADED.text, ssdmfName: null, dateOfDeath: null });
    expect((await ssdmfPage(batchId, '?requireTotal=true&ssdmfStatus=NOT_LOADED')).total).toBe(2);
    expect((await ssdmfPage(batchId, `?requireTotal=true&ssdmfStatus=${encodeURIComponent(SSDMF_NOT_LOADED.text)}`)).total).toBe(2);
    expect((await ssdmfPage(batchId, '?requireTotal=true&ssdmfStatus=NOT_FOUND')).total).toBe(0);
  });

  it('the audit report says so too, and the check is not billed', async () => {
    const csv = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(SSDMF_NOT_LOADED.text);
    expect(csv.body).not.toContain(SSDMF_STATUS_TEXTS.NOT_FOUND);
    expect(await billedSsdmf(batchId)).toBe(0);
  });
});

describe('SSN checks once a Death Master File is loaded', () => {
  it('answers found and not found, and bills the checks', async () => {
    const dead = { ...emptyListRecord('dmf', SSN_DEAD, 'person'), firstName: 'LUZ', lastName: 'RAMIREZ', ssn: SSN_DEAD, dateOfBirth: '1988-01-12', dateOfDeath: '2025-05-05' };
    await activateVersion(t, 'dmf', [dead], '2026-03-03');
    await refreshIndex(t);
    const batchId = await screenedBatch(agent, queue, t, CSV, MAPPING, 'with-dmf.csv');
    const statuses = (await ssdmfPage(batchId)).ssdmfResults.map((r) => r.ssdmfStatus).sort();
    expect(statuses).toEqual([SSDMF_STATUS_TEXTS.FOUND, SSDMF_STATUS_TEXTS.NOT_FOUND]);
    expect(await billedSsdmf(batchId)).toBe(2);
  });
});
