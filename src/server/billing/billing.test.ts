import { eq } from 'drizzle-orm';
import { parse } from 'content-disposition';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema, InvoiceListSchema } from '#shared/account';
import { clients, invoiceLines, invoices } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { addUsage, signUp } from '#test/billing';
import { readOutbox } from '#test/outbox';
import { pdfText } from '#test/pdf-text';
import { startJobQueue } from '../jobs/queue';
import { billingDayJob } from './jobs';
import { createOfflineProvider } from './offline-provider';
import type { PaymentProvider } from './provider';
import { runBillingDay } from './run';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.payments = undefined;
});

const at = (iso: string) => new Date(iso);
const invoicesOf = (clientId: number) => t.ctx.db.select().from(invoices).where(eq(invoices.clientId, clientId)).orderBy(invoices.period);
const linesOf = (invoiceId: number) => t.ctx.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.position);
const run = async (iso: string) => {
  t.setNow(at(iso));
  return runBillingDay(t.ctx);
};

/** The offline provider, counting charges and failing the first `failures` of them. */
function countingProvider(failures = 0): PaymentProvider & { charges: string[] } {
  const offline = createOfflineProvider();
  const charges: string[] = [];
  return {
    ...offline,
    charges,
    async charge(input) {
      charges.push(input.orderId);
      if (charges.length <= failures) return { ok: false, messages: ['Insufficient Funds (2001)'] };
      return offline.charge(input);
    },
  };
}

