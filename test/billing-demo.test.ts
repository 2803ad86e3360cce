import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema, InvoiceListSchema } from '#shared/account';
import { seedDemo } from '../src/cli/demo-seed';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { samplesAt: thisHour() });
});
afterAll(() => t.close());

describe('demo billing', () => {
  it('gives the demo owner a card on file and the paid invoices of the months billed so far', async () => {
    t.setNow(new Date('2026-05-15T10:00:00Z'));
    await seedDemo(t.ctx.db, t.ctx.now());
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const details = AccountDetailsSchema.parse((await owner.get('/services/account')).json());
    expect(details).toMatchObject({ state: 'paid', teamType: 'MULTI_TEAM', cardLastFour: '1881', nextBillingDate: '2026-06-01', failedCharge: null });
    const invoices = InvoiceListSchema.parse((await owner.get('/services/account/invoices')).json());
    expect(invoices.map((i) => [i.period, i.issuedOn, i.status, i.total])).toEqual([
      ['2026-04', '2026-05-01', 'paid', 75],
      ['2026-03', '2026-04-01', 'paid', 75],
      ['2026-02', '2026-03-02', 'paid', 75],
    ]);
    const trial = new Agent(t.app);
    expect(await trial.login('trialuser', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    expect(AccountDetailsSchema.parse((await trial.get('/services/account')).json())).toMatchObject({ trial: true, trialSearchesLeft: 10 });
  }, 120_000); // seeds the whole demo: about 35 s on 2 cores
});
