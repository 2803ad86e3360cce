import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyNameInUseNotice, REGISTRATION_MESSAGES, UserCreationErrorBodySchema, CreateAccountResponseSchema, ClientTokenSchema, type UserInfo } from '#shared/registration';
import { MESSAGES } from '#shared/messages';
import { billingAccounts, clients, teams, userRoles, users } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
function form(overrides: Partial<UserInfo> = {}): UserInfo {
  n += 1;
  return {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: `dana${n}@example.test`,
    companyName: `Reyes Health ${n}`,
    companySize: '0 - 500',
    industry: 'Health System',
    username: `dreyes${n}`,
    password: 'Tr7-kq-Zm2',
    verifyPassword: 'Tr7-kq-Zm2',
    ...overrides,
  };
}

const company = { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME', 'OFAC'] } as const;

async function rolesOf(username: string) {
  const [user] = await t.ctx.db.select().from(users).where(eq(users.username, username));
  const roles = await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
  return { user, roles: roles.map((r) => r.role).sort() };
}

const clientCount = async () => (await t.ctx.db.select({ n: count() }).from(clients))[0].n;

describe('POST /services/user/validate', () => {
  const agent = () => new Agent(t.app);

  it('accepts a valid form, trimming text inputs', async () => {
    const res = await agent().post('/services/user/validate', { userInfo: form({ firstName: '  Dana  ' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, notices: [] });
  });

  it('refuses an e-mail address a user already has (any case), on the email field', async () => {
    const first = form();
    expect((await agent().post('/services/account', { userInfo: first, plan: { planType: 'FREE' } })).statusCode).toBe(201);
    const userInfo = form({ email: first.email.toUpperCase() });
    for (const [url, payload] of [['/services/user/validate', { userInfo }], ['/services/account', { userInfo, plan: { planType: 'FREE' } }]] as const) {
      const res = await agent().post(url, payload);
      expect(res.statusCode).toBe(400);
      const body = UserCreationErrorBodySchema.parse(res.json());
      expect(body.userCreationError).toBe('INVALID_EMAIL');
      expect(body.error.fields).toMatchObject({ email: REGISTRATION_MESSAGES.emailInUse });
    }
  });

  it('refuses blank required fields (after trimming) with the spec’s message', async () => {
    const res = await agent().post('/services/user/validate', { userInfo: form({ firstName: '   ', industry: '' }) });
    expect(res.statusCode).toBe(400);
    const body = UserCreationErrorBodySchema.parse(res.json());
    expect(body.userCreationError).toBe('REQUIRED_FIELD_MISSING');
    expect(body.error.fields).toMatchObject({ firstName: 'This field is required.', industry: 'This field is required.' });
    expect(body.errorMessages).toContain('This field is required.');
  });

  it('maps a bad e-mail to INVALID_EMAIL on the email field', async () => {
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ email: 'not-an-address' }) })).json());
    expect(body.userCreationError).toBe('INVALID_EMAIL');
    expect(body.error.fields).toEqual({ email: REGISTRATION_MESSAGES.emailInvalid });
  });

  it.each([
    ['short', 'ab1', MESSAGES.passwordTooShort],
    ['no number', 'abcdefghij', MESSAGES.passwordNeedsLetterAndNumber],
    ['no letter', '1234567890', MESSAGES.passwordNeedsLetterAndNumber],
    ['a dictionary word', 'Elephant2024', MESSAGES.passwordIsDictionaryWord],
  ])('refuses a %s password with INVALID_PASSWORD on both password fields', async (_label, password, message) => {
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ password, verifyPassword: password }) })).json());
    expect(body.userCreationError).toBe('INVALID_PASSWORD');
    expect(body.error.fields).toEqual({ password: message, verifyPassword: message });
  });

  it('refuses the username as password', async () => {
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ username: 'kq7zz9x', password: 'KQ7zz9x', verifyPassword: 'KQ7zz9x' }) })).json());
    expect(body.error.fields?.password).toBe(MESSAGES.passwordIsUsername);
  });

  it('refuses mismatched passwords with PASSWORDS_DO_NOT_MATCH', async () => {
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ verifyPassword: 'Other-pass-9' }) })).json());
    expect(body.userCreationError).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(body.error.fields).toEqual({ password: 'Passwords do not match.', verifyPassword: 'Passwords do not match.' });
  });

  it('refuses a taken username (any case) with the spec’s message', async () => {
    const info = form();
    expect((await agent().post('/services/account', { userInfo: info, plan: { planType: 'FREE' } })).statusCode).toBe(201);
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ username: info.username.toUpperCase() }) })).json());
    expect(body.userCreationError).toBe('USERNAME_TAKEN');
    expect(body.error.fields).toEqual({ username: 'This username is already used.' });
    expect((await agent().get(`/services/user/status/${info.username}`)).json()).toBe('TAKEN');
  });

  it('refuses company sizes and industries outside the lists', async () => {
    const body = UserCreationErrorBodySchema.parse((await agent().post('/services/user/validate', { userInfo: form({ companySize: '12' }) })).json());
    expect(body.userCreationError).toBe('INVALID_FIELD');
    expect(body.error.fields).toEqual({ companySize: 'This field is invalid' });
  });
});

