import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeSummarySchema } from '#shared/home';
import { MONITORING_OPTION } from '#shared/prices';
import { usageRecords } from '#server/db/schema';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { addUsage } from '#test/billing';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-12-04T12:00:00Z'));
});
afterAll(() => t.close());

const summaryOf = async (user: { username: string; password: string }) => HomeSummarySchema.parse((await (await signedIn(t, user)).get('/services/home/summary')).json()).month;

describe('the home page’s month', () => {
  it('of a trial: the searches left of the month’s, when they come back and when the trial ends, and no charges', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10, trialEndsAt: new Date('2027-01-20T09:00:00Z') });
    await addUsage(t, client.id, 'NAME', 3, new Date('2026-12-02T10:00:00Z'));
    // Last month's searches count no more.
    await addUsage(t, client.id, 'NAME', 5, new Date('2026-11-28T10:00:00Z'));
    const month = await summaryOf(await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'name_search_user'] }));
    expect(month).toEqual({ searches: 3, spend: null, monitoringSpend: null, trial: { searchesLeft: 7, searchesPerMonth: 10, resetsOn: '2027-01-01', endsOn: '2027-01-20' } });
  });

  it('of a paid account: the search charges and the monitoring charge apart', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
    await addUsage(t, client.id, 'NAME', 100, new Date('2026-12-02T10:00:00Z'));
    await addUsage(t, client.id, 'NPI', 10, new Date('2026-12-03T10:00:00Z'));
    await t.ctx.db.insert(usageRecords).values({ clientId: client.id, searchType: 'Monitoring', searchOption: MONITORING_OPTION, unitPriceCents: 10, quantity: 10, createdAt: new Date('2026-12-01T08:00:00Z') });
    const owner = await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user'] });
    expect(await summaryOf(owner)).toEqual({ searches: 110, spend: 17, monitoringSpend: 1, trial: null });
    // Who does not see the billing sees the count only.
    const analyst = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user'] });
    expect(await summaryOf(analyst)).toEqual({ searches: 110, spend: null, monitoringSpend: null, trial: null });
  });
});
