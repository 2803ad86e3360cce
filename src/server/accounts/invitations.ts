/** Co-worker invitations: owners and domain admins send a single-use link valid for 14 days. */
import { ACCOUNT_MESSAGES, type InviteCoworkerInput } from '#shared/account';
import { INVITATION_VALID_DAYS, REGISTRATION_MESSAGES, type Invitation } from '#shared/registration';
import { formatLongDate } from '#shared/account';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { findLiveInvitation, insertInvitation } from './invitation-queries';
import { findClientById, findTeam, findUser } from './queries';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Inviter {
  userId: number;
  username: string;
  clientId: number;
  ip: string;
}

export async function inviteCoworker(ctx: AppContext, inviter: Inviter, input: InviteCoworkerInput, baseUrl: string) {
  const now = ctx.now();
  if (!EMAIL.test(input.email)) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.inviteEmailInvalid, { email: ACCOUNT_MESSAGES.inviteEmailInvalid });
  const sender = await findUser(ctx.db, inviter.userId);
  const teamId = input.teamId ?? sender?.teamId;
  // Another client's team answers like a team that does not exist.
  const team = teamId ? await findTeam(ctx.db, inviter.clientId, teamId) : null;
  if (!team) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.inviteTeamUnknown, { teamId: ACCOUNT_MESSAGES.inviteTeamUnknown });
  const client = (await findClientById(ctx.db, inviter.clientId))!;

  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
  const row = await insertInvitation(ctx.db, {
    idHash: hashToken(token),
    clientId: client.id,
    teamId: team.id,
    inviterUserId: inviter.userId,
    email: input.email,
    expiresAt,
  });
  const name = sender ? `${sender.firstName} ${sender.lastName}`.trim() : inviter.username;
  await ctx.mailer.send({
    to: input.email,
    subject: `${name} invites you to Clearlist`,
    text:
      `Hello,\n\n${name} invites you to join ${client.name} (team ${team.name}) on Clearlist, ` +
      `where your organisation checks people and companies against the exclusion lists.\n\n` +
      `Open this link to create your account. It works once and until ${formatLongDate(expiresAt.toISOString())}:\n\n` +
      `${baseUrl}/registration/invitation/${token}\n\n` +
      `If you did not expect this invitation, ignore this message.\n`,
  });
  await recordAudit(ctx.db, {
    action: 'invitation.sent',
    actorUserId: inviter.userId,
    actorUsername: inviter.username,
    clientId: client.id,
    target: `team:${team.id}`,
    ip: inviter.ip,
    details: { invitationId: row.id, email: input.email },
  });
  return { message: ACCOUNT_MESSAGES.inviteSent, expiresAt: expiresAt.toISOString() };
}

/** GET /services/user/invite/{inviteId}: a missing, used or expired invitation is one 404. */
export async function loadInvitation(ctx: AppContext, inviteId: string): Promise<Invitation> {
  const found = await findLiveInvitation(ctx.db, inviteId, ctx.now());
  if (!found) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.invitationLoadFailed);
  return {
    inviteId,
    senderUserName: found.sender.username,
    inviteeEmail: found.invitation.email,
    clientInvitedTo: found.client.id,
    teamInvitedTo: found.team.id,
    companyName: found.client.name,
    teamName: found.team.name,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}
