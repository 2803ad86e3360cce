import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, PendingInvitationListSchema } from '#shared/invitations';
import { auditLog } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signUp } from '#test/billing';
import { createTeam, createUser } from '#test/factories';
import { readOutbox } from '#test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://clearlist.example' });
});
afterAll(() => t.close());

let n = 0;
const address = () => `invitee${Date.now()}${++n}@example.test`;
const linksTo = (to: string) =>
  readOutbox(t.outboxDir)
    .filter((m) => m.to.includes(to))
    .map((m) => m.text.match(/\/registration\/invitation\/([A-Za-z0-9_-]+)/)![1]);
const pendingOf = async (agent: Agent, query = '') => {
  const res = await agent.get(`/services/admin/invitations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return PendingInvitationListSchema.parse(res.json());
};
const auditsOf = (action: string, clientId: number) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.clientId, clientId)));

async function ownerWithInvitation() {
  const owner = await signUp(t, { planType: 'COMPANY', teamType: 'MULTI_TEAM', searchOptions: ['NAME'] });
  const team = await createTeam(t.ctx.db, { clientId: owner.clientId, name: 'Credentialing' });
  const email = address();
  expect((await owner.agent.post('/services/account/invitations', { email, teamId: team.id })).statusCode).toBe(200);
  const [invitation] = await pendingOf(owner.agent);
  return { owner, team, email, invitation };
}

describe('pending invitations on the Users page', () => {
  it('lists invitee, team, sender by full name, sent and expiry times', async () => {
    t.setNow(new Date('2026-05-04T09:00:00Z'));
    try {
      const { email, invitation } = await ownerWithInvitation();
      expect(invitation).toMatchObject({ inviteeEmail: email, teamName: 'Credentialing', sentBy: 'Morgan Lee', sentAt: '2026-05-04T09:00:00.000Z', expiresAt: '2026-05-18T09:00:00.000Z' });
    } finally {
      t.setNow(new Date());
    }
  });

  it('Resend mails a new link valid 14 days again; the earlier link stops working; audited', async () => {
    const { owner, email, invitation } = await ownerWithInvitation();
    const [first] = linksTo(email);
    const res = await owner.agent.put(`/services/admin/invitations/${invitation.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INVITATION_MESSAGES.resent(email));
    const links = linksTo(email);
    expect(links).toHaveLength(2);
    expect((await new Agent(t.app).get(`/services/user/invite/${first}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/services/user/invite/${links[1]}`)).json().senderFullName).toBe('Morgan Lee');
    expect(await auditsOf('invitation.resent', owner.clientId)).toHaveLength(1);
  });

  it('Revoke ends the link at once, removes it from the list, and is audited', async () => {
    const { owner, email, invitation } = await ownerWithInvitation();
    const [link] = linksTo(email);
    const res = await owner.agent.put(`/services/admin/invitations/${invitation.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INVITATION_MESSAGES.revoked(email));
    expect(await pendingOf(owner.agent)).toEqual([]);
    expect((await new Agent(t.app).get(`/services/user/invite/${link}`)).statusCode).toBe(404);
    const again = await owner.agent.put(`/services/admin/invitations/${invitation.id}/revoke`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(INVITATION_MESSAGES.notPending);
    expect(await auditsOf('invitation.revoked', owner.clientId)).toHaveLength(1);
  });

  it("is confined to the caller's client and to those who may invite", async () => {
    const { owner, invitation } = await ownerWithInvitation();
    const stranger = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME'] });
    expect(await pendingOf(stranger.agent)).toEqual([]);
    expect((await stranger.agent.put(`/services/admin/invitations/${invitation.id}/revoke`)).statusCode).toBe(404);
    expect((await stranger.agent.put(`/services/admin/invitations/${invitation.id}/resend`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/services/admin/invitations?clientId=${owner.clientId}`)).statusCode).toBe(404);

    const searcher = await createUser(t.ctx.db, { clientId: owner.clientId, roles: ['name_search_user'] });
    const agent = new Agent(t.app);
    await agent.login(searcher.username, searcher.password);
    expect((await agent.get('/services/admin/invitations')).statusCode).toBe(403);
    expect((await agent.put(`/services/admin/invitations/${invitation.id}/revoke`)).statusCode).toBe(403);
    expect(await pendingOf(owner.agent)).toHaveLength(1);

    const sysadmin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const admin = new Agent(t.app);
    await admin.login(sysadmin.username, sysadmin.password);
    expect(await pendingOf(admin, `?clientId=${owner.clientId}`)).toHaveLength(1);
  });
});

describe('inviting an address that is already known', () => {
  it("refuses a user's address of the same client, of another client, and a second pending invitation, each with a clear message", async () => {
    const { owner, team, email } = await ownerWithInvitation();
    const colleague = await createUser(t.ctx.db, { clientId: owner.clientId, email: `Colleague${Date.now()}@example.test` });
    const outsider = await createUser(t.ctx.db, { email: `outsider${Date.now()}@example.test` });
    const cases: Array<[string, string]> = [
      [colleague.email.toLowerCase(), INVITATION_MESSAGES.emailIsYourUser],
      [outsider.email.toUpperCase(), INVITATION_MESSAGES.emailIsOtherUser],
      [email, INVITATION_MESSAGES.alreadyInvited],
    ];
    for (const [to, message] of cases) {
      const res = await owner.agent.post('/services/account/invitations', { email: to, teamId: team.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message, fields: { email: message } });
    }
    expect(readOutbox(t.outboxDir).filter((m) => m.to.toLowerCase().includes(outsider.email.toLowerCase()))).toHaveLength(0);
  });
});
