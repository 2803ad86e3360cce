/** Routes of the Users page's pending invitations (ADR 035). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '#shared/auth';
import { InvitationIdParamsSchema, InvitationsQuerySchema, PendingInvitationListSchema } from '#shared/invitations';
import type { AppContext } from '../app-context';
import { callerOf } from '../access/caller';
import { listInvitations, resendInvitation, revokeInvitation } from './invitation-management';

export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = InvitationIdParamsSchema;
  const message = { response: { 200: MessageSchema } };

  r.get('/services/admin/invitations', { schema: { querystring: InvitationsQuerySchema, response: { 200: PendingInvitationListSchema } } }, (request) =>
    listInvitations(ctx, callerOf(request), request.query.clientId),
  );
  r.put('/services/admin/invitations/:invitationId/resend', { schema: { params, ...message } }, (request) =>
    resendInvitation(ctx, callerOf(request), request.params.invitationId),
  );
  r.put('/services/admin/invitations/:invitationId/revoke', { schema: { params, ...message } }, (request) =>
    revokeInvitation(ctx, callerOf(request), request.params.invitationId),
  );
}
