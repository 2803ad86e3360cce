import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema, ACCOUNT_MESSAGES } from '#shared/account';
import { ClientTokenSchema } from '#shared/registration';
import { billingAccounts, clients, userRoles } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { addUsage, putJsonString, signUp } from '#test/billing';
import { createUser } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = async (agent: Agent) => {
  const res = await agent.get('/services/account');
  expect(res.statusCode, res.body).toBe(200);
  return AccountDetailsSchema.parse(res.json());
};
const error = (res: { statusCode: number; json(): unknown }) => (res.json() as { error: { message: string } }).error.message;

describe('GET /services/account: trial view', () => {
  it('shows searches left of 10 this month, resetting on the first', async () => {
    t.setNow(new Date('2026-03-30T12:00:00Z'));
    const trial = await signUp(t, { planType: 'FREE' });
    await addUsage(t, trial.clientId, 'NAME', 3, new Date('2026-03-02T10:00:00Z'));
    await addUsage(t, trial.clientId, 'NPI', 4, new Date('2026-03-30T08:00:00Z'));
    await addUsage(t, trial.clientId, 'NAME', 5, new Date('2026-02-27T08:00:00Z')); // last month: not counted
    const march = await details(trial.agent);
    expect(march).toMatchObject({ trial: true, state: 'trial', trialSearchesLeft: 3, trialSearchesPerMonth: 10, trialResetsOn: '2026-04-01', basePricingItem: null, nextBillingDate: null, searchOptions: ['NAME', 'NPI'] });
    // Signed up on 30 March 12:00: the trial ends 90 days later, on 28 June.
    expect(march.trialEndsOn).toBe('2026-06-28');

    t.setNow(new Date('2026-04-01T00:00:01Z'));
    await trial.relogin();
    expect((await details(trial.agent)).trialSearchesLeft).toBe(10);
    await addUsage(t, trial.clientId, 'NAME', 12, new Date('2026-04-01T00:00:00Z'));
    expect((await details(trial.agent)).trialSearchesLeft).toBe(0);
  });
});

describe('GET /services/account: paid view', () => {
  it('shows plan, this month’s usage by search option, next billing date and the card', async () => {
    t.setNow(new Date('2026-04-20T15:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI', 'OFAC'] });
    await addUsage(t, paid.clientId, 'NAME', 40, new Date('2026-04-20T15:10:00Z'));
    await addUsage(t, paid.clientId, 'NAME', 2, new Date('2026-04-21T09:00:00Z'));
    await addUsage(t, paid.clientId, 'NPI', 7, new Date('2026-04-22T09:00:00Z'));
    await addUsage(t, paid.clientId, 'OFAC', 42, new Date('2026-04-22T09:00:00Z'));
    t.setNow(new Date('2026-04-25T15:00:00Z'));
    await paid.relogin();
    const d = await details(paid.agent);
    expect(d).toMatchObject({
      trial: false,
      disabling: false,
      state: 'paid',
      teamType: 'SINGLE',
      basePricingItem: { description: 'Single Team plan', price: 30 },
      nextBillingDate: '2026-05-01',
      cardLastFour: '1881',
      trialSearchesLeft: null,
      failedCharge: null,
    });
    expect(d.braintreeCustomerId).toMatch(/^offline_cus_/);
    expect(d.lineItems).toEqual([
      { description: 'Name Search', searchOption: 'NAME', unitPrice: 0.15, quantity: 42, total: 6.3 },
      { description: 'NPI Search', searchOption: 'NPI', unitPrice: 0.2, quantity: 7, total: 1.4 },
      { description: 'OFAC (add-on to the name search)', searchOption: 'OFAC', unitPrice: 0.05, quantity: 42, total: 2.1 },
    ]);
    // Paying from 20 April: 11 of 30 days of the $30 plan ($11.00), as the invoice will bill it, plus $9.80 of searches.
    expect(d.planItems).toEqual([{ description: 'Single Team plan, April 2026 (from 2026-04-20)', searchOption: null, unitPrice: 11, quantity: 1, total: 11 }]);
    expect(d.monthToDate).toBe(20.8);
  });

  it('is the account owner’s only, and the operator has none', async () => {
    const paid = await signUp(t, { planType: 'COMPANY' });
    const member = await createUser(t.ctx.db, { clientId: paid.clientId, roles: ['paying_user', 'name_search_user'] });
    const agent = new Agent(t.app);
    await agent.login(member.username, member.password);
    expect((await agent.get('/services/account')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/services/account')).statusCode).toBe(401);
    const admin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    await t.ctx.db.update(clients).set({ planType: 'OPERATOR' }).where(eq(clients.id, admin.clientId));
    const adminAgent = new Agent(t.app);
    await adminAgent.login(admin.username, admin.password);
    expect((await adminAgent.get('/services/account')).statusCode).toBe(404);
  });
});

describe('PUT /services/account: trial upgrade', () => {
  it('turns the trial into a paid company account with the card, keeping NAME', async () => {
    t.setNow(new Date('2026-06-10T12:00:00Z'));
    const trial = await signUp(t, { planType: 'FREE' });
    const res = await trial.agent.put('/services/account', { nonce: 'fake-valid-mastercard-nonce', searchOptions: ['NPI', 'SSNDMF'], teamType: 'MULTI_TEAM' });
    expect(res.statusCode, res.body).toBe(200);
    const d = AccountDetailsSchema.parse(res.json());
    expect(d).toMatchObject({ trial: false, state: 'paid', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'SSNDMF'], cardLastFour: '4444', basePricingItem: { price: 75 } });
    const [client] = await t.ctx.db.select().from(clients).where(eq(clients.id, trial.clientId));
    expect(client).toMatchObject({ planType: 'COMPANY', trialEndsAt: null, trialSearchesPerMonth: null });
    const roles = (await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, trial.userId))).map((r) => r.role).sort();
    expect(roles).toEqual(['account_owner_user', 'domain_admin_user', 'name_search_user', 'npi_search_user', 'paying_user']);
    const [account] = await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.clientId, trial.clientId));
    expect(account.paidSince.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    // Only once.
    const again = await trial.agent.put('/services/account', { nonce: 'fake-valid-nonce', searchOptions: ['NAME'], teamType: 'SINGLE' });
    expect(again.statusCode).toBe(400);
    expect(error(again)).toBe(ACCOUNT_MESSAGES.notTrial);
  });

  it('refuses a declined card with the provider’s reason in plain words and changes nothing', async () => {
    const trial = await signUp(t, { planType: 'FREE' });
    const res = await trial.agent.put('/services/account', { nonce: 'fake-processor-declined-visa-nonce', searchOptions: ['NAME'], teamType: 'SINGLE' });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toBe('Your bank declined the card without giving a reason. Please call the bank or use another card.');
    expect((await details(trial.agent)).trial).toBe(true);
  });
});

