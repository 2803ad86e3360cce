/**
 * Sign-up (spec §4 Registration): a paid company, a free trial, or a co-worker joining by
 * invitation. The card is verified with the provider first; then client, first team, owner
 * and roles are written in one transaction, so a refusal or a failure creates nothing.
 */
import { ACCOUNT_MESSAGES, TRIAL_DAYS, TRIAL_SEARCHES_PER_MONTH } from '#shared/account';
import { REGISTRATION_MESSAGES, TRIAL_SEARCH_OPTIONS, type CreateAccountResponse, type ParsedUserInfo } from '#shared/registration';
import { SEARCH_OPTIONS, type PlanType, type SearchOption, type TeamType } from '#shared/teams';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { hashPassword } from '../auth/public';
import { customerDeclineReason, paymentsOf, insertBillingAccount, insertPlanPeriod } from '../billing/public';
import type { VaultedCard } from '../billing/public';
import { UserCreationFailure } from './creation-error';
import { claimInvitation, findLiveInvitation } from './invitation-queries';
import { freeDomainName, insertClient, insertTeam, insertUser, isUniqueViolation, setTeamOwner } from './queries';
import { memberRoles, ownerRoles } from './roles';
import { withSignUpLimit } from './signup-limit';
import { signUpNotices, validateUserInfo } from './validation';


export interface SignUp {
  userInfo: ParsedUserInfo;
  plan: { planType: PlanType; teamType: TeamType; searchOptions: SearchOption[] };
  deviceId?: string;
  ip: string;
}

/** Options in the catalogue's order, each once. */
export const orderedOptions = (options: readonly string[]): SearchOption[] => SEARCH_OPTIONS.filter((o) => options.includes(o));

/** Validates the form as POST /services/user/validate does; answers the notices the user should read before creating the account. */
export async function validateSignUp(ctx: AppContext, userInfo: ParsedUserInfo, now: Date): Promise<string[]> {
  const invitation = userInfo.inviteId ? await invitationFacts(ctx, userInfo.inviteId, now) : null;
  await validateUserInfo(ctx.db, userInfo, invitation);
  return signUpNotices(ctx.db, userInfo, invitation);
}

async function invitationFacts(ctx: AppContext, inviteId: string, now: Date) {
  const found = await findLiveInvitation(ctx.db, inviteId, now);
  if (!found) throw new UserCreationFailure('INVALID_INVITATION', [REGISTRATION_MESSAGES.invitationLoadFailed]);
  return { email: found.invitation.email, companyName: found.client.name };
}

export function createAccount(ctx: AppContext, input: SignUp): Promise<CreateAccountResponse> {
  return withSignUpLimit(ctx.db, input.ip, ctx.config.signupsPerIpPerHour, () => signUp(ctx, input));
}