describe('the monthly invoice', () => {
  it('bills a client that started mid-month its prorated plan and usage, on the first business day, once', async () => {
    t.setNow(at('2026-04-16T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'] });
    await addUsage(t, paid.clientId, 'NAME', 100, at('2026-04-16T11:00:00Z'));
    await addUsage(t, paid.clientId, 'NPI', 10, at('2026-04-30T23:59:59Z'));
    await addUsage(t, paid.clientId, 'NAME', 5, at('2026-05-01T00:00:00Z')); // May: next invoice

    await run('2026-04-30T07:00:00Z');
    expect(await invoicesOf(paid.clientId)).toHaveLength(0);

    await run('2026-05-01T07:00:00Z'); // Friday
    const [invoice] = await invoicesOf(paid.clientId);
    expect(invoice).toMatchObject({ period: '2026-04', issuedOn: '2026-05-01', status: 'paid', attempts: 1, totalCents: 1500 + 1500 + 200, cardLastFour: '1881' });
    expect(invoice.number).toBe(`CL-202604-${String(paid.clientId).padStart(5, '0')}`);
    expect((await linesOf(invoice.id)).map((l) => [l.description, l.unitPriceCents, l.quantity, l.totalCents])).toEqual([
      ['Single Team plan, April 2026 (from 2026-04-16)', 1500, 1, 1500],
      ['Name Search', 15, 100, 1500],
      ['NPI Search', 20, 10, 200],
    ]);
    const receipt = readOutbox(t.outboxDir).filter((m) => m.subject.includes(invoice.number));
    expect(receipt).toHaveLength(1);
    expect(receipt[0].subject).toBe(`Clearlist invoice ${invoice.number}: $32.00 paid`);
    expect(receipt[0].text).toContain('card ending 1881');

    // Running again (another worker, a retry, the next day) adds nothing and charges nothing.
    t.ctx.payments = countingProvider();
    await run('2026-05-01T09:00:00Z');
    await run('2026-05-02T07:00:00Z');
    expect(await invoicesOf(paid.clientId)).toHaveLength(1);
    expect((t.ctx.payments as ReturnType<typeof countingProvider>).charges).toEqual([]);
  });

  it('waits past a weekend: August 1 2026 is a Saturday, billing is Monday the 3rd', async () => {
    t.setNow(at('2026-06-20T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY', teamType: 'MULTI_TEAM' });
    await run('2026-07-01T07:00:00Z');
    await run('2026-08-01T07:00:00Z');
    await run('2026-08-02T07:00:00Z');
    expect((await invoicesOf(paid.clientId)).map((i) => i.period)).toEqual(['2026-06']);
    await run('2026-08-03T07:00:00Z');
    const all = await invoicesOf(paid.clientId);
    expect(all.map((i) => [i.period, i.issuedOn, i.totalCents])).toEqual([
      ['2026-06', '2026-07-01', 2750], // 11 of 30 days of $75
      ['2026-07', '2026-08-03', 7500],
    ]);
  });

  it('waits past New Year’s Day and a weekend: January 2027 bills on Monday the 4th', async () => {
    t.setNow(at('2026-11-30T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await run('2026-12-01T07:00:00Z');
    await run('2027-01-01T07:00:00Z');
    expect((await invoicesOf(paid.clientId)).map((i) => i.period)).toEqual(['2026-11']);
    await run('2027-01-04T07:00:00Z');
    expect((await invoicesOf(paid.clientId)).map((i) => [i.period, i.issuedOn])).toEqual([
      ['2026-11', '2026-12-01'],
      ['2026-12', '2027-01-04'],
    ]);
  });

  it('prorates February of a leap year over 29 days', async () => {
    t.setNow(at('2028-02-15T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await run('2028-03-01T07:00:00Z'); // Wednesday
    const [invoice] = await invoicesOf(paid.clientId);
    expect(invoice).toMatchObject({ period: '2028-02', totalCents: 1552 });
  });

  it('does not bill a trial’s free searches after it upgrades mid-month', async () => {
    t.setNow(at('2026-09-10T10:00:00Z'));
    const trial = await signUp(t, { planType: 'FREE' });
    await addUsage(t, trial.clientId, 'NAME', 8, at('2026-09-10T11:00:00Z'));
    t.setNow(at('2026-09-16T00:00:00Z'));
    await trial.relogin();
    expect((await trial.agent.put('/services/account', { nonce: 'fake-valid-nonce', searchOptions: ['NAME'], teamType: 'SINGLE' })).statusCode).toBe(200);
    await addUsage(t, trial.clientId, 'NAME', 2, at('2026-09-20T11:00:00Z'));
    await run('2026-10-01T07:00:00Z');
    const [invoice] = await invoicesOf(trial.clientId);
    expect((await linesOf(invoice.id)).map((l) => [l.quantity, l.totalCents])).toEqual([
      [1, 1500], // 15 of 30 days
      [2, 30],
    ]);
  });
});

describe('cancellation mid-period', () => {
  it('bills the last month in full, then disables the account; login answers ACCOUNT_DISABLED', async () => {
    t.setNow(at('2026-03-03T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await run('2026-04-01T07:00:00Z');
    t.setNow(at('2026-04-14T10:00:00Z'));
    await paid.relogin();
    const cancelled = AccountDetailsSchema.parse((await paid.agent.put('/services/account/cancel')).json());
    expect(cancelled.accessEndsOn).toBe('2026-05-01');
    await addUsage(t, paid.clientId, 'NAME', 4, at('2026-04-20T10:00:00Z'));

    await run('2026-04-30T07:00:00Z');
    expect((await t.ctx.db.select().from(clients).where(eq(clients.id, paid.clientId)))[0].state).toBe('disabling');
    await run('2026-05-01T07:00:00Z');
    const all = await invoicesOf(paid.clientId);
    expect(all.map((i) => [i.period, i.totalCents, i.status])).toEqual([
      ['2026-03', 2806, 'paid'], // 29 of 31 days
      ['2026-04', 3060, 'paid'], // no refund: the full month and its usage
    ]);
    expect((await t.ctx.db.select().from(clients).where(eq(clients.id, paid.clientId)))[0].state).toBe('disabled');
    expect(await new Agent(t.app).login(paid.username, paid.password)).toBe('ACCOUNT_DISABLED');

    // The last bill's mail carries the invoice itself: the account it could link to no longer opens (issue 53 §7).
    const last = all[1];
    const [mail] = readOutbox(t.outboxDir).filter((m) => m.subject.includes(last.number));
    expect(mail.subject).toBe(`Clearlist invoice ${last.number}: $30.60 paid (your last bill)`);
    expect(mail.text).toContain('attached to this mail as a PDF');
    expect(mail.text).not.toMatch(/Account Details|account-details|https?:\/\//);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${last.number}.pdf`, 'application/pdf']]);
    const pdf = mail.attachments[0].content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(last.number);
    expect(text).toContain('$30.60');

    await run('2026-06-01T07:00:00Z');
    expect(await invoicesOf(paid.clientId)).toHaveLength(2);
  });

  it('a client that reactivates keeps being billed', async () => {
    t.setNow(at('2026-10-05T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await paid.agent.put('/services/account/cancel');
    await paid.agent.put('/services/account/reactivate');
    await run('2026-11-02T07:00:00Z');
    await run('2026-12-01T07:00:00Z');
    expect((await invoicesOf(paid.clientId)).map((i) => i.period)).toEqual(['2026-10', '2026-11']);
  });
});

describe('failed charges', () => {
  it('are recorded, mailed, shown on the account page, retried the next day, never lost', async () => {
    t.setNow(at('2026-01-12T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    t.ctx.payments = countingProvider(2);
    await run('2026-02-02T07:00:00Z');
    let [invoice] = await invoicesOf(paid.clientId);
    expect(invoice).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Insufficient Funds (2001)' });
    const failure = readOutbox(t.outboxDir).filter((m) => m.subject === `Clearlist invoice ${invoice.number}: the payment failed`);
    expect(failure).toHaveLength(1);
    expect(failure[0].text).toContain('We will try again on 2026-02-03.');

    t.setNow(at('2026-02-02T12:00:00Z'));
    await paid.relogin();
    const shown = AccountDetailsSchema.parse((await paid.agent.get('/services/account')).json());
    expect(shown.failedCharge).toEqual({ invoiceId: invoice.id, period: '2026-01', total: invoice.totalCents / 100, attempts: 1, lastError: 'Insufficient Funds (2001)', nextAttemptOn: '2026-02-03' });
    expect(InvoiceListSchema.parse((await paid.agent.get('/services/account/invoices')).json())[0]).toMatchObject({ status: 'failed', lastError: 'Insufficient Funds (2001)' });

    await run('2026-02-02T20:00:00Z'); // not due yet
    expect((await invoicesOf(paid.clientId))[0].attempts).toBe(1);
    await run('2026-02-03T07:00:00Z');
    expect((await invoicesOf(paid.clientId))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    await run('2026-02-04T07:00:00Z');
    [invoice] = await invoicesOf(paid.clientId);
    expect(invoice).toMatchObject({ status: 'paid', attempts: 3, lastError: null });
    t.setNow(at('2026-02-04T08:00:00Z'));
    await paid.relogin();
    expect(AccountDetailsSchema.parse((await paid.agent.get('/services/account')).json()).failedCharge).toBeNull();
  });

  it('a sale in Braintree’s declined range fails with the offline provider; a new card retries it at once', async () => {
    t.setNow(at('2026-02-10T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await addUsage(t, paid.clientId, 'NAME', 13_334, at('2026-02-11T10:00:00Z')); // $2,000.10 + $30 × 19/28
    await run('2026-03-02T07:00:00Z');
    const [failed] = await invoicesOf(paid.clientId);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Do Not Honor (2000)' });

    t.setNow(at('2026-03-02T09:00:00Z'));
    await paid.relogin();
    t.ctx.payments = countingProvider(); // the new card's bank accepts
    const customer = AccountDetailsSchema.parse((await paid.agent.get('/services/account')).json()).braintreeCustomerId!;
    await t.ctx.db.update(invoices).set({ totalCents: 3000 }).where(eq(invoices.id, failed.id)); // below the declined range
    const res = await paid.agent.put(`/services/braintree/customer/${customer}`, { nonce: 'fake-valid-mastercard-nonce' });
    expect(res.statusCode).toBe(200);
    expect(AccountDetailsSchema.parse(res.json())).toMatchObject({ cardLastFour: '4444', failedCharge: null });
    expect((await invoicesOf(paid.clientId))[0]).toMatchObject({ status: 'paid', cardLastFour: '4444' });
  });
});

describe('several workers', () => {
  it('issue one invoice per client and charge it once when runs overlap', async () => {
    t.setNow(at('2027-02-10T10:00:00Z'));
    const a = await signUp(t, { planType: 'COMPANY' });
    const b = await signUp(t, { planType: 'COMPANY' });
    const provider = countingProvider();
    t.ctx.payments = provider;
    t.setNow(at('2027-03-01T07:00:00Z'));
    await Promise.all([runBillingDay(t.ctx), runBillingDay(t.ctx), runBillingDay(t.ctx)]);
    for (const c of [a, b]) expect((await invoicesOf(c.clientId)).map((i) => [i.period, i.status])).toEqual([['2027-02', 'paid']]);
    const mine = provider.charges.filter((n) => n.endsWith(String(a.clientId).padStart(5, '0')) || n.endsWith(String(b.clientId).padStart(5, '0')));
    expect(mine.sort()).toEqual([`CL-202702-${String(a.clientId).padStart(5, '0')}`, `CL-202702-${String(b.clientId).padStart(5, '0')}`].sort());
  });

  it('runs as the billing.day job on the queue', async () => {
    t.setNow(at('2027-04-20T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    const queue = await startJobQueue(t.ctx, [billingDayJob as never], { work: false, schedule: false });
    try {
      t.setNow(at('2027-05-03T07:00:00Z')); // May 1 2027 is a Saturday
      await queue.send(billingDayJob, {});
      expect(await queue.drain()).toBe(1);
    } finally {
      await queue.stop();
    }
    expect((await invoicesOf(paid.clientId)).map((i) => [i.period, i.issuedOn, i.status])).toEqual([['2027-04', '2027-05-03', 'paid']]);
  });
});

describe('invoices on the account page', () => {
  it('are listed newest first and download as PDF; another client’s invoice is 404', async () => {
    t.setNow(at('2027-06-07T10:00:00Z'));
    const paid = await signUp(t, { planType: 'COMPANY' });
    await addUsage(t, paid.clientId, 'SSNDMF', 3, at('2027-06-08T10:00:00Z'));
    await run('2027-07-01T07:00:00Z');
    await run('2027-08-02T07:00:00Z');
    t.setNow(at('2027-08-02T08:00:00Z'));
    await paid.relogin();
    const list = InvoiceListSchema.parse((await paid.agent.get('/services/account/invoices')).json());
    expect(list.map((i) => [i.period, i.status, i.paidOn])).toEqual([
      ['2027-07', 'paid', '2027-08-02'],
      ['2027-06', 'paid', '2027-07-01'],
    ]);
    const pdf = await paid.agent.get(`/services/account/invoices/${list[1].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(parse(String(pdf.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: `${list[1].number}.pdf` } });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);

    const other = await signUp(t, { planType: 'COMPANY' });
    expect((await other.agent.get(`/services/account/invoices/${list[1].id}/pdf`)).statusCode).toBe(404);
    expect(InvoiceListSchema.parse((await other.agent.get('/services/account/invoices')).json())).toEqual([]);
  });
});

describe('a mail server that is down', () => {
  it('does not stop the charge being recorded nor the other invoices', async () => {
    t.setNow(at('2027-09-14T10:00:00Z'));
    const a = await signUp(t, { planType: 'COMPANY' });
    const b = await signUp(t, { planType: 'COMPANY' });
    const mailer = t.ctx.mailer;
    t.ctx.mailer = { send: async () => Promise.reject(new Error('SMTP down')), describe: () => 'down' };
    try {
      await run('2027-10-01T07:00:00Z');
    } finally {
      t.ctx.mailer = mailer;
    }
    for (const c of [a, b]) expect((await invoicesOf(c.clientId)).map((i) => i.status)).toEqual(['paid']);
  });
});
