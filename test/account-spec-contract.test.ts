/**
 * Contract tests against the spec's wording (accounts-and-access §3 "Account details response"):
 * a client written against the spec reads every field it names, with the spec's meaning.
 * Money is dollars rounded to the cent (ADR 028).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceListSchema } from '#shared/account';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { addUsage, signUp } from '#test/billing';
import { seedDemo } from '../src/cli/demo-seed';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { samplesAt: thisHour() });
});
afterAll(() => t.close());

/** "disabling, basePricingItem (with price), nextBillingDate, lineItems (description, unitPrice,
 * quantity, total), searchOptions, teamType, the payment provider's customer id, trial,
 * trialSearchesLeft" — read as untyped JSON, as a client of the spec would. */
const SPEC_FIELDS = ['disabling', 'basePricingItem', 'nextBillingDate', 'lineItems', 'searchOptions', 'teamType', 'braintreeCustomerId', 'trial', 'trialSearchesLeft'];
const SPEC_LINE_ITEM_FIELDS = ['description', 'unitPrice', 'quantity', 'total'];

describe('GET /services/account answers the spec’s field names', () => {
  it('gives a paid account’s price, line items and totals in dollars under the spec’s names', async () => {
    t.setNow(new Date('2026-06-10T15:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
    await addUsage(t, paid.clientId, 'NAME', 3, new Date('2026-06-10T15:10:00Z'));
    await addUsage(t, paid.clientId, 'SSNDMF', 7, new Date('2026-06-10T15:20:00Z'));
    t.setNow(new Date('2026-06-12T15:00:00Z'));
    await paid.relogin();
    const body = (await paid.agent.get('/services/account')).json() as Record<string, unknown>;
    for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
    expect(body.basePricingItem).toMatchObject({ price: 75 });
    const lines = body.lineItems as Record<string, unknown>[];
    for (const line of lines) for (const field of SPEC_LINE_ITEM_FIELDS) expect(line, field).toHaveProperty(field);
    expect(lines.map((l) => [l.description, l.unitPrice, l.quantity, l.total])).toEqual([
      ['Name Search', 0.15, 3, 0.45],
      ['SSN Death Master File', 0.05, 7, 0.35],
    ]);
    expect(body).toMatchObject({ disabling: false, trial: false, trialSearchesLeft: null, teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'SSNDMF'], nextBillingDate: '2026-07-01' });
    expect(typeof body.braintreeCustomerId).toBe('string');
    // No amount is answered in cents any more: one unit for money in every answer.
    expect(JSON.stringify(body)).not.toMatch(/Cents"/);
  });

  it('gives a trial its searches left and no price', async () => {
    t.setNow(new Date('2026-06-10T15:00:00Z'));
    const trial = await signUp(t, { planType: 'FREE' });
    const body = (await trial.agent.get('/services/account')).json() as Record<string, unknown>;
    for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
    expect(body).toMatchObject({ trial: true, disabling: false, trialSearchesLeft: 10, basePricingItem: null, lineItems: [], nextBillingDate: null });
  });

  it('answers invoice totals in dollars too', async () => {
    t.setNow(new Date('2026-05-15T10:00:00Z'));
    await seedDemo(t.ctx.db, t.ctx.now());
    const owner = new Agent(t.app);
    expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
    const res = await owner.get('/services/account/invoices');
    expect(res.body).not.toMatch(/Cents"/);
    expect(InvoiceListSchema.parse(res.json())[0]).toMatchObject({ period: '2026-04', total: 75 });
  }, 120_000); // seeds the whole demo (every account, hashed passwords, a screened batch): about 35 s on 2 cores
});
