/** Invoices on the account page: the list and each one as a PDF. */
import type { InvoiceSummary } from '#shared/account';
import { dollarsFromCents } from '#shared/money';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { isoDay } from './calendar';
import { renderInvoicePdf } from './pdf';
import { findInvoice, linesOf, listInvoices } from './queries';

/** 'charging' is shown as pending: the outcome is not known yet. */
const shownStatus = (status: string) => (status === 'paid' || status === 'failed' ? status : 'pending');

export async function invoicesOf(ctx: AppContext, clientId: number): Promise<InvoiceSummary[]> {
  return (await listInvoices(ctx.db, clientId)).map((i) => ({
    id: i.id,
    number: i.number,
    period: i.period,
    issuedOn: i.issuedOn,
    total: dollarsFromCents(i.totalCents),
    status: shownStatus(i.status),
    attempts: i.attempts,
    lastError: i.lastError,
    paidOn: i.paidAt ? isoDay(i.paidAt) : null,
    cardLastFour: i.cardLastFour,
  }));
}

export async function invoicePdf(ctx: AppContext, clientId: number, invoiceId: number): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = await findInvoice(ctx.db, clientId, invoiceId);
  if (!invoice) throw notFound('The invoice');
  const pdf = await renderInvoicePdf({
    number: invoice.number,
    period: invoice.period,
    issuedOn: invoice.issuedOn,
    clientName: invoice.clientName,
    status: shownStatus(invoice.status),
    paidOn: invoice.paidAt ? isoDay(invoice.paidAt) : null,
    cardLastFour: invoice.cardLastFour,
    totalCents: invoice.totalCents,
    lines: await linesOf(ctx.db, invoice.id),
  });
  return { fileName: `${invoice.number}.pdf`, pdf };
}
