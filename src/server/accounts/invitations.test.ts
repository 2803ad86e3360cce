import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InviteCoworkerResponseSchema } from '#shared/account';
import { InvitationSchema, UserCreationErrorBodySchema } from '#shared/registration';
import { invitations, userRoles, users } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signUp, signUpForm } from '#test/billing';
import { createTeam, createUser } from '#test/factories';
import { readOutbox } from '#test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://clearlist.example' });
});
afterAll(() => t.close());

/** The invitation id of the newest invitation mailed to an address. */
function mailedInviteId(to: string): string {
  const mail = readOutbox(t.outboxDir).filter((m) => m.to.includes(to)).at(-1);
  const id = mail?.text.match(/https:\/\/clearlist\.example\/registration\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
  expect(id, 'an invitation link in the mail').toBeTruthy();
  return id!;
}

describe('inviting a co-worker and signing up by invitation', () => {
  it('mails a link; the invitation answers the spec’s fields; the co-worker joins the team as a non-owner, once', async () => {
    t.setNow(new Date('2026-05-04T09:00:00Z'));
    const owner = await signUp(t, { planType: 'COMPANY', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI'] });
    const team = await createTeam(t.ctx.db, { clientId: owner.clientId, name: 'Credentialing' });
    const email = `pat${Date.now()}@example.test`;
    const sent = await owner.agent.post('/services/account/invitations', { email, teamId: team.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(InviteCoworkerResponseSchema.parse(sent.json())).toEqual({ message: 'Invitation sent.', expiresAt: '2026-05-18T09:00:00.000Z' });
    const mail = readOutbox(t.outboxDir).filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.text).toContain('team Credentialing');
    expect(mail.text).toContain('until May 18, 2026');
    const inviteId = mailedInviteId(email);
    // Only the hash is stored.
    expect(JSON.stringify(await t.ctx.db.select().from(invitations))).not.toContain(inviteId);

    const anonymous = new Agent(t.app);
    const loaded = await anonymous.get(`/services/user/invite/${inviteId}`);
    expect(loaded.statusCode).toBe(200);
    const invitation = InvitationSchema.parse(loaded.json());
    expect(invitation).toMatchObject({ inviteId, senderUserName: owner.username, inviteeEmail: email, clientInvitedTo: owner.clientId, teamInvitedTo: team.id, teamName: 'Credentialing' });
    // The page names the sender as the e-mail does: by full name.
    expect(invitation.senderFullName).toBe('Morgan Lee');
    expect(mail.text).toContain('Morgan Lee invites you');

    const info = signUpForm({ email, companyName: invitation.companyName, companySize: '', industry: '', inviteId });
    expect((await anonymous.post('/services/user/validate', { userInfo: info })).statusCode).toBe(200);
    const created = await anonymous.post('/services/account', { userInfo: { ...info, accountOwner: false }, plan: { planType: 'INVITATION' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ planType: 'INVITATION', clientName: invitation.companyName });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, info.username));
    expect(user).toMatchObject({ clientId: owner.clientId, teamId: team.id, email });
    const roles = (await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role).sort();
    expect(roles).toEqual(['name_search_user', 'npi_search_user', 'paying_user']);

    // Single use: the link no longer loads nor signs anyone up.
    const reload = await anonymous.get(`/services/user/invite/${inviteId}`);
    expect(reload.statusCode).toBe(404);
    expect(reload.json().error.message).toBe('Could not load user invitation at this time. Please try again later.');
    const second = await anonymous.post('/services/account', { userInfo: signUpForm({ email, companyName: invitation.companyName, inviteId }), plan: { planType: 'INVITATION' } });
    expect(UserCreationErrorBodySchema.parse(second.json()).userCreationError).toBe('INVALID_INVITATION');
  });

  it('expires after 14 days', async () => {
    t.setNow(new Date('2026-05-01T12:00:00Z'));
    const owner = await signUp(t, { planType: 'FREE' });
    const email = `late${Date.now()}@example.test`;
    expect((await owner.agent.post('/services/account/invitations', { email })).statusCode).toBe(200);
    const inviteId = mailedInviteId(email);
    t.setNow(new Date('2026-05-15T11:59:00Z'));
    const live = InvitationSchema.parse((await new Agent(t.app).get(`/services/user/invite/${inviteId}`)).json());
    expect(live.teamInvitedTo).toBeGreaterThan(0);
    t.setNow(new Date('2026-05-15T12:00:00Z'));
    expect((await new Agent(t.app).get(`/services/user/invite/${inviteId}`)).statusCode).toBe(404);
  });

  it('a trial co-worker gets the search roles but not paying_user; e-mail and company are those of the invitation', async () => {
    t.setNow(new Date('2026-05-01T12:00:00Z'));
    const owner = await signUp(t, { planType: 'FREE' });
    const email = `trialmate${Date.now()}@example.test`;
    await owner.agent.post('/services/account/invitations', { email });
    const inviteId = mailedInviteId(email);
    const invitation = InvitationSchema.parse((await new Agent(t.app).get(`/services/user/invite/${inviteId}`)).json());
    const wrongEmail = await new Agent(t.app).post('/services/account', { userInfo: signUpForm({ email: 'other@example.test', companyName: invitation.companyName, inviteId }), plan: { planType: 'INVITATION' } });
    expect(UserCreationErrorBodySchema.parse(wrongEmail.json())).toMatchObject({ userCreationError: 'INVALID_EMAIL', error: { fields: { email: 'This invitation was sent to another e-mail address.' } } });
    const info = signUpForm({ email, companyName: invitation.companyName, companySize: '', industry: '', inviteId });
    expect((await new Agent(t.app).post('/services/account', { userInfo: info, plan: { planType: 'INVITATION' } })).statusCode).toBe(201);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, info.username));
    const roles = (await t.ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role).sort();
    expect(roles).toEqual(['name_search_user', 'npi_search_user']);
  });

  it('unknown invitations answer the load error; sign-up without a live one is INVALID_INVITATION', async () => {
    const res = await new Agent(t.app).get('/services/user/invite/no-such-invitation-id');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Could not load user invitation at this time. Please try again later.');
    const body = UserCreationErrorBodySchema.parse((await new Agent(t.app).post('/services/account', { userInfo: signUpForm(), plan: { planType: 'INVITATION' } })).json());
    expect(body).toMatchObject({ userCreationError: 'INVALID_INVITATION', errorMessages: ['Could not load user invitation at this time. Please try again later.'] });
  });

  it('only owners and domain admins invite, to their own client’s teams', async () => {
    const owner = await signUp(t, { planType: 'COMPANY' });
    const other = await createTeam(t.ctx.db, {});
    const res = await owner.agent.post('/services/account/invitations', { email: 'x@example.test', teamId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ teamId: 'Choose one of your teams.' });
    expect((await owner.agent.post('/services/account/invitations', { email: 'not-mail' })).json().error.message).toBe('Please enter a valid e-mail address.');

    const admin = await createUser(t.ctx.db, { clientId: owner.clientId, roles: ['domain_admin_user'] });
    const adminAgent = new Agent(t.app);
    await adminAgent.login(admin.username, admin.password);
    expect((await adminAgent.post('/services/account/invitations', { email: `a${Date.now()}@example.test` })).statusCode).toBe(200);

    const searcher = await createUser(t.ctx.db, { clientId: owner.clientId, roles: ['name_search_user'] });
    const searcherAgent = new Agent(t.app);
    await searcherAgent.login(searcher.username, searcher.password);
    expect((await searcherAgent.post('/services/account/invitations', { email: 'b@example.test' })).statusCode).toBe(403);
  });
});
