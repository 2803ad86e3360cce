import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountDetailsSchema } from '#shared/account';
import { TRIAL_UPGRADE_MESSAGES, TrialUpgradeOfferSchema } from '#shared/trial-upgrade';
import { clients, userRoles } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const PLAN = { teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'] } as const;

/** An expired trial with an owner and a co-worker. */
async function expiredTrial(ipAllowlist: string[] = []) {
  const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10, trialEndsAt: new Date(Date.now() - 3 * DAY), ipAllowlist });
  const owner = await createUser(t.ctx.db, { clientId: client.id, firstName: 'Evan', lastName: 'Price', roles: ['account_owner_user', 'name_search_user'] });
  const coworker = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user'] });
  return { client, owner, coworker };
}

const stateOf = async (clientId: number) => (await t.ctx.db.select().from(clients).where(eq(clients.id, clientId)))[0].state;

describe('upgrading an expired trial from the login page', () => {
  it('the refused login lets the owner upgrade with a card, which signs them in at once', async () => {
    const { client, owner } = await expiredTrial();
    const agent = new Agent(t.app);
    expect(await agent.login(owner.username, owner.password)).toBe('TRIAL_EXPIRED');
    const offer = TrialUpgradeOfferSchema.parse((await agent.get('/services/trial-upgrade')).json());
    expect(offer).toMatchObject({ fullName: 'Evan Price', clientName: client.name, canUpgrade: true, ownerNames: [], searchOptions: ['NAME', 'NPI'] });
    expect(offer.trialEndedOn).toBe(client.trialEndsAt!.toISOString().slice(0, 10));
    expect(offer.planPreviews.map((p) => p.teamType)).toEqual(['SINGLE', 'MULTI_TEAM']);

    const declined = await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-processor-declined-visa-nonce' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.message).toBe('Your bank declined the card without giving a reason. Please call the bank or use another card.');
    expect(await stateOf(client.id)).toBe('trial');

    // The refused card left a fresh token: the user tries another card without logging in again.
    const done = await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' });
    expect(done.statusCode, done.body).toBe(200);
    expect(AccountDetailsSchema.parse(done.json())).toMatchObject({ state: 'paid', trial: false, cardLastFour: '1881' });
    expect((await agent.get('/services/user/info')).json().userName).toBe(owner.username);
    expect(await new Agent(t.app).login(owner.username, owner.password)).toBe('LOGIN_SUCCESSFUL');
  });

  it('needs the cookie of a refused login: none, a wrong password, an old one, or a used one are refused', async () => {
    const { client, owner } = await expiredTrial();
    const none = await new Agent(t.app).put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(TRIAL_UPGRADE_MESSAGES.linkExpired);

    const guesser = new Agent(t.app);
    expect(await guesser.login(owner.username, 'wrong-password-1')).toBe('INVALID_CREDENTIALS');
    expect(guesser.cookie('trial_upgrade')).toBeUndefined();
    expect((await guesser.get('/services/trial-upgrade')).statusCode).toBe(404);

    const late = new Agent(t.app);
    expect(await late.login(owner.username, owner.password)).toBe('TRIAL_EXPIRED');
    t.setNow(new Date(Date.now() + 31 * 60_000));
    try {
      expect((await late.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' })).statusCode).toBe(404);
    } finally {
      t.setNow(new Date());
    }
    expect(await stateOf(client.id)).toBe('trial');

    const agent = new Agent(t.app);
    expect(await agent.login(owner.username, owner.password)).toBe('TRIAL_EXPIRED');
    const token = agent.cookie('trial_upgrade')!;
    expect((await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' })).statusCode).toBe(200);
    const replay = await new Agent(t.app).request({ method: 'GET', url: '/services/trial-upgrade', headers: { cookie: `trial_upgrade=${token}` } });
    expect(replay.statusCode).toBe(404);
  });

  it('only account owners may upgrade; others are told whom to ask, and nothing changes', async () => {
    const { client, coworker } = await expiredTrial();
    const agent = new Agent(t.app);
    expect(await agent.login(coworker.username, coworker.password)).toBe('TRIAL_EXPIRED');
    const offer = TrialUpgradeOfferSchema.parse((await agent.get('/services/trial-upgrade')).json());
    expect(offer).toMatchObject({ canUpgrade: false, ownerNames: ['Evan Price'] });
    const refused = await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TRIAL_UPGRADE_MESSAGES.ownersOnly(['Evan Price']));
    expect(await stateOf(client.id)).toBe('trial');
  });

  it("acts only on the token's own client, whatever session the browser also holds", async () => {
    const mine = await expiredTrial();
    const other = await expiredTrial();
    const agent = new Agent(t.app);
    expect(await agent.login(mine.owner.username, mine.owner.password)).toBe('TRIAL_EXPIRED');
    const paid = await createUser(t.ctx.db, { roles: ['account_owner_user'] });
    expect(await agent.login(paid.username, paid.password)).toBe('LOGIN_SUCCESSFUL');
    expect((await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' })).statusCode).toBe(200);
    expect(await stateOf(mine.client.id)).toBe('paid');
    expect(await stateOf(other.client.id)).toBe('trial');
    expect(await stateOf(paid.clientId)).toBe('paid');
  });

  it('gives no upgrade to an owner whose role was removed meanwhile, nor a session from an address outside the allowlist', async () => {
    const { client, owner } = await expiredTrial();
    const agent = new Agent(t.app);
    expect(await agent.login(owner.username, owner.password)).toBe('TRIAL_EXPIRED');
    await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, owner.id));
    expect((await agent.put('/services/trial-upgrade', { ...PLAN, nonce: 'fake-valid-nonce' })).statusCode).toBe(403);

    const fenced = await expiredTrial(['203.0.113.0/24']);
    const outside = new Agent(t.app, '198.51.100.9');
    expect(await outside.login(fenced.owner.username, fenced.owner.password)).toBe('TRIAL_EXPIRED');
    expect(outside.cookie('trial_upgrade')).toBeUndefined();
    expect(await stateOf(client.id)).toBe('trial');
    expect(await stateOf(fenced.client.id)).toBe('trial');
  });
});
