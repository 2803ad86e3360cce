import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema } from '#shared/account';
import { MONITORING_LINE } from '#shared/prices';
import { BatchListSchema } from '#shared/batches';
import { MatchDetailSchema } from '#shared/result-detail';
import { ExclusionPageSchema, NpiPageSchema, SsdmfPageSchema } from '#shared/results';
import { seedDemo } from '../src/cli/demo-seed';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { samplesAt: thisHour() });
  t.setNow(new Date('2026-05-15T10:00:00Z'));
  await seedDemo(t.ctx.db, t.ctx.now());
}, 60_000);
afterAll(() => t.close());

describe('demo batch results', () => {
  it('gives the demo owner a completed batch screened against the sample lists, with matches and decisions', async () => {
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const list = BatchListSchema.parse((await owner.get('/services/flexsearchs')).json());
    const batch = list.items.find((i) => i.fileName === 'acme-staff-roster.csv')!;
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 10 });
    expect(batch.hits).toBeGreaterThan(0);
    const base = `/services/flexsearchs/${batch.batchId}`;
    const page = ExclusionPageSchema.parse((await owner.get(`${base}/result`)).json());
    expect(page.records.length).toBeGreaterThanOrEqual(3);
    expect(new Set(page.records.map((r) => r.status))).toEqual(new Set(['UNDER_REVIEW', 'CLEARED', 'HISTORICAL_MATCH', ...(page.records.length > 3 ? ['NONCLEARED'] : [])]));
    const decided = page.records.find((r) => r.status === 'CLEARED')!;
    const detail = MatchDetailSchema.parse((await owner.get(`${base}/result/${decided.id}`)).json());
    expect(detail.changeHistorys).toMatchObject([{ modifiedBy: 'Olivia Owens', newStatus: 'CLEARED' }]);
    expect(detail.explanation).not.toBeNull();
    expect(detail.listVersion?.source).toBe(decided.source);
    expect(SsdmfPageSchema.parse((await owner.get(`${base}/ssdmfdetails`)).json()).total).toBe(10);
  });

  it("shows the rows carrying someone else's NPI as findings to review, and the providers under their own names as cleared", async () => {
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const list = BatchListSchema.parse((await owner.get('/services/flexsearchs')).json());
    const base = `/services/flexsearchs/${list.items.find((i) => i.fileName === 'acme-staff-roster.csv')!.batchId}`;
    const npi = NpiPageSchema.parse((await owner.get(`${base}/npidetails`)).json());
    expect(npi.total).toBe(10);
    const [borrowed, own] = [npi.npiSearches.slice(0, 8), npi.npiSearches.slice(8)];
    for (const r of borrowed) {
      expect(r, r.searchCriteriaKey).toMatchObject({ npiStatus: 'VALID', status: 'NONCLEARED', canChangeStatus: true });
      expect(r.findings.some((f) => f.startsWith('Name differs from NPPES'))).toBe(true);
      expect(r.findings.some((f) => f.startsWith('The same NPI is also used by row'))).toBe(true);
    }
    expect(own.map((r) => [r.status, r.canChangeStatus, r.findings])).toEqual([['CLEARED', false, []], ['CLEARED', false, []]]);
    const detail = MatchDetailSchema.parse((await owner.get(`${base}/npidetails/${borrowed[0].id}`)).json());
    const agreement = detail.details.find((s) => s.title === 'Name Agreement')!.data;
    expect(agreement['Name On Your List']).toBe(borrowed[0].name);
    expect(agreement['Name In NPPES']).toBe(borrowed[0].nppesName);
    expect(agreement.Agreement).toContain('may belong to someone else');
  });

  it('bills the demo batch’s searches, so the account page shows this month’s usage', async () => {
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const account = AccountDetailsSchema.parse((await owner.get('/services/account')).json());
    // The batch's three search options, ten rows each; the demo roster's monthly monitoring charge has its own line (ADR 052).
    const searches = account.lineItems.filter((l) => l.description !== MONITORING_LINE);
    expect(searches.map((l) => l.quantity)).toEqual([10, 10, 10]);
    expect(account.lineItems.filter((l) => l.description === MONITORING_LINE)).toHaveLength(1);
  });
});
