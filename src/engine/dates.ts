/** Dates of birth as written on lists and forms, packed into one integer for compact storage. */

/** A date with possibly unknown month/day (0 = unknown). */
export interface PartialDate {
  year: number;
  month: number;
  day: number;
}

/** Parses ISO (YYYY, YYYY-MM, YYYY-MM-DD), YYYYMMDD and US M/D/YYYY or M/D/YY; null if not a date. */
export function parseDate(input: string | null | undefined): PartialDate | null {
  const s = String(input ?? '').trim().slice(0, 32);
  let m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:T.*)?$/.exec(s);
  if (m) return checked(+m[1], m[2] ? +m[2] : 0, m[3] ? +m[3] : 0);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return checked(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (m) {
    let year = +m[3];
    // Two-digit years: a fixed pivot keeps results deterministic (no "today").
    if (m[3].length === 2) year += year < 30 ? 2000 : 1900;
    return checked(year, +m[1], +m[2]);
  }
  return null;
}

function checked(year: number, month: number, day: number): PartialDate | null {
  if (year < 1800 || year > 2200 || month > 12 || day > 31 || (day && !month)) return null;
  return { year, month, day };
}

/** Packs a date into yyyymmdd (0 when absent). */
export function packDate(d: PartialDate | null): number {
  return d ? d.year * 10000 + d.month * 100 + d.day : 0;
}

/** Unpacks yyyymmdd (null for 0). */
export function unpackDate(n: number): PartialDate | null {
  return n ? { year: Math.floor(n / 10000), month: Math.floor(n / 100) % 100, day: n % 100 } : null;
}

/** Effect on the total score of comparing two dates of birth, and why. */
export interface DateComparison {
  effect: number;
  score: number;
  method: 'exact' | 'partial' | 'transposed' | 'near' | 'different';
  note: string;
}

/** Score effects of date-of-birth evidence (documented in README). */
export const DOB_EFFECTS = { exact: 0.08, sameMonth: 0.04, sameYear: 0.02, transposed: -0.03, oneYearOff: -0.1, sameYearOtherDay: -0.15, different: -0.25 } as const;

/** Compares a query date of birth with a list one. */
export function compareDates(q: PartialDate, l: PartialDate): DateComparison {
  if (q.year === l.year) {
    if (q.month && l.month && q.day && l.day) {
      if (q.month === l.month && q.day === l.day) return { effect: DOB_EFFECTS.exact, score: 1, method: 'exact', note: 'date of birth agrees' };
      if (q.month === l.day && q.day === l.month) return { effect: DOB_EFFECTS.transposed, score: 0.7, method: 'transposed', note: 'date of birth agrees with day and month swapped' };
      return { effect: DOB_EFFECTS.sameYearOtherDay, score: 0.3, method: 'different', note: 'date of birth differs (same year)' };
    }
    if (q.month && l.month) {
      if (q.month !== l.month) return { effect: DOB_EFFECTS.sameYearOtherDay, score: 0.3, method: 'different', note: 'month of birth differs' };
      return { effect: DOB_EFFECTS.sameMonth, score: 0.9, method: 'partial', note: 'year and month of birth agree' };
    }
    return { effect: DOB_EFFECTS.sameYear, score: 0.8, method: 'partial', note: 'year of birth agrees' };
  }
  const sameDay = q.month && q.month === l.month && q.day === l.day;
  if (Math.abs(q.year - l.year) === 1 && sameDay) return { effect: DOB_EFFECTS.oneYearOff, score: 0.5, method: 'near', note: 'date of birth one year apart' };
  return { effect: DOB_EFFECTS.different, score: 0, method: 'different', note: 'year of birth differs' };
}
