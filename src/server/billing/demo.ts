/** Demo billing: a card on file (offline provider) and paid invoices of the months already billed. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients, invoices } from '../db/schema';
import { firstBusinessDay, periodOf } from './calendar';
import { issueInvoices } from './invoicing';
import { insertBillingAccount, insertPlanPeriod } from './queries';

export async function seedDemoBilling(db: Db, clientId: number, now: Date): Promise<void> {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  await insertBillingAccount(db, {
    clientId,
    provider: 'offline',
    customerId: `offline_cus_demo_${clientId}`,
    paymentMethodToken: `offline_pm_demo_${clientId}`,
    cardLastFour: '1881',
    paidSince: new Date(Date.UTC(y, m - 3, 1)),
  });
  const [client] = await db.select({ teamType: clients.teamType }).from(clients).where(eq(clients.id, clientId));
  await insertPlanPeriod(db, clientId, client.teamType, new Date(Date.UTC(y, m - 3, 1)));
  for (const back of [3, 2, 1]) {
    const period = periodOf(y, m - back);
    const billingDay = firstBusinessDay(period.end.getUTCFullYear(), period.end.getUTCMonth());
    if (billingDay > now) continue;
    for (const id of await issueInvoices(db, period, billingDay)) {
      await db.update(invoices).set({ status: 'paid', attempts: 1, paidAt: billingDay, transactionId: `offline_tx_demo_${id}` }).where(eq(invoices.id, id));
    }
  }
}
