/**
 * What the account page says is what is charged (issue: month to date ≠ the bill): over generated
 * sign-up dates, trial upgrades, mid-month team plan changes and usage, the page's month to date
 * read at the month's last minute equals, to the cent, the invoice the billing run then issues,
 * line by line, and the receipt e-mail's amount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema, formatCents, InvoiceListSchema } from '#shared/account';
import type { TeamType } from '#shared/teams';
import { firstBusinessDay } from '#server/billing/calendar';
import { runBillingDay } from '#server/billing/run';
import { linesOf } from '#server/billing/queries';
import { createTestApp, type TestApp } from '#test/app';
import { addUsage, putJsonString, signUp } from '#test/billing';
import { readOutbox } from '#test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator, so a failure names a scenario that can be replayed. */
function generator(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

interface Scenario {
  year: number;
  month0: number;
  startDay: number;
  startHour: number;
  /** How the client starts: paid on a plan, or a trial upgraded on startDay. */
  start: 'paid' | 'trial-upgrade';
  teamType: TeamType;
  /** A Single → Unlimited change on this day, if any. */
  changeDay: number | null;
  usage: { day: number; count: number }[];
}

const at = (s: Scenario, day: number, hour: number) => new Date(Date.UTC(s.year, s.month0, day, hour, 30));
const lastDay = (s: Scenario) => new Date(Date.UTC(s.year, s.month0 + 1, 0)).getUTCDate();

function scenarios(): Scenario[] {
  const g = generator(20261123);
  // Months whose billing day falls after a holiday or a weekend are among them (Jan, Jun, Aug 2026, Jan 2027).
  const months: [number, number][] = [
    [2026, 0],
    [2026, 1],
    [2026, 4],
    [2026, 5],
    [2026, 7],
    [2026, 10],
    [2026, 11],
    [2027, 1],
  ];
  return months.map(([year, month0], i) => {
    const s: Scenario = { year, month0, startDay: 1, startHour: 0, start: i % 3 === 2 ? 'trial-upgrade' : 'paid', teamType: 'SINGLE', changeDay: null, usage: [] };
    const days = lastDay(s);
    s.startDay = i === 0 ? 1 : g.int(1, days);
    s.startHour = g.int(0, 23);
    s.teamType = s.start === 'paid' && i % 4 === 3 ? 'MULTI_TEAM' : 'SINGLE';
    s.changeDay = s.teamType === 'SINGLE' && i % 2 === 1 ? g.int(s.startDay, days) : null;
    s.usage = Array.from({ length: g.int(0, 3) }, () => ({ day: g.int(1, days), count: g.int(1, 40) }));
    return s;
  });
}

describe('the account page’s month to date is the invoice', () => {
  for (const s of scenarios()) {
    it(`agrees for ${JSON.stringify(s)}`, async () => {
      t.setNow(at(s, s.startDay, s.startHour));
      const account = await signUp(t, s.start === 'paid' ? { planType: 'COMPANY', teamType: s.teamType, searchOptions: ['NAME', 'NPI'] } : { planType: 'FREE' });
      if (s.start === 'trial-upgrade') {
        const res = await account.agent.put('/services/account', { nonce: 'fake-valid-nonce', searchOptions: ['NAME', 'NPI'], teamType: s.teamType });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (const u of s.usage) await addUsage(t, account.clientId, u.day % 2 ? 'NAME' : 'NPI', u.count, at(s, u.day, 12));
      if (s.changeDay) {
        t.setNow(at(s, s.changeDay, Math.max(s.startHour, 20)));
        await account.relogin();
        const res = await putJsonString(account.agent, '/services/account/teamoptions', 'MULTI_TEAM');
        expect(res.statusCode, res.body).toBe(200);
      }
      t.setNow(new Date(Date.UTC(s.year, s.month0, lastDay(s), 23, 59)));
      await account.relogin();
      const page = AccountDetailsSchema.parse((await account.agent.get('/services/account')).json());
      const pageCents = Math.round(page.monthToDate * 100);
      const pageLines = [...page.planItems, ...page.lineItems].map((l) => [l.description, Math.round(l.total * 100)]);
      expect(pageLines.reduce((n, [, c]) => n + (c as number), 0)).toBe(pageCents);

      const billingDay = firstBusinessDay(s.year, s.month0 + 1);
      t.setNow(new Date(billingDay.getTime() + 12 * 3_600_000));
      await runBillingDay(t.ctx);
      await account.relogin();
      const period = new Date(Date.UTC(s.year, s.month0, 1)).toISOString().slice(0, 7);
      const invoice = InvoiceListSchema.parse((await account.agent.get('/services/account/invoices')).json()).find((i) => i.period === period);
      expect(invoice, 'an invoice for the month').toBeDefined();
      expect(Math.round(invoice!.total * 100)).toBe(pageCents);
      expect((await linesOf(t.ctx.db, invoice!.id)).map((l) => [l.description, l.totalCents])).toEqual(pageLines);
      const receipt = readOutbox(t.outboxDir).find((m) => m.subject.includes(invoice!.number));
      expect(receipt?.text).toContain(formatCents(pageCents));
    });
  }
});
