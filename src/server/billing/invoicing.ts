/**
 * Issuing invoices (ADR 018, 030): on the first business day of a month, one invoice per paying
 * client for the month before, with the lines of its month statement (the same calculation
 * as the account page). Idempotent: a client has one invoice per month whatever runs it or
 * how often.
 */
import type { Db } from '../db/client';
import { isoDay, type Period } from './calendar';
import { monthStatement } from './month-statement';
import { billableClients, insertInvoiceOnce } from './queries';

export const invoiceNumber = (period: Period, clientId: number) => `CL-${period.key.replace('-', '')}-${String(clientId).padStart(5, '0')}`;

/** Issues the period's missing invoices; answers the ids of those created now. */
export async function issueInvoices(db: Db, period: Period, issuedOn: Date): Promise<number[]> {
  const created: number[] = [];
  for (const { client, account } of await billableClients(db, period.start, period.end)) {
    const statement = await monthStatement(db, client, account.paidSince, period);
    const id = await insertInvoiceOnce(
      db,
      {
        clientId: client.id,
        period: period.key,
        number: invoiceNumber(period, client.id),
        issuedOn: isoDay(issuedOn),
        clientName: client.name,
        totalCents: statement.totalCents,
        status: 'pending',
        cardLastFour: account.cardLastFour,
      },
      statement.lines.map((line, position) => ({ ...line, position })),
    );
    if (id !== null) created.push(id);
  }
  return created;
}
