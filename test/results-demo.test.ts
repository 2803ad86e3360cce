import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema } from '#shared/account';
import { BatchListSchema } from '#shared/batches';
import { ExclusionPageSchema, MatchDetailSchema, NpiPageSchema, SsdmfPageSchema } from '#shared/results';
import { seedDemo } from '../src/cli/demo-seed';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 8 });
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
    expect(NpiPageSchema.parse((await owner.get(`${base}/npidetails`)).json()).total).toBe(8);
    expect(SsdmfPageSchema.parse((await owner.get(`${base}/ssdmfdetails`)).json()).total).toBe(8);
  });

  it('bills the demo batch’s searches, so the account page shows this month’s usage', async () => {
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const account = AccountDetailsSchema.parse((await owner.get('/services/account')).json());
    expect(account.lineItems.map((l) => l.quantity)).toEqual([8, 8, 8]);
  });
});
