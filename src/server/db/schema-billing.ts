/** Tables of registration and billing: payment accounts, invoices and their lines, invitations (ADR 018). */
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, teams, users } from './schema-accounts';

/** A client's payment side: the provider's customer, the card's last four digits, when paying began. */
export const billingAccounts = pgTable('billing_accounts', {
  clientId: integer('client_id').primaryKey().references(() => clients.id),
  /** offline | braintree: the provider that holds the customer. */
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  /** The provider's token of the default card (never card data). */
  paymentMethodToken: text('payment_method_token').notNull(),
  cardLastFour: text('card_last_four').notNull(),
  /** When the client became a paying one (sign-up or trial upgrade): the first period is prorated from here. */
  paidSince: timestamp('paid_since', { withTimezone: true }).notNull(),
  /** When the owner cancelled (null when active); billing follows the client's access end. */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The team plan a paying client had from when (sign-up, trial upgrade, team plan change): each
 * part of a month is billed at the rate of the plan it was on (ADR 030).
 */
export const planPeriods = pgTable(
  'plan_periods',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    /** SINGLE | MULTI_TEAM */
    teamType: text('team_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('plan_periods_client').on(t.clientId, t.startsAt)],
);

/** One invoice per client and billed month; status pending | charging | paid | failed. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    /** The billed month, 'YYYY-MM'. */
    period: text('period').notNull(),
    number: text('number').notNull().unique(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    clientName: text('client_name').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a worker took the invoice to charge it (a stale claim is taken again). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transactionId: text('transaction_id'),
    cardLastFour: text('card_last_four'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_client_period').on(t.clientId, t.period), index('invoices_status').on(t.status)],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** NAME | NPI | OFAC | SSNDMF for usage lines; null for the plan. */
    searchOption: text('search_option'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    isPlan: boolean('is_plan').notNull().default(false),
  },
  (t) => [index('invoice_lines_invoice').on(t.invoiceId)],
);

/** Single-use invitations to join a client's team; only the sha256 of the link's id is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    idHash: text('id_hash').notNull().unique(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    teamId: integer('team_id').notNull().references(() => teams.id),
    inviterUserId: integer('inviter_user_id').notNull().references(() => users.id),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: integer('used_by_user_id').references(() => users.id),
  },
  (t) => [index('invitations_client').on(t.clientId)],
);
