/**
 * The billing calendar (ADR 018): US federal holidays as observed (5 U.S.C. 6103 and OPM's
 * Saturday → Friday, Sunday → Monday rule), business days, the first business day of a
 * month, billing periods. Pure functions on UTC dates; 'YYYY-MM-DD' strings at the edges.
 */

/** 'YYYY-MM-DD' of a date, in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Midnight UTC of a 'YYYY-MM-DD' day. */
export const dayOf = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);

const utc = (year: number, month0: number, day: number) => new Date(Date.UTC(year, month0, day));

/** The n-th (1-based) given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month0: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month0, 1).getUTCDay();
    return utc(year, month0, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = utc(year, month0 + 1, 0);
  return utc(year, month0, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7));
}

/** A fixed-date holiday moved to the weekday it is observed on. */
function observed(d: Date): Date {
  const wd = d.getUTCDay();
  if (wd === 6) return utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 1);
  if (wd === 0) return utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return d;
}

/** The observed federal holidays falling in a year, as 'YYYY-MM-DD'. */
export function federalHolidays(year: number): Set<string> {
  const days: Date[] = [
    observed(utc(year, 0, 1)), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    observed(utc(year, 6, 4)), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(utc(year, 10, 11)), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(utc(year, 11, 25)), // Christmas Day
  ];
  if (year >= 2021) days.push(observed(utc(year, 5, 19))); // Juneteenth
  // New Year's Day of the next year, observed on Friday December 31 when it is a Saturday.
  const nextNewYear = observed(utc(year + 1, 0, 1));
  if (nextNewYear.getUTCFullYear() === year) days.push(nextNewYear);
  return new Set(days.filter((d) => d.getUTCFullYear() === year).map(isoDay));
}

/** True on weekdays that are not observed federal holidays. */
export function isBusinessDay(day: Date): boolean {
  const wd = day.getUTCDay();
  if (wd === 0 || wd === 6) return false;
  return !federalHolidays(day.getUTCFullYear()).has(isoDay(day));
}

/** The first business day of the month of `year`/`month0` (0-based month). */
export function firstBusinessDay(year: number, month0: number): Date {
  for (let d = 1; ; d += 1) {
    const day = utc(year, month0, d);
    if (isBusinessDay(day)) return day;
  }
}

/** The next billing date after today (on a billing day, the next month's: today's billing runs today). */
export function nextBillingDate(now: Date): Date {
  const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisMonth = firstBusinessDay(today.getUTCFullYear(), today.getUTCMonth());
  if (today < thisMonth) return thisMonth;
  // Date.UTC carries month 12 into January of the next year.
  return firstBusinessDay(today.getUTCFullYear(), today.getUTCMonth() + 1);
}

/** A billed month: 'YYYY-MM' with its first instant and the first instant after it (UTC). */
export interface Period {
  key: string;
  start: Date;
  end: Date;
}

/** The month `month0` (0-based; -1 and 12 carry into the neighbouring years) of `year`. */
export function periodOf(year: number, month0: number): Period {
  const start = utc(year, month0, 1);
  return { key: start.toISOString().slice(0, 7), start, end: utc(year, month0 + 1, 1) };
}

/** The month before the one `now` falls in: what the billing of this month invoices. */
export function previousPeriod(now: Date): Period {
  return periodOf(now.getUTCFullYear(), now.getUTCMonth() - 1);
}

/** The month `now` falls in. */
export function currentPeriod(now: Date): Period {
  return periodOf(now.getUTCFullYear(), now.getUTCMonth());
}

export const daysIn = (p: Period): number => Math.round((p.end.getTime() - p.start.getTime()) / 86_400_000);

/** 'April 2026' for a period key. */
export function periodLabel(key: string): string {
  return dayOf(`${key}-01`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
}
