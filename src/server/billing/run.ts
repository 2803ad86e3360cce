/**
 * The daily billing run (ADR 018). On and after the first business day of a month it
 * issues last month's missing invoices; every day it charges what is due (new invoices,
 * retries) and disables cancelled accounts whose period has ended. Every step is
 * idempotent, so the run is safe to repeat and to run on several workers at once.
 */
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { firstBusinessDay, previousPeriod } from './calendar';
import { chargeDueInvoices } from './charging';
import { issueInvoices } from './invoicing';
import { disableEndedClients } from './queries';

export interface BillingRunSummary {
  issued: number;
  paid: number;
  failed: number;
  disabled: number;
}

export async function runBillingDay(ctx: AppContext): Promise<BillingRunSummary> {
  const now = ctx.now();
  const billingDay = firstBusinessDay(now.getUTCFullYear(), now.getUTCMonth());
  const issued = now >= billingDay ? await issueInvoices(ctx.db, previousPeriod(now), now) : [];
  const charged = await chargeDueInvoices(ctx);
  const disabled = await disableEndedClients(ctx.db, now);
  for (const clientId of disabled) await recordAudit(ctx.db, { action: 'account.disabled', clientId, details: { reason: 'cancelled period ended' } });
  return { issued: issued.length, ...charged, disabled: disabled.length };
}
