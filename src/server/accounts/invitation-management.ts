/**
 * The Users page's pending invitations (issue 19 item 4, ADR 035): list, Resend (a new link,
 * 14 days again, the old link dead) and Revoke (the link ends now). Account owners and domain
 * admins act on their own client's invitations; system admins on the client they chose.
 * Another client's invitation answers 404, like one that does not exist.
 */
import { INVITATION_MESSAGES, type PendingInvitation } from '#shared/invitations';
import { INVITATION_VALID_DAYS } from '#shared/registration';
import type { AppContext } from '../app-context';
import { chooseClient, scopeOf, type Caller } from '../access/caller';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { findPendingInvitation, listPendingInvitations, updatePendingInvitation } from './invitation-queries';
import { fullName, mailInvitation } from './invitations';
import { findUser } from './queries';

export async function listInvitations(ctx: AppContext, caller: Caller, requestedClientId: number | undefined): Promise<PendingInvitation[]> {
  const clientId = chooseClient(caller, requestedClientId);
  const rows = await listPendingInvitations(ctx.db, clientId, ctx.now());
  return rows.map((row) => ({
    id: row.invitation.id,
    inviteeEmail: row.invitation.email,
    teamName: row.teamName,
    sentBy: fullName(row.sender),
    sentAt: row.invitation.createdAt.toISOString(),
    expiresAt: row.invitation.expiresAt.toISOString(),
  }));
}

async function pending(ctx: AppContext, caller: Caller, invitationId: number) {
  const found = await findPendingInvitation(ctx.db, invitationId, scopeOf(caller), ctx.now());
  if (!found) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notPending);
  return found;
}

const audit = (ctx: AppContext, caller: Caller, action: string, found: Awaited<ReturnType<typeof pending>>) =>
  recordAudit(ctx.db, {
    action,
    actorUserId: caller.userId,
    actorUsername: caller.username,
    clientId: found.client.id,
    target: `team:${found.team.id}`,
    ip: caller.ip,
    details: { invitationId: found.invitation.id, email: found.invitation.email },
  });

/** Sends the invitation again with a new link; the one mailed before stops working. */
export async function resendInvitation(ctx: AppContext, caller: Caller, invitationId: number): Promise<{ message: string }> {
  const found = await pending(ctx, caller, invitationId);
  const now = ctx.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
  if (!(await updatePendingInvitation(ctx.db, invitationId, now, { idHash: hashToken(token), createdAt: now, expiresAt }))) {
    throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notPending);
  }
  // The invitation stays its sender's: the e-mail names them, as the first one did.
  const sender = await findUser(ctx.db, found.invitation.inviterUserId);
  await mailInvitation(ctx, {
    to: found.invitation.email,
    senderName: sender ? fullName(sender) : caller.username,
    clientName: found.client.name,
    teamName: found.team.name,
    token,
    expiresAt,
    baseUrl: ctx.config.publicUrl,
  });
  await audit(ctx, caller, 'invitation.resent', found);
  return { message: INVITATION_MESSAGES.resent(found.invitation.email) };
}

/** Ends the invitation now: its link answers like an expired one. */
export async function revokeInvitation(ctx: AppContext, caller: Caller, invitationId: number): Promise<{ message: string }> {
  const found = await pending(ctx, caller, invitationId);
  const now = ctx.now();
  if (!(await updatePendingInvitation(ctx.db, invitationId, now, { expiresAt: now }))) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notPending);
  await audit(ctx, caller, 'invitation.revoked', found);
  return { message: INVITATION_MESSAGES.revoked(found.invitation.email) };
}
