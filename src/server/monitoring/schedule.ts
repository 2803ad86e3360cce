/**
 * When a roster's full re-screen is due (ADR 051): once a month, on the day the client chose
 * (1–28, so that every month has it), at 08:00 UTC, after the daily list check of 06:00. A
 * month is owed when its due time has passed, came after the roster's baseline (a roster made
 * from a batch screened this month starts with the next one) and no full run has screened the
 * roster for it. Only the latest owed month is run: a server stopped for two months catches up
 * with one re-screen, not two.
 */
export const RESCREEN_HOUR_UTC = 8;
export const DEFAULT_RESCREEN_DAY = 1;

/** 'YYYY-MM' of a date (UTC). */
export const periodOf = (d: Date): string => d.toISOString().slice(0, 7);

/** When the re-screen of a month is due. */
export function dueAt(period: string, day: number): Date {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, day, RESCREEN_HOUR_UTC));
}

const monthAfter = (period: string): string => {
  const [y, m] = period.split('-').map(Number);
  return periodOf(new Date(Date.UTC(y, m, 1)));
};
const monthBefore = (period: string): string => {
  const [y, m] = period.split('-').map(Number);
  return periodOf(new Date(Date.UTC(y, m - 2, 1)));
};

export interface ScheduleFacts {
  day: number;
  baselineAt: Date;
  /** Months already fully screened (any engine version). */
  screenedPeriods: ReadonlySet<string>;
}

/** The month whose re-screen is owed now, or null. */
export function owedPeriod(s: ScheduleFacts, now: Date): string | null {
  let period = periodOf(now);
  if (dueAt(period, s.day) > now) period = monthBefore(period);
  const due = dueAt(period, s.day);
  return due > s.baselineAt && !s.screenedPeriods.has(period) ? period : null;
}

/** When the next scheduled re-screen runs: now when one is owed, else the next month's due time not yet screened. */
export function nextRunAt(s: ScheduleFacts, now: Date): Date {
  if (owedPeriod(s, now)) return now;
  let period = periodOf(now);
  for (let i = 0; i < 3; i++, period = monthAfter(period)) {
    const due = dueAt(period, s.day);
    if (due > now && due > s.baselineAt && !s.screenedPeriods.has(period)) return due;
  }
  return dueAt(period, s.day);
}