describe('PUT /services/account/searchoptions', () => {
  it('adds search types, giving the client’s users the search roles', async () => {
    const paid = await signUp(t, { planType: 'COMPANY', searchOptions: ['NAME'] });
    const res = await paid.agent.put('/services/account/searchoptions', ['NAME', 'NPI', 'SSNDMF']);
    expect(res.statusCode, res.body).toBe(200);
    expect(AccountDetailsSchema.parse(res.json()).searchOptions).toEqual(['NAME', 'NPI', 'SSNDMF']);
    const roles = (await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, paid.userId))).map((r) => r.role);
    expect(roles).toContain('npi_search_user');
  });

  it('never removes one, and needs a new one', async () => {
    const paid = await signUp(t, { planType: 'COMPANY', searchOptions: ['NAME', 'NPI'] });
    const removing = await paid.agent.put('/services/account/searchoptions', ['NAME', 'OFAC']);
    expect(removing.statusCode).toBe(400);
    expect(error(removing)).toBe(ACCOUNT_MESSAGES.cannotRemoveSearchTypes);
    const same = await paid.agent.put('/services/account/searchoptions', ['NPI', 'NAME']);
    expect(error(same)).toBe(ACCOUNT_MESSAGES.noNewSearchTypes);
    const npiOnly = await signUp(t, { planType: 'COMPANY', searchOptions: ['NPI'] });
    expect(error(await npiOnly.agent.put('/services/account/searchoptions', ['NPI', 'OFAC']))).toBe(ACCOUNT_MESSAGES.ofacNeedsName);
    const bad = await paid.agent.put('/services/account/searchoptions', ['NAME', 'DNA']);
    expect(bad.statusCode).toBe(400);
    expect((await details(paid.agent)).searchOptions).toEqual(['NAME', 'NPI']);
  });
});

