/** Routes of sign-up, invitations and the account page (spec §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountDetailsSchema,
  InviteCoworkerInputSchema,
  InviteCoworkerResponseSchema,
  SearchOptionsInputSchema,
  TeamOptionInputSchema,
  UpdateCardInputSchema,
  UpgradeTrialInputSchema,
} from '#shared/account';
import {
  CreateAccountInputSchema,
  CreateAccountQuerySchema,
  CreateAccountResponseSchema,
  CustomerIdParamsSchema,
  InvitationSchema,
  InviteIdParamsSchema,
  ValidateUserInputSchema,
  ValidateUserResponseSchema,
} from '#shared/registration';
import { TrialUpgradeOfferSchema } from '#shared/trial-upgrade';
import type { AppContext } from '../app-context';
import { ownerOf } from '../access/owner';
import { setSessionCookie } from '../http/session';
import { replaceCard } from '../billing/public';
import { clearUpgradeCookie, setUpgradeCookie, UPGRADE_COOKIE } from '../auth/public';
import { sendCreationFailure, UserCreationFailure } from './creation-error';
import { accountDetails } from './details';
import { inviteCoworker, loadInvitation } from './invitations';
import { addSearchOptions, cancelAccount, changeTeamPlan, reactivateAccount, upgradeTrial } from './plan-changes';
import { createAccount, validateSignUp } from './registration';
import { trialUpgradeOffer, upgradeExpiredTrial } from './trial-upgrade';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/services/user/validate', { schema: { body: ValidateUserInputSchema, response: { 200: ValidateUserResponseSchema } } }, async (request, reply) => {
    try {
      const notices = await validateSignUp(ctx, request.body.userInfo, ctx.now());
      return { valid: true as const, notices };
    } catch (error) {
      if (error instanceof UserCreationFailure) return sendCreationFailure(reply, error);
      throw error;
    }
  });

  r.post(
    '/services/account',
    { schema: { body: CreateAccountInputSchema, querystring: CreateAccountQuerySchema, response: { 201: CreateAccountResponseSchema } } },
    async (request, reply) => {
      try {
        const created = await createAccount(ctx, { ...request.body, deviceId: request.query.deviceId, ip: request.ip });
        return reply.code(201).send(created);
      } catch (error) {
        if (error instanceof UserCreationFailure) return sendCreationFailure(reply, error);
        throw error;
      }
    },
  );

  r.get('/services/user/invite/:inviteId', { schema: { params: InviteIdParamsSchema, response: { 200: InvitationSchema } } }, async (request) =>
    loadInvitation(ctx, request.params.inviteId),
  );

  const details = { response: { 200: AccountDetailsSchema } };
  r.get('/services/account', { schema: details }, async (request) => accountDetails(ctx, ownerOf(request).clientId));
  r.put('/services/account', { schema: { body: UpgradeTrialInputSchema, ...details } }, async (request) => upgradeTrial(ctx, ownerOf(request), request.body));
  r.put('/services/account/searchoptions', { schema: { body: SearchOptionsInputSchema, ...details } }, async (request) =>
    addSearchOptions(ctx, ownerOf(request), request.body),
  );
  r.put('/services/account/teamoptions', { schema: { body: TeamOptionInputSchema, ...details } }, async (request) =>
    changeTeamPlan(ctx, ownerOf(request), request.body),
  );
  r.put('/services/account/cancel', { schema: details }, async (request) => cancelAccount(ctx, ownerOf(request)));
  r.put('/services/account/reactivate', { schema: details }, async (request) => reactivateAccount(ctx, ownerOf(request)));
  // The card form's save answers the account page's details (moved here from billing so that billing needs nothing of accounts).
  r.put(
    '/services/braintree/customer/:customerId',
    { schema: { params: CustomerIdParamsSchema, body: UpdateCardInputSchema, response: { 200: AccountDetailsSchema } } },
    async (request) => {
      const owner = ownerOf(request);
      await replaceCard(ctx, owner, request.params.customerId, request.body.nonce);
      return accountDetails(ctx, owner.clientId);
    },
  );

  // An expired trial's upgrade from the login page: the refused login's cookie says who (ADR 035).
  r.get('/services/trial-upgrade', { schema: { response: { 200: TrialUpgradeOfferSchema } } }, async (request) =>
    trialUpgradeOffer(ctx, request.cookies[UPGRADE_COOKIE]),
  );
  r.put('/services/trial-upgrade', { schema: { body: UpgradeTrialInputSchema, ...details } }, async (request, reply) => {
    const { account, sessionToken } = await upgradeExpiredTrial(ctx, request.cookies[UPGRADE_COOKIE], request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      onRetryToken: (token) => setUpgradeCookie(request, reply, token),
    });
    clearUpgradeCookie(reply);
    setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlHours * 3600);
    return account;
  });

  r.post('/services/account/invitations', { schema: { body: InviteCoworkerInputSchema, response: { 200: InviteCoworkerResponseSchema } } }, async (request) =>
    inviteCoworker(ctx, ownerOf(request), request.body, ctx.config.publicUrl),
  );
}
