/**
 * Charging invoices through the payment provider (ADR 018). Each invoice is claimed by one
 * worker with a conditional update before the provider is called, so several workers never
 * charge it twice; a failed charge is recorded, mailed, and retried the next day.
 */
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { isoDay } from './calendar';
import { invoicePdf } from './invoices';
import { mailChargeFailed, mailReceipt } from './mails';
import { paymentsOf } from './payments';
import { claimInvoice, clientStateOf, dueInvoiceIds, findBillingAccount, finishInvoice, latestFailedInvoice, listInvoices, findOwners } from './queries';

/** Charge attempts before a failed invoice waits for a card update. */
export const MAX_CHARGE_ATTEMPTS = 4;
const RETRY_AFTER_MS = 86_400_000;
/** A claim older than this belongs to a worker that died mid-charge. */
const STALE_CLAIM_MS = 60 * 60_000;

export interface ChargeOutcome {
  paid: number;
  failed: number;
}

/** Charges every invoice that is due now. */
export async function chargeDueInvoices(ctx: AppContext): Promise<ChargeOutcome> {
  const now = ctx.now();
  const outcome = { paid: 0, failed: 0 };
  for (const id of await dueInvoiceIds(ctx.db, now, MAX_CHARGE_ATTEMPTS, new Date(now.getTime() - STALE_CLAIM_MS))) {
    const result = await chargeInvoice(ctx, id);
    if (result) outcome[result] += 1;
  }
  return outcome;
}

/** Charges a client's failed invoices at once (after its card changed). */
export async function retryFailedInvoices(ctx: AppContext, clientId: number): Promise<void> {
  for (const invoice of await listInvoices(ctx.db, clientId)) if (invoice.status === 'failed') await chargeInvoice(ctx, invoice.id, { ignoreSchedule: true });
}

/** Charges one invoice if this worker can claim it; answers what happened (null: not ours). */
export async function chargeInvoice(ctx: AppContext, id: number, options: { ignoreSchedule?: boolean } = {}): Promise<'paid' | 'failed' | null> {
  const now = ctx.now();
  // A card update retries at once, whatever the schedule or the attempts so far.
  const invoice = await claimInvoice(ctx.db, id, now, new Date(now.getTime() - STALE_CLAIM_MS), options.ignoreSchedule);
  if (!invoice) return null;
  const account = await findBillingAccount(ctx.db, invoice.clientId);
  let result: { ok: true; transactionId: string | null } | { ok: false; messages: string[] };
  if (invoice.totalCents <= 0) result = { ok: true, transactionId: null };
  else if (!account) result = { ok: false, messages: ['No card is on file.'] };
  else {
    try {
      result = await paymentsOf(ctx).charge({
        customerId: account.customerId,
        paymentMethodToken: account.paymentMethodToken,
        amountCents: invoice.totalCents,
        orderId: invoice.number,
      });
    } catch (error) {
      // The provider could not be reached: a failure to retry, never a lost invoice.
      result = { ok: false, messages: [`The payment provider could not be reached (${error instanceof Error ? error.message : String(error)}).`] };
    }
  }
  const cardLastFour = account?.cardLastFour ?? invoice.cardLastFour;
  const owner = (await findOwners(ctx.db, invoice.clientId))[0];
  if (result.ok) {
    await finishInvoice(ctx.db, id, { status: 'paid', paidAt: now, transactionId: result.transactionId, lastError: null, nextAttemptAt: null, cardLastFour });
    await recordAudit(ctx.db, { action: 'invoice.paid', clientId: invoice.clientId, target: invoice.number, details: { totalCents: invoice.totalCents, attempt: invoice.attempts } });
    if (owner) {
      await mailSafely(ctx, invoice, async () => {
        // A cancelled account's invoice is its last one (ADR 112).
        const isLast = ['disabling', 'disabled'].includes((await clientStateOf(ctx.db, invoice.clientId)) ?? '');
        const { fileName, pdf } = await invoicePdf(ctx, invoice.clientId, id);
        await mailReceipt(ctx.mailer, owner, { ...invoice, cardLastFour }, { fileName, pdf, isLast });
      });
    }
    return 'paid';
  }
  const reason = result.messages.join(' ');
  const retries = invoice.attempts < MAX_CHARGE_ATTEMPTS;
  const nextAttemptAt = retries ? new Date(now.getTime() + RETRY_AFTER_MS) : null;
  await finishInvoice(ctx.db, id, { status: 'failed', lastError: reason, nextAttemptAt, cardLastFour });
  await recordAudit(ctx.db, { action: 'invoice.charge_failed', clientId: invoice.clientId, target: invoice.number, details: { reason, attempt: invoice.attempts } });
  if (owner) await mailSafely(ctx, invoice, () => mailChargeFailed(ctx.mailer, owner, { ...invoice, cardLastFour }, reason, nextAttemptAt ? isoDay(nextAttemptAt) : null));
  return 'failed';
}

/** The outcome is recorded already: a mail server that is down must not stop the run. */
async function mailSafely(ctx: AppContext, invoice: { clientId: number; number: string }, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    await recordAudit(ctx.db, { action: 'invoice.mail_failed', clientId: invoice.clientId, target: invoice.number, details: { error: error instanceof Error ? error.message : String(error) } });
  }
}

/** The failed charge the account page shows, if any. */
export async function failedChargeOf(ctx: AppContext, clientId: number) {
  const invoice = await latestFailedInvoice(ctx.db, clientId);
  if (!invoice) return null;
  return {
    invoiceId: invoice.id,
    period: invoice.period,
    totalCents: invoice.totalCents,
    attempts: invoice.attempts,
    lastError: invoice.lastError ?? '',
    nextAttemptOn: invoice.nextAttemptAt && invoice.attempts < MAX_CHARGE_ATTEMPTS ? isoDay(invoice.nextAttemptAt) : null,
  };
}
