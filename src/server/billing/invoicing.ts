/**
 * Issuing invoices (ADR 018): on the first business day of a month, one invoice per paying
 * client for the month before: its plan (prorated by days for the month it started paying)
 * and its usage while paying. Idempotent: a client has one invoice per month whatever
 * runs it or how often.
 */
import { PLAN_NAMES, PLAN_PRICE_CENTS } from '#shared/account';
import type { TeamType } from '#shared/teams';
import type { Db } from '../db/client';
import { isoDay, periodLabel, planCentsFor, type Period } from './calendar';
import { billableClients, insertInvoiceOnce } from './queries';
import { usageLines } from './usage-lines';

export const invoiceNumber = (period: Period, clientId: number) => `CL-${period.key.replace('-', '')}-${String(clientId).padStart(5, '0')}`;

/** Issues the period's missing invoices; answers the ids of those created now. */
export async function issueInvoices(db: Db, period: Period, issuedOn: Date): Promise<number[]> {
  const created: number[] = [];
  for (const { client, account } of await billableClients(db, period.start, period.end)) {
    const teamType = client.teamType as TeamType;
    const planCents = planCentsFor(PLAN_PRICE_CENTS[teamType], period, account.paidSince);
    const prorated = planCents !== PLAN_PRICE_CENTS[teamType];
    const planLine = {
      position: 0,
      description: `${PLAN_NAMES[teamType]} plan, ${periodLabel(period.key)}${prorated ? ` (from ${isoDay(account.paidSince)})` : ''}`,
      searchOption: null,
      unitPriceCents: planCents,
      quantity: 1,
      totalCents: planCents,
      isPlan: true,
    };
    // Usage before the client paid (a trial's free searches) is not billed.
    const from = account.paidSince > period.start ? account.paidSince : period.start;
    const usage = (await usageLines(db, client.id, from, period.end)).map((line, i) => ({
      position: i + 1,
      description: line.description,
      searchOption: line.searchOption,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      totalCents: line.totalCents,
      isPlan: false,
    }));
    const lines = [planLine, ...usage];
    const id = await insertInvoiceOnce(
      db,
      {
        clientId: client.id,
        period: period.key,
        number: invoiceNumber(period, client.id),
        issuedOn: isoDay(issuedOn),
        clientName: client.name,
        totalCents: lines.reduce((n, l) => n + l.totalCents, 0),
        status: 'pending',
        cardLastFour: account.cardLastFour,
      },
      lines,
    );
    if (id !== null) created.push(id);
  }
  return created;
}
