import { describe, expect, it } from 'vitest';
import { periodOf } from './calendar';
import { planChargeIfChanged, planLines, type PlanSpan } from './month-statement';

const april = periodOf(2026, 3);
const at = (iso: string) => new Date(iso);
const single = (from: string): PlanSpan => ({ teamType: 'SINGLE', from: at(from) });
const multi = (from: string): PlanSpan => ({ teamType: 'MULTI_TEAM', from: at(from) });
const cents = (spans: PlanSpan[], paidSince: string, period = april) => planLines(period, spans, at(paidSince)).map((l) => [l.description, l.totalCents]);

describe('plan lines of a month', () => {
  it('prorates the plan by whole days from the day paying began', () => {
    expect(cents([single('2026-03-20T00:00:00Z')], '2026-03-20T00:00:00Z')).toEqual([['Single Team plan, April 2026', 3000]]);
    expect(cents([single('2026-04-01T00:00:00Z')], '2026-04-01T00:00:00Z')).toEqual([['Single Team plan, April 2026', 3000]]);
    expect(cents([single('2026-04-16T18:30:00Z')], '2026-04-16T18:30:00Z')).toEqual([['Single Team plan, April 2026 (from 2026-04-16)', 1500]]);
    expect(cents([multi('2026-04-30T23:00:00Z')], '2026-04-30T23:00:00Z')).toEqual([['Unlimited Teams plan, April 2026 (from 2026-04-30)', 250]]);
    expect(cents([single('2026-05-01T00:00:00Z')], '2026-05-01T00:00:00Z')).toEqual([]);
    // Leap February: 15 of 29 days.
    expect(cents([single('2028-02-15T10:00:00Z')], '2028-02-15T10:00:00Z', periodOf(2028, 1))).toEqual([['Single Team plan, February 2028 (from 2028-02-15)', 1552]]);
  });

  it('bills each part of a month at the rate of the plan it was on; the day of a change is at the new plan', () => {
    // Single all March, Unlimited from 11 April: 10 days Single, 20 days Unlimited.
    expect(cents([single('2026-03-02T09:00:00Z'), multi('2026-04-11T15:00:00Z')], '2026-03-02T09:00:00Z')).toEqual([
      ['Single Team plan, April 2026 (2026-04-01 to 2026-04-10)', 1000],
      ['Unlimited Teams plan, April 2026 (from 2026-04-11)', 5000],
    ]);
    // Signed up Single and upgraded the same day: the whole part is Unlimited.
    expect(cents([single('2026-04-23T08:00:00Z'), multi('2026-04-23T08:05:00Z')], '2026-04-23T08:00:00Z')).toEqual([['Unlimited Teams plan, April 2026 (from 2026-04-23)', 2000]]);
    // A change in an earlier month leaves this one whole.
    expect(cents([single('2026-01-05T00:00:00Z'), multi('2026-02-11T00:00:00Z')], '2026-01-05T00:00:00Z')).toEqual([['Unlimited Teams plan, April 2026', 7500]]);
  });

  it('previews the month’s plan charge of a change made now, by the same lines', () => {
    expect(planChargeIfChanged(april, [single('2026-03-02T09:00:00Z')], at('2026-03-02T09:00:00Z'), 'MULTI_TEAM', at('2026-04-11T15:00:00Z'))).toBe(6000);
    // A trial upgrading on 16 April starts paying then.
    expect(planChargeIfChanged(april, [], null, 'SINGLE', at('2026-04-16T10:00:00Z'))).toBe(1500);
  });
});
