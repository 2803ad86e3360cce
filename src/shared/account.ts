/**
 * Contracts of the account page (spec accounts-and-access §2 Account Details, §3, §4 Account
 * states, §7, §8, §9): plans and prices, account details, plan changes, card update,
 * invoices and co-worker invitations. Constants count integer cents; answers give dollars
 * rounded to the cent under the spec's names (price, unitPrice, total; ADR 028).
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import { DollarsSchema, centsFromDollars } from './money';
import { SEARCH_PRICE_CENTS } from './prices';
import { SEARCH_OPTIONS, TEAM_TYPES, ACCOUNT_STATES, type SearchOption, type TeamType } from './teams';

/** Monthly plan prices in cents (spec §9). */
export const PLAN_PRICE_CENTS: Record<TeamType, number> = { SINGLE: 3000, MULTI_TEAM: 7500 };
export const PLAN_NAMES: Record<TeamType, string> = { SINGLE: 'Single Team', MULTI_TEAM: 'Unlimited Teams' };

/** What the plan and search option pickers show, prices from src/shared/prices.ts. */
export const PLAN_CHOICES = TEAM_TYPES.map((teamType) => ({ teamType, name: PLAN_NAMES[teamType], priceCents: PLAN_PRICE_CENTS[teamType] }));
export const SEARCH_OPTION_NAMES: Record<SearchOption, string> = {
  NAME: 'Name Search',
  NPI: 'NPI Search',
  OFAC: 'OFAC (add-on to the name search)',
  SSNDMF: 'SSN Death Master File',
};
export const SEARCH_OPTION_CHOICES = SEARCH_OPTIONS.map((option) => ({ option, name: SEARCH_OPTION_NAMES[option], priceCents: SEARCH_PRICE_CENTS[option] }));

/** Trial allowance (spec §9): 10 searches a month, resetting on the first. */
export const TRIAL_SEARCHES_PER_MONTH = 10;
/** Days a free trial lasts from sign-up (ADR 007). */
export const TRIAL_DAYS = 90;

/** The last day of a trial started at `start`, 'YYYY-MM-DD' (UTC), as the account page shows it. */
export function trialEndDay(start: Date): string {
  return new Date(start.getTime() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** Where trials are offered: how long one started now lasts, with its end date. */
export function trialLengthText(now: Date): string {
  return `The trial lasts ${TRIAL_DAYS} days: started today, it ends on ${formatLongDate(trialEndDay(now))}.`;
}

/** '$0.15', '$30.00', '$1,234.50' from cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** '$0.15', '$30.00' from an answer's dollar amount. */
export function formatDollars(dollars: number): string {
  return formatCents(centsFromDollars(dollars));
}

/** Texts of the account page (spec §8 word for word, typos included; the rest our own). */
export const ACCOUNT_MESSAGES = {
  searchTypesFailed: 'Search Types uodate failed. Error: ',
  teamPlanFailed: 'Team Plan uodate failed. Error: ',
  upgradeFailed: 'company account upgrade failed. Error: ',
  downgradeInfo: 'To downgrade your team plan please contact support.',
  searchTypesUpdated: 'Search Types updated successfully. Please logout and login again.',
  teamPlanUpdated: 'Team Plan updated successfully.',
  cardUpdated: 'Credit Card updated successfully.',
  upgradeThanks: 'Thank you for upgrading to a company account. Please logout and login again to use your new plan.',
  // Server refusals (the failure toasts append these texts).
  cannotRemoveSearchTypes: 'Search types cannot be removed.',
  noNewSearchTypes: 'Choose at least one search type you do not have yet.',
  cannotDowngrade: 'To downgrade your team plan please contact support.',
  alreadyThatPlan: 'Your account already has this team plan.',
  notTrial: 'Only a trial account can be upgraded.',
  notPaid: 'Only a paid account can do this.',
  notDisabling: 'Only a cancelled account can be reactivated.',
  notCancellable: 'Only an active paid account can be cancelled.',
  cardRequired: 'Please enter your card details.',
  ofacNeedsName: 'OFAC is an add-on to the name search: choose the Name Search too.',
  inviteSent: 'Invitation sent.',
  inviteTeamUnknown: 'Choose one of your teams.',
  inviteEmailInvalid: 'Please enter a valid e-mail address.',
} as const;

/** The cancel notice with the date access ends (spec §8), e.g. 'June 1, 2026'. */
export function cancelNotice(accessEndsOn: string): string {
  return `Your account has been cancelled. You keep access until ${formatLongDate(accessEndsOn)}; after that date the account will be disabled. You can reactivate it until then.`;
}

/**
 * A cancelled account's last bill (issue 53 §7): the next billing date still bills the month
 * being used, e.g. 'Your last bill, for December 2026, will be charged on January 4, 2027:
 * $30.30 so far this month. Access ends that day.'
 */
export function lastBillNotice(accessEndsOn: string, monthToDate: number): string {
  const [y, m] = accessEndsOn.slice(0, 10).split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 2, 1)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return `Your last bill, for ${month}, will be charged on ${formatLongDate(accessEndsOn)}: ${formatDollars(monthToDate)} so far this month. Access ends that day.`;
}

/** 'YYYY-MM-DD' → 'June 1, 2026' (no time zone shift). */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}