describe('POST /services/account: free trial', () => {
  it('creates client, first team and owner with NAME and NPI and no card', async () => {
    const info = form();
    const res = await new Agent(t.app).post('/services/account?deviceId=abc', { userInfo: info, plan: { planType: 'FREE', teamType: 'MULTI_TEAM', searchOptions: ['SSNDMF'] } });
    expect(res.statusCode).toBe(201);
    expect(CreateAccountResponseSchema.parse(res.json())).toEqual({ userName: info.username, clientName: info.companyName, planType: 'FREE', cardLastFour: null, notices: [] });
    const { user, roles } = await rolesOf(info.username);
    expect(roles).toEqual(['account_owner_user', 'name_search_user', 'npi_search_user']);
    const [client] = await t.ctx.db.select().from(clients).where(eq(clients.id, user.clientId));
    expect(client).toMatchObject({ planType: 'FREE', state: 'trial', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10 });
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.clientId, client.id));
    expect(team).toMatchObject({ name: info.companyName, ownerUserId: user.id });
    expect(user.teamId).toBe(team.id);
    const agent = new Agent(t.app);
    expect(await agent.login(info.username, info.password)).toBe('LOGIN_SUCCESSFUL');
  });

  it('gives two companies of the same name their own domain names', async () => {
    const a = form({ companyName: 'Same Name Clinic' });
    const b = form({ companyName: 'Same Name Clinic' });
    for (const info of [a, b]) expect((await new Agent(t.app).post('/services/account', { userInfo: info, plan: { planType: 'FREE' } })).statusCode).toBe(201);
    const rows = await t.ctx.db.select({ d: clients.domainName }).from(clients).where(eq(clients.name, 'Same Name Clinic'));
    expect(rows.map((r) => r.d).sort()).toEqual(['same-name-clinic', 'same-name-clinic-2']);
  });

  it('tells the user, before and after, that another organisation already has the company name', async () => {
    const first = form({ companyName: 'Told Name Clinic' });
    const created = CreateAccountResponseSchema.parse((await new Agent(t.app).post('/services/account', { userInfo: first, plan: { planType: 'FREE' } })).json());
    expect(created.notices).toEqual([]);
    const second = form({ companyName: ' told name clinic ' });
    const validated = (await new Agent(t.app).post('/services/user/validate', { userInfo: second })).json();
    expect(validated.notices).toEqual([companyNameInUseNotice('told name clinic')]);
    const again = CreateAccountResponseSchema.parse((await new Agent(t.app).post('/services/account', { userInfo: second, plan: { planType: 'FREE' } })).json());
    expect(again.notices).toEqual([companyNameInUseNotice('told name clinic')]);
  });

  it('refuses an invalid form with the validation codes and creates nothing', async () => {
    const before = await clientCount();
    const res = await new Agent(t.app).post('/services/account', { userInfo: form({ email: 'x' }), plan: { planType: 'FREE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().userCreationError).toBe('INVALID_EMAIL');
    expect(await clientCount()).toBe(before);
  });
});

describe('POST /services/account: paid company with the offline provider', () => {
  it('answers a client token naming the offline provider', async () => {
    const res = await new Agent(t.app).get('/services/braintree/clienttoken');
    expect(ClientTokenSchema.parse(res.json()).provider).toBe('offline');
  });

  it('creates the account with the valid nonce, keeping only the card’s last four digits', async () => {
    const info = form({ nonce: 'fake-valid-nonce' });
    const res = await new Agent(t.app).post('/services/account?deviceId=dev-1', { userInfo: info, plan: { ...company, teamType: 'MULTI_TEAM', searchOptions: ['OFAC', 'NAME', 'NPI'] } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ planType: 'COMPANY', cardLastFour: '1881' });
    const { user, roles } = await rolesOf(info.username);
    expect(roles).toEqual(['account_owner_user', 'domain_admin_user', 'name_search_user', 'npi_search_user', 'paying_user']);
    const [client] = await t.ctx.db.select().from(clients).where(eq(clients.id, user.clientId));
    expect(client).toMatchObject({ planType: 'COMPANY', state: 'paid', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'OFAC'], trialEndsAt: null });
    const [account] = await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.clientId, client.id));
    expect(account).toMatchObject({ provider: 'offline', cardLastFour: '1881' });
    expect(JSON.stringify(account)).not.toContain('fake-valid-nonce');
  });

  it.each([
    // The provider's reasons in plain words (issue 19 item 7), not its codes.
    ['fake-processor-declined-visa-nonce', 'Your bank declined the card without giving a reason. Please call the bank or use another card.'],
    ['fake-gateway-rejected-fraud-nonce', 'The payment was refused for security reasons. Please use another card or contact your bank.'],
    ['fake-luhn-invalid-nonce', 'The card number is not valid. Please check the number and try again.'],
    ['not-a-nonce', 'The card details expired before they reached us. Please enter the card again.'],
  ])('answers PAYMENT_AUTHENTICATION_REJECTION for %s and creates nothing', async (nonce, providerMessage) => {
    const before = await clientCount();
    const info = form({ nonce });
    const res = await new Agent(t.app).post('/services/account', { userInfo: info, plan: company });
    expect(res.statusCode).toBe(400);
    const body = UserCreationErrorBodySchema.parse(res.json());
    expect(body.userCreationError).toBe('PAYMENT_AUTHENTICATION_REJECTION');
    expect(body.errorMessages).toContain(providerMessage);
    expect(await clientCount()).toBe(before);
    expect((await new Agent(t.app).get(`/services/user/status/${info.username}`)).json()).toBe('AVAILABLE');
  });

  it('refuses OFAC without the name search it adds to', async () => {
    const body = UserCreationErrorBodySchema.parse((await new Agent(t.app).post('/services/account', { userInfo: form({ nonce: 'fake-valid-nonce' }), plan: { ...company, searchOptions: ['NPI', 'OFAC'] } })).json());
    expect(body).toMatchObject({ userCreationError: 'INVALID_FIELD', errorMessages: ['OFAC is an add-on to the name search: choose the Name Search too.'] });
  });

  it('asks for the card when a paid sign-up has no nonce', async () => {
    const body = UserCreationErrorBodySchema.parse((await new Agent(t.app).post('/services/account', { userInfo: form(), plan: company })).json());
    expect(body.userCreationError).toBe('PAYMENT_AUTHENTICATION_REJECTION');
    expect(body.errorMessages).toEqual([REGISTRATION_MESSAGES.cardRequired]);
  });

  it('answers CLIENT_CREATION and removes the provider customer when saving fails', async () => {
    const deleted: string[] = [];
    const { createOfflineProvider } = await import('#server/billing/offline-provider');
    const offline = createOfflineProvider();
    t.ctx.payments = { ...offline, deleteCustomer: async (id) => void deleted.push(id) };
    // The database fails after the card was accepted.
    const logged = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => {});
    const info = form({ nonce: 'fake-valid-nonce' });
    const original = t.ctx.db.transaction.bind(t.ctx.db);
    // The first transaction takes the sign-up's place under the address limit; the second saves the account.
    let transactions = 0;
    t.ctx.db.transaction = (async (...args: Parameters<typeof original>) => {
      transactions += 1;
      if (transactions === 1) return original(...args);
      throw new Error('connection lost');
    }) as never;
    try {
      const before = await clientCount();
      const res = await new Agent(t.app).post('/services/account', { userInfo: info, plan: company });
      expect(res.statusCode).toBe(500);
      const body = UserCreationErrorBodySchema.parse(res.json());
      expect(body.userCreationError).toBe('CLIENT_CREATION');
      expect(body.errorMessages).toEqual(['There was an error creating your account. Please try again later.']);
      expect(deleted).toHaveLength(1);
      expect(await clientCount()).toBe(before);
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
      t.ctx.db.transaction = original;
      t.ctx.payments = undefined;
    }
  });
});

describe('sign-ups per address', () => {
  it('are limited an hour, counting accounts created and cards refused', async () => {
    const limit = t.ctx.config.signupsPerIpPerHour;
    t.ctx.config.signupsPerIpPerHour = 2;
    try {
      const agent = new Agent(t.app, '198.51.100.23');
      expect((await agent.post('/services/account', { userInfo: form(), plan: { planType: 'FREE' } })).statusCode).toBe(201);
      expect((await agent.post('/services/account', { userInfo: form({ nonce: 'fake-processor-declined-visa-nonce' }), plan: company })).statusCode).toBe(400);
      const refused = await agent.post('/services/account', { userInfo: form(), plan: { planType: 'FREE' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many sign-ups from your network. Please try again in an hour.' });
      // Other addresses are not affected.
      expect((await new Agent(t.app, '198.51.100.24').post('/services/account', { userInfo: form(), plan: { planType: 'FREE' } })).statusCode).toBe(201);
    } finally {
      t.ctx.config.signupsPerIpPerHour = limit;
    }
  });
});
