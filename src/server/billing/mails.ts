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

/**
 * The receipt carries the invoice as a PDF. A cancelled account's is its last bill: its
 * Account Details page closes with the access, so the mail links to nothing (ADR 112).
 */
export async function mailReceipt(
  mailer: Mailer,
  to: { email: string; firstName: string },
  invoice: InvoiceFacts,
  document: { fileName: string; pdf: Buffer; isLast: boolean },
) {
  await mailer.send({
    to: to.email,
    subject: `Clearlist invoice ${invoice.number}: ${formatCents(invoice.totalCents)} paid${document.isLast ? ' (your last bill)' : ''}`,
    text:
      `Hello ${to.firstName},\n\n` +
      `Your ${document.isLast ? 'last ' : ''}Clearlist invoice ${invoice.number} for ${periodLabel(invoice.period)} comes to ${formatCents(invoice.totalCents)}, ` +
      `charged to the card ending ${invoice.cardLastFour ?? '----'}.\n\n` +
      (document.isLast
        ? `The invoice is attached to this mail as a PDF (${document.fileName}); please keep it, as your cancelled account no longer opens. ` +
          `There will be no further bills.\n`
        : `The invoice is attached to this mail as a PDF (${document.fileName}); it is also on your Account Details page.\n`),
    attachments: [{ filename: document.fileName, content: document.pdf, contentType: 'application/pdf' }],
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