/** One line of usage (spec §3: description, unitPrice, quantity, total), amounts in dollars. */
export const LineItemSchema = z.object({
  description: z.string(),
  searchOption: z.enum(SEARCH_OPTIONS).nullable(),
  unitPrice: DollarsSchema,
  quantity: z.number().int(),
  total: DollarsSchema,
});
export type LineItem = z.infer<typeof LineItemSchema>;

/** A charge that failed and is being retried (shown on the account page). */
export const FailedChargeSchema = z.object({
  invoiceId: z.number(),
  period: z.string(),
  /** Dollars. */
  total: DollarsSchema,
  attempts: z.number().int(),
  lastError: z.string(),
  nextAttemptOn: z.string().nullable(),
});

/**
 * What this month's plan charge would be on another team plan from today (a trial: upgrading
 * today), by the calculation the invoice uses (ADR 030). Dollars.
 */
export const PlanPreviewSchema = z.object({
  teamType: z.enum(TEAM_TYPES),
  monthlyPrice: DollarsSchema,
  thisMonth: DollarsSchema,
});
export type PlanPreview = z.infer<typeof PlanPreviewSchema>;

/** GET /services/account (spec §3 Account details response). Dates are 'YYYY-MM-DD'. */
export const AccountDetailsSchema = z.object({
  clientName: z.string(),
  state: z.enum(ACCOUNT_STATES),
  trial: z.boolean(),
  disabling: z.boolean(),
  teamType: z.enum(TEAM_TYPES),
  searchOptions: z.array(z.enum(SEARCH_OPTIONS)),
  /** Trial only: searches left this month, of trialSearchesPerMonth; reset on trialResetsOn. */
  trialSearchesLeft: z.number().int().nullable(),
  trialSearchesPerMonth: z.number().int().nullable(),
  trialResetsOn: z.string().nullable(),
  /** Trial only: the day the trial ends (from then on, login answers TRIAL_EXPIRED). */
  trialEndsOn: z.string().nullable(),
  /** Paid: the plan's monthly price, in dollars. */
  basePricingItem: z.object({ description: z.string(), price: DollarsSchema }).nullable(),
  /** This month's plan charge as the invoice will bill it: one line per part of the month on one plan (prorated). */
  planItems: z.array(LineItemSchema),
  /** This month's usage so far, one line per search option. */
  lineItems: z.array(LineItemSchema),
  /** Plan (in parts when the plan changed) plus usage so far this month, in dollars: what the invoice will charge for it. */
  monthToDate: DollarsSchema,
  /** The team plans the account can move to now, with this month's plan charge if it did. */
  planPreviews: z.array(PlanPreviewSchema),
  nextBillingDate: z.string().nullable(),
  /** Disabling: the last day of access (the next billing date). */
  accessEndsOn: z.string().nullable(),
  braintreeCustomerId: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  failedCharge: FailedChargeSchema.nullable(),
});
export type AccountDetails = z.infer<typeof AccountDetailsSchema>;

/** PUT /services/account: trial upgrade to a paid company account. */
export const UpgradeTrialInputSchema = z.strictObject({
  nonce: z.string().trim().min(1).max(4000),
  searchOptions: z.array(z.enum(SEARCH_OPTIONS)).min(1).max(4),
  teamType: z.enum(TEAM_TYPES),
  deviceId: z.string().max(4000).optional(),
});
export type UpgradeTrialInput = z.infer<typeof UpgradeTrialInputSchema>;

/** PUT /services/account/searchoptions: the full list wanted (existing ones included). */
export const SearchOptionsInputSchema = z.array(z.enum(SEARCH_OPTIONS)).min(1).max(4);
/** PUT /services/account/teamoptions: a team type string. */
export const TeamOptionInputSchema = z.enum(TEAM_TYPES);
/** PUT /services/braintree/customer/{customerId}: the new card's nonce. */
export const UpdateCardInputSchema = z.strictObject({ nonce: z.string().trim().min(1).max(4000) });

/** Every change above answers the account's details as they are after it. */
export const AccountChangeResponseSchema = AccountDetailsSchema;

export const INVOICE_STATUSES = ['pending', 'paid', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** GET /services/account/invoices */
export const InvoiceSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  /** Billed month, 'YYYY-MM'. */
  period: z.string(),
  issuedOn: z.string(),
  /** Dollars. */
  total: DollarsSchema,
  status: z.enum(INVOICE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  paidOn: z.string().nullable(),
  cardLastFour: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;
export const InvoiceListSchema = z.array(InvoiceSummarySchema);
/** GET /services/account/invoices/{invoiceId}/pdf answers application/pdf. */
export const InvoiceIdParamsSchema = z.strictObject({ invoiceId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /services/account/invitations: invite a co-worker (account owners, domain admins). */
export const InviteCoworkerInputSchema = z.strictObject({
  email: z.string().trim().min(1, MESSAGES.required).max(254),
  /** The team the co-worker joins; the inviter's own team when absent. */
  teamId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type InviteCoworkerInput = z.infer<typeof InviteCoworkerInputSchema>;
export const InviteCoworkerResponseSchema = z.object({ message: z.string(), expiresAt: z.string() });