describe('PUT /services/account/teamoptions', () => {
  it('upgrades a single team to unlimited teams and refuses the way back', async () => {
    const paid = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE' });
    const up = await putJsonString(paid.agent, '/services/account/teamoptions', 'MULTI_TEAM');
    expect(up.statusCode, up.body).toBe(200);
    expect(AccountDetailsSchema.parse(up.json())).toMatchObject({ teamType: 'MULTI_TEAM', basePricingItem: { description: 'Unlimited Teams plan', price: 75 } });
    const down = await putJsonString(paid.agent, '/services/account/teamoptions', 'SINGLE');
    expect(down.statusCode).toBe(400);
    expect(error(down)).toBe('To downgrade your team plan please contact support.');
    expect(error(await putJsonString(paid.agent, '/services/account/teamoptions', 'MULTI_TEAM'))).toBe(ACCOUNT_MESSAGES.alreadyThatPlan);
    expect((await putJsonString(paid.agent, '/services/account/teamoptions', 'BOTH')).statusCode).toBe(400);
  });
});

describe('cancel and reactivate', () => {
  it('cancel keeps access to the next billing date; reactivate before then restores the account', async () => {
    t.setNow(new Date('2026-04-14T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    const cancelled = AccountDetailsSchema.parse((await paid.agent.put('/services/account/cancel')).json());
    expect(cancelled).toMatchObject({ state: 'disabling', disabling: true, accessEndsOn: '2026-05-01' });
    expect(error(await paid.agent.put('/services/account/cancel'))).toBe(ACCOUNT_MESSAGES.notCancellable);
    expect(error(await paid.agent.put('/services/account/searchoptions', ['NAME', 'NPI']))).toBe(ACCOUNT_MESSAGES.notPaid);

    const reactivated = AccountDetailsSchema.parse((await paid.agent.put('/services/account/reactivate')).json());
    expect(reactivated).toMatchObject({ state: 'paid', disabling: false, accessEndsOn: null });
    expect(error(await paid.agent.put('/services/account/reactivate'))).toBe(ACCOUNT_MESSAGES.notDisabling);
  });

  it('after the access end, login answers ACCOUNT_DISABLED', async () => {
    t.setNow(new Date('2026-08-20T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' }, { password: 'Zz9-pp-Lm4', verifyPassword: 'Zz9-pp-Lm4' });
    expect((AccountDetailsSchema.parse((await paid.agent.put('/services/account/cancel')).json())).accessEndsOn).toBe('2026-09-01');
    t.setNow(new Date('2026-08-31T23:59:00Z'));
    expect(await new Agent(t.app).login(paid.username, 'Zz9-pp-Lm4')).toBe('LOGIN_SUCCESSFUL');
    t.setNow(new Date('2026-09-01T00:00:00Z'));
    expect(await new Agent(t.app).login(paid.username, 'Zz9-pp-Lm4')).toBe('ACCOUNT_DISABLED');
    // Too late to reactivate: the session has ended too.
    expect((await paid.agent.put('/services/account/reactivate')).statusCode).toBe(401);
  });
});

describe('the card', () => {
  it('client token for the owner’s own customer; another client’s customer answers 404', async () => {
    const a = await signUp(t, { planType: 'COMPANY' });
    const b = await signUp(t, { planType: 'COMPANY' });
    const customerA = (await details(a.agent)).braintreeCustomerId!;
    const customerB = (await details(b.agent)).braintreeCustomerId!;
    const token = await a.agent.get(`/services/braintree/clienttoken/${customerA}`);
    expect(ClientTokenSchema.parse(token.json())).toMatchObject({ provider: 'offline' });
    expect((await a.agent.get(`/services/braintree/clienttoken/${customerB}`)).statusCode).toBe(404);
    expect((await a.agent.put(`/services/braintree/customer/${customerB}`, { nonce: 'fake-valid-nonce' })).statusCode).toBe(404);
  });

  it('update replaces the last four digits; a declined card changes nothing', async () => {
    const paid = await signUp(t, { planType: 'COMPANY' });
    const customer = (await details(paid.agent)).braintreeCustomerId!;
    const ok = await paid.agent.put(`/services/braintree/customer/${customer}`, { nonce: 'fake-valid-mastercard-nonce' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(AccountDetailsSchema.parse(ok.json()).cardLastFour).toBe('4444');
    const declined = await paid.agent.put(`/services/braintree/customer/${customer}`, { nonce: 'fake-processor-declined-visa-nonce' });
    expect(declined.statusCode).toBe(400);
    // The provider's reason in words a customer understands, not "Do Not Honor (2000)".
    expect(error(declined)).toBe('Your bank declined the card without giving a reason. Please call the bank or use another card.');
    expect((await details(paid.agent)).cardLastFour).toBe('4444');
  });
});
