/** SQL of billing: payment accounts, invoices and their lines, usage sums. */
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { billingAccounts, clients, invoiceLines, invoices, planPeriods, usageRecords, userRoles, users } from '../db/schema';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertBillingAccount(db: Executor, values: typeof billingAccounts.$inferInsert) {
  await db.insert(billingAccounts).values(values);
}

export async function findBillingAccount(db: Executor, clientId: number) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.clientId, clientId));
  return row ?? null;
}

export async function updateBillingAccount(db: Executor, clientId: number, values: Partial<typeof billingAccounts.$inferInsert>) {
  await db.update(billingAccounts).set({ ...values, updatedAt: new Date() }).where(eq(billingAccounts.clientId, clientId));
}

/** Records that the client is on this team plan from `startsAt` (sign-up, upgrade, plan change). */
export async function insertPlanPeriod(db: Executor, clientId: number, teamType: string, startsAt: Date) {
  await db.insert(planPeriods).values({ clientId, teamType, startsAt });
}

/** The client's team plans in the order they started. */
export async function planPeriodsOf(db: Executor, clientId: number) {
  return db.select({ teamType: planPeriods.teamType, startsAt: planPeriods.startsAt }).from(planPeriods).where(eq(planPeriods.clientId, clientId)).orderBy(asc(planPeriods.startsAt), asc(planPeriods.id));
}

/** Usage of a client in [from, to), one row per search option and unit price. */
export async function usageByOption(db: Executor, clientId: number, from: Date, to: Date) {
  const rows = await db
    .select({ searchOption: usageRecords.searchOption, unitPriceCents: usageRecords.unitPriceCents, quantity: sum(usageRecords.quantity) })
    .from(usageRecords)
    .where(and(eq(usageRecords.clientId, clientId), gte(usageRecords.createdAt, from), lt(usageRecords.createdAt, to)))
    .groupBy(usageRecords.searchOption, usageRecords.unitPriceCents)
    .orderBy(usageRecords.searchOption, usageRecords.unitPriceCents);
  return rows.map((r) => ({ searchOption: r.searchOption, unitPriceCents: r.unitPriceCents, quantity: Number(r.quantity ?? 0) }));
}

/**
 * Clients owing an invoice for a period: paying since before its end, and either still
 * paying or cancelled with access lasting to the period's end or later (a cancelled client
 * pays the month its access reaches the billing date of, then no more).
 */
export async function billableClients(db: Executor, periodStart: Date, periodEnd: Date) {
  return db
    .select({ client: clients, account: billingAccounts })
    .from(billingAccounts)
    .innerJoin(clients, eq(clients.id, billingAccounts.clientId))
    .where(
      and(
        lt(billingAccounts.paidSince, periodEnd),
        or(eq(clients.state, 'paid'), and(inArray(clients.state, ['disabling', 'disabled']), gte(clients.accessEndsAt, periodEnd))),
      ),
    )
    .orderBy(asc(clients.id));
}

/** Inserts an invoice with its lines unless the client already has one for the period. */
export async function insertInvoiceOnce(
  db: Db,
  invoice: typeof invoices.$inferInsert,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(invoices).values(invoice).onConflictDoNothing().returning({ id: invoices.id });
    if (!row) return null;
    if (lines.length) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
    return row.id;
  });
}

/** Invoices to charge now: new ones, failed ones whose retry is due, and stale claims. */
export async function dueInvoiceIds(db: Executor, now: Date, maxAttempts: number, staleBefore: Date) {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      or(
        eq(invoices.status, 'pending'),
        and(eq(invoices.status, 'failed'), lt(invoices.attempts, maxAttempts), lte(invoices.nextAttemptAt, now)),
        and(eq(invoices.status, 'charging'), lt(invoices.claimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(invoices.id));
  return rows.map((r) => r.id);
}

/** Takes an invoice for charging; null when another worker has it or it is no longer due. */
export async function claimInvoice(db: Executor, id: number, now: Date, staleBefore: Date, anyFailed = false) {
  const [row] = await db
    .update(invoices)
    .set({ status: 'charging', claimedAt: now, attempts: sql`${invoices.attempts} + 1` })
    .where(
      and(
        eq(invoices.id, id),
        or(
          eq(invoices.status, 'pending'),
          anyFailed ? eq(invoices.status, 'failed') : and(eq(invoices.status, 'failed'), lte(invoices.nextAttemptAt, now)),
          and(eq(invoices.status, 'charging'), lt(invoices.claimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function finishInvoice(db: Executor, id: number, values: Partial<typeof invoices.$inferInsert>) {
  await db.update(invoices).set({ ...values, claimedAt: null }).where(and(eq(invoices.id, id), eq(invoices.status, 'charging')));
}

export async function listInvoices(db: Executor, clientId: number) {
  return db.select().from(invoices).where(eq(invoices.clientId, clientId)).orderBy(desc(invoices.period));
}

export async function findInvoice(db: Executor, clientId: number, id: number) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.clientId, clientId)));
  return row ?? null;
}

export async function linesOf(db: Executor, invoiceId: number) {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
}

/** The latest failed invoice of a client, shown on the account page until paid. */
export async function latestFailedInvoice(db: Executor, clientId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.status, 'failed')))
    .orderBy(desc(invoices.period))
    .limit(1);
  return row ?? null;
}

/** A client's state ('paid', 'disabling', 'disabled'…), null when there is no such client. */
export async function clientStateOf(db: Executor, clientId: number): Promise<string | null> {
  const [row] = await db.select({ state: clients.state }).from(clients).where(eq(clients.id, clientId));
  return row?.state ?? null;
}

/** Disabling clients whose access has ended become disabled; answers their ids. */
export async function disableEndedClients(db: Executor, now: Date) {
  const rows = await db
    .update(clients)
    .set({ state: 'disabled' })
    .where(and(eq(clients.state, 'disabling'), lte(clients.accessEndsAt, now)))
    .returning({ id: clients.id });
  return rows.map((r) => r.id);
}

/** The account owners of a client (who receive billing mail), oldest first. */
export async function findOwners(db: Executor, clientId: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'account_owner_user')))
    .where(and(eq(users.clientId, clientId), eq(users.isActive, true)))
    .orderBy(users.id);
}
