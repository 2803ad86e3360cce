import { describe, expect, it } from 'vitest';
import {
  currentPeriod,
  daysIn,
  dayOf,
  federalHolidays,
  firstBusinessDay,
  isBusinessDay,
  isoDay,
  nextBillingDate,
  periodLabel,
  periodOf,
  previousPeriod,
} from './calendar';

describe('US federal holidays as observed', () => {
  it('lists the eleven holidays of 2026 on their observed days', () => {
    expect([...federalHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday: observed Friday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('moves a Sunday holiday to Monday and a Saturday New Year to the Friday before', () => {
    expect(federalHolidays(2023).has('2023-01-02')).toBe(true);
    expect(federalHolidays(2021).has('2021-12-31')).toBe(true);
    expect(federalHolidays(2022).has('2022-01-01')).toBe(false);
  });

  it('has no Juneteenth before 2021', () => {
    expect(federalHolidays(2020).has('2020-06-19')).toBe(false);
    expect(federalHolidays(2022).has('2022-06-20')).toBe(true); // Sunday → Monday
  });
});

describe('the first business day of a month', () => {
  const first = (y: number, m0: number) => isoDay(firstBusinessDay(y, m0));

  it('is the 1st when it is a working weekday', () => {
    expect(first(2026, 4)).toBe('2026-05-01'); // Friday
    expect(first(2026, 8)).toBe('2026-09-01'); // Tuesday; Labor Day is the 7th
    expect(first(2026, 11)).toBe('2026-12-01');
  });

  it('skips weekends', () => {
    expect(first(2026, 1)).toBe('2026-02-02'); // Feb 1 is a Sunday
    expect(first(2026, 7)).toBe('2026-08-03'); // Aug 1 is a Saturday
    expect(first(2027, 4)).toBe('2027-05-03');
    expect(first(2026, 10)).toBe('2026-11-02');
  });

  it('skips New Year’s Day and Labor Day', () => {
    expect(first(2026, 0)).toBe('2026-01-02'); // Thursday holiday
    expect(first(2023, 0)).toBe('2023-01-03'); // Sunday, observed Monday the 2nd
    expect(first(2022, 0)).toBe('2022-01-03'); // Saturday, then Sunday
    expect(first(2028, 0)).toBe('2028-01-03');
    expect(first(2025, 8)).toBe('2025-09-02'); // September 1 2025 is Labor Day
  });

  it('knows business days', () => {
    expect(isBusinessDay(dayOf('2026-07-03'))).toBe(false);
    expect(isBusinessDay(dayOf('2026-07-06'))).toBe(true);
    expect(isBusinessDay(dayOf('2026-11-27'))).toBe(true); // the day after Thanksgiving is not federal
  });
});

describe('billing dates and periods', () => {
  it('next billing date: this month’s first business day until it, then next month’s', () => {
    expect(isoDay(nextBillingDate(new Date('2026-01-01T15:00:00Z')))).toBe('2026-01-02');
    expect(isoDay(nextBillingDate(new Date('2026-01-02T09:00:00Z')))).toBe('2026-02-02');
    expect(isoDay(nextBillingDate(new Date('2026-04-15T12:00:00Z')))).toBe('2026-05-01');
    expect(isoDay(nextBillingDate(new Date('2026-12-31T23:59:59Z')))).toBe('2027-01-04'); // Jan 1 Fri holiday, then weekend
    expect(isoDay(nextBillingDate(new Date('2025-08-31T10:00:00Z')))).toBe('2025-09-02');
  });

  it('periods across month and year ends and leap years', () => {
    expect(previousPeriod(new Date('2026-01-02T07:00:00Z')).key).toBe('2025-12');
    expect(currentPeriod(new Date('2026-12-31T23:00:00Z')).key).toBe('2026-12');
    expect(daysIn(periodOf(2028, 1))).toBe(29);
    expect(daysIn(periodOf(2026, 1))).toBe(28);
    expect(daysIn(periodOf(2100, 1))).toBe(28); // not a leap year
    expect(daysIn(periodOf(2000, 1))).toBe(29);
    expect(periodOf(2026, 12).key).toBe('2027-01');
    expect(periodLabel('2026-04')).toBe('April 2026');
  });

});
