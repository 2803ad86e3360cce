/**
 * Plan changes of the account page (spec §4 Account states): trial upgrade, adding search
 * types (never removing), team plan upgrade (downgrade refused), cancel and reactivate.
 */
import { ACCOUNT_MESSAGES, type AccountDetails, type UpgradeTrialInput } from '#shared/account';
import type { SearchOption, TeamType } from '#shared/teams';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { dayOf, isoDay, nextBillingDate, customerDeclineReason, paymentsOf, findBillingAccount, insertBillingAccount, insertPlanPeriod, updateBillingAccount } from '../billing/public';
import { accountDetails } from './details';
import { findClientById, findUser, grantRolesToClientUsers, updateClient } from './queries';
import { orderedOptions } from './registration';
import { searchRolesFor } from './roles';

export interface Owner {
  userId: number;
  username: string;
  clientId: number;
  ip: string;
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

async function clientIn(ctx: AppContext, owner: Owner, states: readonly string[], message: string) {
  const client = await findClientById(ctx.db, owner.clientId);
  if (!client || client.planType === 'OPERATOR') throw new AppError('NOT_FOUND', 'This account has no plan or billing.');
  if (!states.includes(client.state)) throw refuse(message);
  return client;
}

const audit = (ctx: AppContext, owner: Owner, action: string, details: Record<string, unknown>) =>
  recordAudit(ctx.db, { action, actorUserId: owner.userId, actorUsername: owner.username, clientId: owner.clientId, ip: owner.ip, details });

/** Trial → paid company account: the card is verified first; NAME stays (it cannot be removed). */
export async function upgradeTrial(ctx: AppContext, owner: Owner, input: UpgradeTrialInput): Promise<AccountDetails> {
  const client = await clientIn(ctx, owner, ['trial'], ACCOUNT_MESSAGES.notTrial);
  const user = (await findUser(ctx.db, owner.userId))!;
  const payments = paymentsOf(ctx);
  const card = await payments.createCustomer({
    nonce: input.nonce,
    deviceData: input.deviceId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    company: client.name,
  });
  if (!card.ok) {
    await audit(ctx, owner, 'account.card_refused', { messages: card.messages });
    throw refuse(customerDeclineReason(card.messages));
  }
  const options = orderedOptions([...input.searchOptions, 'NAME']);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await updateClient(tx, client.id, { planType: 'COMPANY', state: 'paid', teamType: input.teamType, searchOptions: options, trialEndsAt: null, trialSearchesPerMonth: null });
      await insertBillingAccount(tx, { clientId: client.id, provider: payments.name, customerId: card.customerId, paymentMethodToken: card.paymentMethodToken, cardLastFour: card.lastFour, paidSince: now });
      await insertPlanPeriod(tx, client.id, input.teamType, now);
      await grantRolesToClientUsers(tx, client.id, ['paying_user', ...searchRolesFor(options)]);
      await grantRolesToClientUsers(tx, client.id, ['domain_admin_user'], [owner.userId]);
    });
  } catch (error) {
    await payments.deleteCustomer(card.customerId).catch(() => {});
    throw error;
  }
  await audit(ctx, owner, 'account.upgraded', { teamType: input.teamType, searchOptions: options });
  return accountDetails(ctx, client.id);
}

/** Adds search types; the list must keep every existing one and add at least one. */
export async function addSearchOptions(ctx: AppContext, owner: Owner, wanted: SearchOption[]): Promise<AccountDetails> {
  const client = await clientIn(ctx, owner, ['paid'], ACCOUNT_MESSAGES.notPaid);
  const current = client.searchOptions;
  if (current.some((o) => !wanted.includes(o as SearchOption))) throw refuse(ACCOUNT_MESSAGES.cannotRemoveSearchTypes);
  const added = wanted.filter((o) => !current.includes(o));
  if (!added.length) throw refuse(ACCOUNT_MESSAGES.noNewSearchTypes);
  const options = orderedOptions([...current, ...added]);
  if (options.includes('OFAC') && !options.includes('NAME')) throw refuse(ACCOUNT_MESSAGES.ofacNeedsName);
  await ctx.db.transaction(async (tx) => {
    await updateClient(tx, client.id, { searchOptions: options });
    await grantRolesToClientUsers(tx, client.id, searchRolesFor(added));
  });
  await audit(ctx, owner, 'account.search_options_added', { added, searchOptions: options });
  return accountDetails(ctx, client.id);
}

/** SINGLE → MULTI_TEAM; the way back is through support. */
export async function changeTeamPlan(ctx: AppContext, owner: Owner, teamType: TeamType): Promise<AccountDetails> {
  const client = await clientIn(ctx, owner, ['paid'], ACCOUNT_MESSAGES.notPaid);
  if (client.teamType === teamType) throw refuse(ACCOUNT_MESSAGES.alreadyThatPlan);
  if (teamType === 'SINGLE') throw refuse(ACCOUNT_MESSAGES.cannotDowngrade);
  // The new plan's rate applies from today: the month is billed in parts (ADR 030).
  await ctx.db.transaction(async (tx) => {
    await updateClient(tx, client.id, { teamType });
    await insertPlanPeriod(tx, client.id, teamType, ctx.now());
  });
  await audit(ctx, owner, 'account.team_plan_changed', { from: client.teamType, to: teamType });
  return accountDetails(ctx, client.id);
}

/** Paid → disabling: access continues until the next billing date, which bills the last period. */
export async function cancelAccount(ctx: AppContext, owner: Owner): Promise<AccountDetails> {
  const client = await clientIn(ctx, owner, ['paid'], ACCOUNT_MESSAGES.notCancellable);
  const now = ctx.now();
  const accessEndsAt = dayOf(isoDay(nextBillingDate(now)));
  await ctx.db.transaction(async (tx) => {
    await updateClient(tx, client.id, { state: 'disabling', accessEndsAt });
    if (await findBillingAccount(tx, client.id)) await updateBillingAccount(tx, client.id, { cancelledAt: now });
  });
  await audit(ctx, owner, 'account.cancelled', { accessEndsOn: isoDay(accessEndsAt) });
  return accountDetails(ctx, client.id);
}

/** Disabling → paid, while access has not ended. */
export async function reactivateAccount(ctx: AppContext, owner: Owner): Promise<AccountDetails> {
  const client = await clientIn(ctx, owner, ['disabling'], ACCOUNT_MESSAGES.notDisabling);
  if (client.accessEndsAt && client.accessEndsAt <= ctx.now()) throw refuse(ACCOUNT_MESSAGES.notDisabling);
  await ctx.db.transaction(async (tx) => {
    await updateClient(tx, client.id, { state: 'paid', accessEndsAt: null });
    if (await findBillingAccount(tx, client.id)) await updateBillingAccount(tx, client.id, { cancelledAt: null });
  });
  await audit(ctx, owner, 'account.reactivated', {});
  return accountDetails(ctx, client.id);
}