async function signUp(ctx: AppContext, input: SignUp): Promise<CreateAccountResponse> {
  const now = ctx.now();
  const { userInfo, plan } = input;
  if (plan.planType === 'INVITATION') return joinByInvitation(ctx, input, now);
  await validateUserInfo(ctx.db, userInfo, null);
  const notices = await signUpNotices(ctx.db, userInfo, null);

  const isPaid = plan.planType === 'COMPANY';
  if (isPaid && plan.searchOptions.includes('OFAC') && !plan.searchOptions.includes('NAME')) {
    throw new UserCreationFailure('INVALID_FIELD', [ACCOUNT_MESSAGES.ofacNeedsName]);
  }
  let card: VaultedCard | null = null;
  const payments = paymentsOf(ctx);
  if (isPaid) {
    if (!userInfo.nonce) throw new UserCreationFailure('PAYMENT_AUTHENTICATION_REJECTION', [REGISTRATION_MESSAGES.cardRequired]);
    const result = await payments.createCustomer({
      nonce: userInfo.nonce,
      deviceData: input.deviceId,
      firstName: userInfo.firstName,
      lastName: userInfo.lastName,
      email: userInfo.email,
      company: userInfo.companyName,
    });
    if (!result.ok) {
      await recordAudit(ctx.db, { action: 'account.payment_rejected', actorUsername: userInfo.username, ip: input.ip, details: { messages: result.messages } });
      throw new UserCreationFailure('PAYMENT_AUTHENTICATION_REJECTION', [customerDeclineReason(result.messages)]);
    }
    card = result;
  }

  const options = isPaid ? orderedOptions(plan.searchOptions) : [...TRIAL_SEARCH_OPTIONS];
  const passwordHash = await hashPassword(userInfo.password);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const client = await insertClient(tx, {
        name: userInfo.companyName,
        domainName: await freeDomainName(tx, userInfo.companyName),
        planType: isPaid ? 'COMPANY' : 'FREE',
        state: isPaid ? 'paid' : 'trial',
        teamType: isPaid ? plan.teamType : 'SINGLE',
        searchOptions: options,
        trialSearchesPerMonth: isPaid ? null : TRIAL_SEARCHES_PER_MONTH,
        trialEndsAt: isPaid ? null : new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
      });
      const team = await insertTeam(tx, client.id, userInfo.companyName);
      const user = await insertUser(
        tx,
        { clientId: client.id, teamId: team.id, username: userInfo.username, email: userInfo.email, firstName: userInfo.firstName, lastName: userInfo.lastName, passwordHash },
        ownerRoles(isPaid ? 'paid' : 'trial', options),
      );
      await setTeamOwner(tx, team.id, user.id);
      if (card) {
        await insertBillingAccount(tx, {
          clientId: client.id,
          provider: payments.name,
          customerId: card.customerId,
          paymentMethodToken: card.paymentMethodToken,
          cardLastFour: card.lastFour,
          paidSince: now,
        });
        await insertPlanPeriod(tx, client.id, client.teamType, now);
      }
      await recordAudit(tx as never, {
        action: 'account.created',
        actorUserId: user.id,
        actorUsername: user.username,
        clientId: client.id,
        ip: input.ip,
        details: { planType: plan.planType, teamType: client.teamType, searchOptions: options, companySize: userInfo.companySize, industry: userInfo.industry },
      });
      return { client, user };
    });
    return { userName: created.user.username, clientName: created.client.name, planType: plan.planType, cardLastFour: card?.lastFour ?? null, notices };
  } catch (error) {
    if (card) await payments.deleteCustomer(card.customerId).catch(() => {});
    throw asCreationFailure(ctx, error);
  }
}

/** A co-worker joins the inviting client and team, never as an owner; the invitation is used once. */
async function joinByInvitation(ctx: AppContext, input: SignUp, now: Date): Promise<CreateAccountResponse> {
  const { userInfo } = input;
  if (!userInfo.inviteId) throw new UserCreationFailure('INVALID_INVITATION', [REGISTRATION_MESSAGES.invitationLoadFailed]);
  await validateUserInfo(ctx.db, userInfo, await invitationFacts(ctx, userInfo.inviteId, now));
  const passwordHash = await hashPassword(userInfo.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const found = await findLiveInvitation(tx, userInfo.inviteId!, now);
      if (!found) throw new UserCreationFailure('INVALID_INVITATION', [REGISTRATION_MESSAGES.invitationLoadFailed]);
      const { invitation, client } = found;
      const user = await insertUser(
        tx,
        { clientId: client.id, teamId: invitation.teamId, username: userInfo.username, email: invitation.email, firstName: userInfo.firstName, lastName: userInfo.lastName, passwordHash },
        memberRoles(client.state, client.searchOptions),
      );
      // Single use even when two sign-ups race: only one claim succeeds.
      if (!(await claimInvitation(tx, invitation.id, user.id, now))) {
        throw new UserCreationFailure('INVALID_INVITATION', [REGISTRATION_MESSAGES.invitationLoadFailed]);
      }
      await recordAudit(tx as never, {
        action: 'account.joined_by_invitation',
        actorUserId: user.id,
        actorUsername: user.username,
        clientId: client.id,
        target: `team:${invitation.teamId}`,
        ip: input.ip,
        details: { invitationId: invitation.id, inviterUserId: invitation.inviterUserId },
      });
      return { userName: user.username, clientName: client.name, planType: 'INVITATION' as const, cardLastFour: null, notices: [] };
    });
  } catch (error) {
    throw asCreationFailure(ctx, error);
  }
}

function asCreationFailure(ctx: AppContext, error: unknown): UserCreationFailure {
  if (error instanceof UserCreationFailure) return error;
  // A sign-up racing another for the same username.
  if (isUniqueViolation(error) && String((error as Error).message ?? '').includes('users_username_lower')) {
    return new UserCreationFailure('USERNAME_TAKEN', [REGISTRATION_MESSAGES.usernameTaken], { username: REGISTRATION_MESSAGES.usernameTaken });
  }
  ctx.log.error({ err: error }, 'account creation failed');
  return new UserCreationFailure('CLIENT_CREATION', [REGISTRATION_MESSAGES.clientCreation]);
}
