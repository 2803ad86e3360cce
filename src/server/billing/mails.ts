/** Billing mail to the account owner: a receipt, or a failed charge that will be retried. */
import { formatCents } from '#shared/account';
import type { Mailer } from '../mail/mailer';
import { periodLabel } from './calendar';

interface InvoiceFacts {
  number: string;
  period: string;
  totalCents: number;
  cardLastFour: string | null;
}

export async function mailReceipt(mailer: Mailer, to: { email: string; firstName: string }, invoice: InvoiceFacts) {
  await mailer.send({
    to: to.email,
    subject: `Clearlist invoice ${invoice.number}: ${formatCents(invoice.totalCents)} paid`,
    text:
      `Hello ${to.firstName},\n\n` +
      `Your Clearlist invoice ${invoice.number} for ${periodLabel(invoice.period)} comes to ${formatCents(invoice.totalCents)}, ` +
      `charged to the card ending ${invoice.cardLastFour ?? '----'}.\n\n` +
      `The invoice is on your Account Details page, where you can download it as a PDF.\n`,
  });
}

export async function mailChargeFailed(
  mailer: Mailer,
  to: { email: string; firstName: string },
  invoice: InvoiceFacts,
  reason: string,
  nextAttemptOn: string | null,
) {
  await mailer.send({
    to: to.email,
    subject: `Clearlist invoice ${invoice.number}: the payment failed`,
    text:
      `Hello ${to.firstName},\n\n` +
      `We could not charge ${formatCents(invoice.totalCents)} for your Clearlist invoice ${invoice.number} (${periodLabel(invoice.period)}) ` +
      `to the card ending ${invoice.cardLastFour ?? '----'}. The card processor answered: ${reason}\n\n` +
      (nextAttemptOn ? `We will try again on ${nextAttemptOn}. ` : 'We will not try again automatically. ') +
      `To pay it now, update your card on the Account Details page: the invoice is charged to the new card at once.\n`,
  });
}
