/** The account page's data (spec §3 Account details response): trial allowance or plan, usage, card. */
import { PLAN_NAMES, PLAN_PRICE_CENTS, TRIAL_SEARCHES_PER_MONTH, type AccountDetails } from '#shared/account';
import { dollarsFromCents } from '#shared/money';
import type { AccountState, SearchOption, TeamType } from '#shared/teams';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { currentPeriod, isoDay, nextBillingDate } from '../billing/calendar';
import { failedChargeOf } from '../billing/charging';
import { findBillingAccount } from '../billing/queries';
import { searchCount, usageLines } from '../billing/usage-lines';
import { findClientById } from './queries';

export async function accountDetails(ctx: AppContext, clientId: number): Promise<AccountDetails> {
  const client = await findClientById(ctx.db, clientId);
  // The operator's own client has no plan to show.
  if (!client || client.planType === 'OPERATOR') throw new AppError('NOT_FOUND', 'This account has no plan or billing.');
  const now = ctx.now();
  const month = currentPeriod(now);
  const state = client.state as AccountState;
  const teamType = client.teamType as TeamType;
  const trial = state === 'trial';
  const base = {
    clientName: client.name,
    state,
    trial,
    disabling: state === 'disabling',
    teamType,
    searchOptions: client.searchOptions as SearchOption[],
  };
  if (trial) {
    const perMonth = client.trialSearchesPerMonth ?? TRIAL_SEARCHES_PER_MONTH;
    // The allowance counts this calendar month's searches only: it resets on the first.
    const used = await searchCount(ctx.db, client.id, month.start, month.end);
    return {
      ...base,
      trialSearchesLeft: Math.max(0, perMonth - used),
      trialSearchesPerMonth: perMonth,
      trialResetsOn: isoDay(month.end),
      basePricingItem: null,
      lineItems: [],
      monthToDate: 0,
      nextBillingDate: null,
      accessEndsOn: null,
      braintreeCustomerId: null,
      cardLastFour: null,
      failedCharge: null,
    };
  }
  const account = await findBillingAccount(ctx.db, client.id);
  const from = account && account.paidSince > month.start ? account.paidSince : month.start;
  const usage = await usageLines(ctx.db, client.id, from, month.end);
  const priceCents = PLAN_PRICE_CENTS[teamType];
  const failed = await failedChargeOf(ctx, client.id);
  return {
    ...base,
    trialSearchesLeft: null,
    trialSearchesPerMonth: null,
    trialResetsOn: null,
    basePricingItem: { description: `${PLAN_NAMES[teamType]} plan`, price: dollarsFromCents(priceCents) },
    lineItems: usage.map(({ unitPriceCents, totalCents, ...line }) => ({ ...line, unitPrice: dollarsFromCents(unitPriceCents), total: dollarsFromCents(totalCents) })),
    monthToDate: dollarsFromCents(priceCents + usage.reduce((n, l) => n + l.totalCents, 0)),
    nextBillingDate: state === 'disabled' ? null : isoDay(nextBillingDate(now)),
    accessEndsOn: state === 'disabling' && client.accessEndsAt ? isoDay(client.accessEndsAt) : null,
    braintreeCustomerId: account?.customerId ?? null,
    cardLastFour: account?.cardLastFour ?? null,
    failedCharge: failed && { invoiceId: failed.invoiceId, period: failed.period, total: dollarsFromCents(failed.totalCents), attempts: failed.attempts, lastError: failed.lastError, nextAttemptOn: failed.nextAttemptOn },
  };
}
