/** Co-worker invitations: owners and domain admins send a single-use link valid for 14 days. */
import { ACCOUNT_MESSAGES, type InviteCoworkerInput, formatLongDate } from '#shared/account';
import { EMAIL_PATTERN, INVITATION_VALID_DAYS, REGISTRATION_MESSAGES, type Invitation } from '#shared/registration';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { INVITATION_MESSAGES } from '#shared/invitations';
import { findLiveInvitation, hasPendingInvitation, insertInvitation } from './invitation-queries';
import { findClientById, findClientOfEmail, findTeam, findUser } from './queries';

export interface Inviter {
  userId: number;
  username: string;
  clientId: number;
  ip: string;
}

export async function inviteCoworker(ctx: AppContext, inviter: Inviter, input: InviteCoworkerInput, baseUrl: string) {
  const now = ctx.now();
  if (!EMAIL_PATTERN.test(input.email)) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.inviteEmailInvalid, { email: ACCOUNT_MESSAGES.inviteEmailInvalid });
  const sender = await findUser(ctx.db, inviter.userId);
  const teamId = input.teamId ?? sender?.teamId;
  // Another client's team answers like a team that does not exist.
  const team = teamId ? await findTeam(ctx.db, inviter.clientId, teamId) : null;
  if (!team) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.inviteTeamUnknown, { teamId: ACCOUNT_MESSAGES.inviteTeamUnknown });
  const client = (await findClientById(ctx.db, inviter.clientId))!;
  await refuseKnownAddress(ctx, client.id, input.email, now);

  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
  const row = await insertInvitation(ctx.db, {
    idHash: hashToken(token),
    clientId: client.id,
    teamId: team.id,
    inviterUserId: inviter.userId,
    email: input.email,
    createdAt: now,
    expiresAt,
  });
  const name = sender ? fullName(sender) : inviter.username;
  await mailInvitation(ctx, { to: input.email, senderName: name, clientName: client.name, teamName: team.name, token, expiresAt, baseUrl });
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

/** The name an invitation gives its sender: the e-mail, the invitation page and the Users page agree. */
export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** An address that is already a user's, or already invited, gets a clear refusal instead of a second account. */
async function refuseKnownAddress(ctx: AppContext, clientId: number, email: string, now: Date): Promise<void> {
  const ownerClient = await findClientOfEmail(ctx.db, email);
  const refuse = (message: string) => new AppError('BAD_REQUEST', message, { email: message });
  if (ownerClient === clientId) throw refuse(INVITATION_MESSAGES.emailIsYourUser);
  if (ownerClient !== null) throw refuse(INVITATION_MESSAGES.emailIsOtherUser);
  if (await hasPendingInvitation(ctx.db, clientId, email, now)) throw refuse(INVITATION_MESSAGES.alreadyInvited);
}

export interface InvitationMail {
  to: string;
  senderName: string;
  clientName: string;
  teamName: string;
  token: string;
  expiresAt: Date;
  baseUrl: string;
}

/** The invitation e-mail, sent on invite and on resend. */
export async function mailInvitation(ctx: AppContext, mail: InvitationMail): Promise<void> {
  await ctx.mailer.send({
    to: mail.to,
    subject: `${mail.senderName} invites you to Clearlist`,
    text:
      `Hello,\n\n${mail.senderName} invites you to join ${mail.clientName} (team ${mail.teamName}) on Clearlist, ` +
      `where your organisation checks people and companies against the exclusion lists.\n\n` +
      `Open this link to create your account. It works once and until ${formatLongDate(mail.expiresAt.toISOString())}:\n\n` +
      `${mail.baseUrl}/registration/invitation/${mail.token}\n\n` +
      `If you did not expect this invitation, ignore this message.\n`,
  });
}

/** GET /services/user/invite/{inviteId}: a missing, used or expired invitation is one 404. */
export async function loadInvitation(ctx: AppContext, inviteId: string): Promise<Invitation> {
  const found = await findLiveInvitation(ctx.db, inviteId, ctx.now());
  if (!found) throw new AppError('NOT_FOUND', REGISTRATION_MESSAGES.invitationLoadFailed);
  return {
    inviteId,
    senderUserName: found.sender.username,
    senderFullName: fullName(found.sender),
    inviteeEmail: found.invitation.email,
    clientInvitedTo: found.client.id,
    teamInvitedTo: found.team.id,
    companyName: found.client.name,
    teamName: found.team.name,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}
