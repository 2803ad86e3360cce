/**
 * Contracts of managing co-worker invitations on the Users page (issue 19 item 4, ADR 035):
 * the pending ones, with Resend and Revoke, for account owners and domain admins of the client.
 */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** An invitation not yet used, revoked or expired. Times are ISO instants. */
export const PendingInvitationSchema = z.object({
  id: z.number().int(),
  inviteeEmail: z.string(),
  teamName: z.string(),
  /** The sender's full name, as the e-mail and the invitation page give it. */
  sentBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;
export const PendingInvitationListSchema = z.array(PendingInvitationSchema);

export const InvitationIdParamsSchema = z.strictObject({ invitationId: id });
export const InvitationsQuerySchema = z.strictObject({ clientId: id.optional() });

export const INVITATION_MESSAGES = {
  resent: (email: string) => `Invitation sent again to ${email}. The earlier link no longer works.`,
  revoked: (email: string) => `Invitation to ${email} revoked. Its link no longer works.`,
  revokeQuestion: (email: string) => `Revoke the invitation to ${email}? The link in their e-mail will stop working.`,
  notPending: 'This invitation has already been used, revoked or has expired.',
  emailIsYourUser: 'This e-mail address already belongs to a user of your account: find them in the list of users.',
  emailIsOtherUser:
    'This e-mail address already has a Clearlist account, so it cannot be invited. The person can keep using their own account, or contact support to move it to yours.',
  alreadyInvited: 'An invitation to this address is already pending: use Resend in the list of pending invitations.',
} as const;
