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

/**
 * Score effects of date-of-birth evidence (documented in README). A date one typo away from the other
 * (one day apart, one wrong digit, day and month swapped, two digits of the year swapped) is probably
 * the same date mistyped: it is flagged and costs little, so it cannot hide a true exclusion. Only a
 * clearly different date is evidence of another person.
 */
export const DOB_EFFECTS = { exact: 0.08, sameMonth: 0.04, sameYear: 0.02, near: -0.03, sameYearOtherDay: -0.15, different: -0.25 } as const;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const iso = (d: PartialDate): string => [pad(d.year, 4), d.month ? pad(d.month, 2) : '', d.day ? pad(d.day, 2) : ''].filter(Boolean).join('-');

/**
 * True when two numbers written with `width` digits differ by one digit, or by two adjacent digits
 * swapped. Decided on the digits themselves (it runs for many candidates of a batch row, ADR 071);
 * numbers that do not fit `width` digits are compared as text.
 */
export function oneTypoApart(a: number, b: number, width: number): boolean {
  if (a === b) return false;
  if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b >= 0 && a < 10 ** width && b < 10 ** width)) return oneTypoApartText(a, b, width);
  let diffs = 0;
  let at = -1;
  let x1 = 0;
  let y1 = 0;
  let adjacentSwap = false;
  for (let i = 0; i < width; i++, a = Math.floor(a / 10), b = Math.floor(b / 10)) {
    const x = a % 10;
    const y = b % 10;
    if (x === y) continue;
    diffs += 1;
    if (diffs === 1) [at, x1, y1] = [i, x, y];
    else if (diffs === 2) adjacentSwap = i === at + 1 && x === y1 && y === x1;
    else return false;
  }
  return diffs === 1 || (diffs === 2 && adjacentSwap);
}

/** oneTypoApart on the numbers written as text (any width). */
export function oneTypoApartText(a: number, b: number, width: number): boolean {
  if (a === b) return false;
  const x = pad(a, width);
  const y = pad(b, width);
  const diff: number[] = [];
  for (let i = 0; i < width; i++) if (x[i] !== y[i]) diff.push(i);
  if (diff.length === 1) return true;
  return diff.length === 2 && diff[1] === diff[0] + 1 && x[diff[0]] === y[diff[1]] && x[diff[1]] === y[diff[0]];
}

/** How a full date is one typo away from another, in words, or null when it is not. */
function typoOf(q: PartialDate, l: PartialDate): string | null {
  const sameYear = q.year === l.year;
  const sameMonth = q.month === l.month;
  const sameDay = q.day === l.day;
  if (sameYear && sameMonth && Math.abs(q.day - l.day) === 1) return 'one day apart';
  if (sameYear && sameMonth && oneTypoApart(q.day, l.day, 2)) return 'one digit of the day differs';
  if (sameYear && sameDay && oneTypoApart(q.month, l.month, 2)) return 'one digit of the month differs';
  if (sameYear && q.month === l.day && q.day === l.month) return 'day and month swapped';
  if (sameMonth && sameDay && oneTypoApart(q.year, l.year, 4)) return Math.abs(q.year - l.year) === 1 ? 'one year apart' : 'one digit of the year differs';
  return null;
}

/**
 * The score effect of compareDates alone, without building its note (the batch's candidates are
 * filtered on it before any name comparison, ADR 071).
 */
export function dateEffect(q: PartialDate, l: PartialDate): number {
  if (q.month && l.month && q.day && l.day) {
    if (q.year === l.year && q.month === l.month && q.day === l.day) return DOB_EFFECTS.exact;
    if (typoOf(q, l)) return DOB_EFFECTS.near;
    return q.year === l.year ? DOB_EFFECTS.sameYearOtherDay : DOB_EFFECTS.different;
  }
  if (q.year !== l.year) return DOB_EFFECTS.different;
  if (q.month && l.month) return q.month !== l.month ? DOB_EFFECTS.sameYearOtherDay : DOB_EFFECTS.sameMonth;
  return DOB_EFFECTS.sameYear;
}

/** Compares a query date of birth with a list one. */
export function compareDates(q: PartialDate, l: PartialDate): DateComparison {
  const full = q.month && l.month && q.day && l.day;
  if (full) {
    if (q.year === l.year && q.month === l.month && q.day === l.day) return { effect: DOB_EFFECTS.exact, score: 1, method: 'exact', note: 'date of birth agrees' };
    const typo = typoOf(q, l);
    if (typo) return { effect: DOB_EFFECTS.near, score: 0.8, method: typo === 'day and month swapped' ? 'transposed' : 'near', note: `date of birth close (${iso(q)} vs ${iso(l)}, ${typo}): probably a typo, check it` };
    if (q.year === l.year) return { effect: DOB_EFFECTS.sameYearOtherDay, score: 0.3, method: 'different', note: 'date of birth differs (same year)' };
    return { effect: DOB_EFFECTS.different, score: 0, method: 'different', note: 'year of birth differs' };
  }
  if (q.year === l.year) {
    if (q.month && l.month) {
      if (q.month !== l.month) return { effect: DOB_EFFECTS.sameYearOtherDay, score: 0.3, method: 'different', note: 'month of birth differs' };
      return { effect: DOB_EFFECTS.sameMonth, score: 0.9, method: 'partial', note: 'year and month of birth agree' };
    }
    return { effect: DOB_EFFECTS.sameYear, score: 0.8, method: 'partial', note: 'year of birth agrees' };
  }
  return { effect: DOB_EFFECTS.different, score: 0, method: 'different', note: 'year of birth differs' };
}
