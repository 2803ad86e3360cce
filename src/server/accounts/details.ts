/** The account page's data (spec §3 Account details response): trial allowance or plan, usage, card. */
import { PLAN_NAMES, PLAN_PRICE_CENTS, TRIAL_SEARCHES_PER_MONTH, type AccountDetails, type PlanPreview } from '#shared/account';
import { dollarsFromCents } from '#shared/money';
import { TEAM_TYPES, type AccountState, type SearchOption, type TeamType } from '#shared/teams';
import type { AppContext } from '../app-context';
import { AppError } from '../http/errors';
import { currentPeriod, isoDay, nextBillingDate, type Period, failedChargeOf, findBillingAccount, monthStatement, planChargeIfChanged, planSpansOf, type PlanSpan, type StatementLine, searchCount } from '../billing/public';
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
      trialEndsOn: client.trialEndsAt ? isoDay(client.trialEndsAt) : null,
      basePricingItem: null,
      planItems: [],
      lineItems: [],
      monthToDate: 0,
      planPreviews: TEAM_TYPES.map((t) => preview(month, [], null, t, now)),
      nextBillingDate: null,
      accessEndsOn: null,
      braintreeCustomerId: null,
      cardLastFour: null,
      failedCharge: null,
    };
  }
  const account = await findBillingAccount(ctx.db, client.id);
  const paidSince = account?.paidSince ?? month.start;
  const spans = await planSpansOf(ctx.db, client.id, teamType, paidSince);
  const statement = await monthStatement(ctx.db, client, paidSince, month, spans);
  const asItem = (line: StatementLine) => ({
    description: line.description,
    searchOption: line.searchOption as SearchOption | null,
    unitPrice: dollarsFromCents(line.unitPriceCents),
    quantity: line.quantity,
    total: dollarsFromCents(line.totalCents),
  });
  const priceCents = PLAN_PRICE_CENTS[teamType];
  // Only upgrades are offered on the page (a downgrade goes through support).
  const upgrades = state === 'paid' && teamType === 'SINGLE' ? (['MULTI_TEAM'] as const) : [];
  const failed = await failedChargeOf(ctx, client.id);
  return {
    ...base,
    trialSearchesLeft: null,
    trialSearchesPerMonth: null,
    trialResetsOn: null,
    trialEndsOn: null,
    basePricingItem: { description: `${PLAN_NAMES[teamType]} plan`, price: dollarsFromCents(priceCents) },
    planItems: statement.lines.filter((l) => l.isPlan).map(asItem),
    lineItems: statement.lines.filter((l) => !l.isPlan).map(asItem),
    monthToDate: dollarsFromCents(statement.totalCents),
    planPreviews: upgrades.map((t) => preview(month, spans, paidSince, t, now)),
    nextBillingDate: state === 'disabled' ? null : isoDay(nextBillingDate(now)),
    accessEndsOn: state === 'disabling' && client.accessEndsAt ? isoDay(client.accessEndsAt) : null,
    braintreeCustomerId: account?.customerId ?? null,
    cardLastFour: account?.cardLastFour ?? null,
    failedCharge: failed && { invoiceId: failed.invoiceId, period: failed.period, total: dollarsFromCents(failed.totalCents), attempts: failed.attempts, lastError: failed.lastError, nextAttemptOn: failed.nextAttemptOn },
  };
}

function preview(month: Period, spans: PlanSpan[], paidSince: Date | null, teamType: TeamType, now: Date): PlanPreview {
  return { teamType, monthlyPrice: dollarsFromCents(PLAN_PRICE_CENTS[teamType]), thisMonth: dollarsFromCents(planChargeIfChanged(month, spans, paidSince, teamType, now)) };
}
