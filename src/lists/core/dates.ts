/**
 * Date readers for the layouts agencies use. Each returns an ISO string (`YYYY-MM-DD`, or
 * `YYYY-MM` / `YYYY` when the source gives less), `null` for the source's "no date" value,
 * and throws `DateFormatError` for text that is not a date in that layout.
 */
export class DateFormatError extends Error {}

export type DateLayout = 'YYYYMMDD' | 'MM/DD/YYYY' | 'MM/DD/YY' | 'YYYY-MM-DD' | 'MMDDCCYY' | 'SERIAL' | 'MONTH D, YYYY';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoDate(year: number, month: number, day: number, text: string): string {
  if (month === 0 && day === 0) return pad(year, 4);
  if (month < 1 || month > 12) throw new DateFormatError(`month out of range in "${text}"`);
  if (day === 0) return `${pad(year, 4)}-${pad(month)}`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) throw new DateFormatError(`day out of range in "${text}"`);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Two-digit years: 19YY unless 20YY is not after `pivotYear` (default: this year). */
export function expandTwoDigitYear(yy: number, pivotYear = new Date().getUTCFullYear()): number {
  return 2000 + yy <= pivotYear ? 2000 + yy : 1900 + yy;
}

const DIGIT_0 = 0x30;
const SLASH = 0x2f;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two or four digits of `text` from `start` as a number, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let n = 0;
  for (let i = start; i < start + count; i += 1) {
    const digit = text.charCodeAt(i) - DIGIT_0;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * The ISO date of a complete, valid date with a year from 1000 on, else null: the common case
 * of the big files (NPPES, LEIE), read without regular expressions or a Date. Everything
 * else (no-date values, short forms, times, errors) is left to the full reader below.
 */
function quickDate(value: string, layout: DateLayout): string | null {
  const isMdy = layout === 'MM/DD/YYYY' && value.length === 10 && value.charCodeAt(2) === SLASH && value.charCodeAt(5) === SLASH;
  const isYmd = layout === 'YYYYMMDD' && value.length === 8;
  if (!isMdy && !isYmd) return null;
  const year = isMdy ? digitsAt(value, 6, 4) : digitsAt(value, 0, 4);
  const month = isMdy ? digitsAt(value, 0, 2) : digitsAt(value, 4, 2);
  const day = isMdy ? digitsAt(value, 3, 2) : digitsAt(value, 6, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return isYmd ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : `${value.slice(6, 10)}-${value.slice(0, 2)}-${value.slice(3, 5)}`;
}

/** Reads `text` in `layout`. Empty, all-zero, `N/A` and `None` are "no date". */
export function parseDate(text: string | null | undefined, layout: DateLayout, pivotYear?: number): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const quick = quickDate(value, layout);
  if (quick !== null) return quick;
  if (/^0+$/.test(value) || /^(n\/a|none|null)$/i.test(value)) return null;
  let match: RegExpMatchArray | null;
  switch (layout) {
    case 'YYYYMMDD':
    case 'MMDDCCYY':
      if (!/^\d{8}$/.test(value)) break;
      return layout === 'YYYYMMDD'
        ? isoDate(+value.slice(0, 4), +value.slice(4, 6), +value.slice(6, 8), value)
        : isoDate(+value.slice(4, 8), +value.slice(0, 2), +value.slice(2, 4), value);
    case 'SERIAL':
      // A spreadsheet's day number (1900 date system) left in a cell without a date format.
      match = value.match(/^(\d{4,5})(?:\.\d+)?$/);
      if (match && +match[1] > 60 && +match[1] < 2958466) {
        const day = new Date(Date.UTC(1899, 11, 30) + +match[1] * 86_400_000);
        return isoDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), value);
      }
      break;
    case 'YYYY-MM-DD':
      match = value.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/);
      if (match) return isoDate(+match[1], +match[2], +match[3], value);
      break;
    case 'MONTH D, YYYY': {
      // "August 4, 2016", "Aug. 4, 2016" (DC's Excluded Parties List).
      match = value.match(/^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i);
      const word = match?.[1].toLowerCase() ?? '';
      const month = MONTHS.findIndex((m) => word.length >= 3 && m.startsWith(word));
      if (match && month >= 0) return isoDate(+match[3], month + 1, +match[2], value);
      break;
    }
    case 'MM/DD/YYYY':
    case 'MM/DD/YY':
      // Also accepts a time part ("01/02/2020 00:00:00", PA) and the other year width.
      match = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i);
      if (match) {
        const year = match[3].length === 4 ? +match[3] : expandTwoDigitYear(+match[3], pivotYear);
        return isoDate(year, +match[1], +match[2], value);
      }
      break;
  }
  throw new DateFormatError(`"${value}" is not a ${layout} date`);
}

/** Like parseDate, but tries several layouts in order (state lists mixing formats). */
export function parseDateAny(text: string | null | undefined, layouts: DateLayout[], pivotYear?: number): string | null {
  let firstError: unknown = null;
  for (const layout of layouts) {
    try {
      return parseDate(text, layout, pivotYear);
    } catch (error) {
      firstError ??= error;
    }
  }
  // The first layout is the source's main one: its complaint is the useful one.
  throw firstError ?? new DateFormatError('no date layout given');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** No list in this product holds data older than this: an as-of date before it is a misreading. */
const EARLIEST_DATA_DATE = '1990-01-01';
/** Years past this are placeholders for "no date" (9999-12-31, 2999-12-31, 2382-12-31), never a real date. */
const LAST_REAL_YEAR = 2199;

/** True for a placeholder written where a date has none ("12/31/9999" for an open end). */
export function isPlaceholderDate(iso: string | null): boolean {
  return iso !== null && +iso.slice(0, 4) > LAST_REAL_YEAR;
}

/**
 * True when an ISO date (or year-month) can be a list's data date: from 1990 on, and no later
 * than tomorrow (a day for time zones) by `now`. A sentinel (9999-12-31), a reinstatement to
 * come or a misread year is not one.
 */
export function isPlausibleDataDate(date: string, now: Date = new Date()): boolean {
  const day = date.length === 7 ? `${date}-01` : date.length === 4 ? `${date}-01-01` : date;
  const tomorrow = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  return day >= EARLIEST_DATA_DATE && day <= tomorrow;
}

/** The latest of `latest` and the complete ISO dates among `dates` that can be a data date (partial, empty and implausible ones ignored). */
export function latestIsoDate(latest: string | null, ...dates: (string | null)[]): string | null {
  for (const date of dates) if (date && ISO_DATE.test(date) && (!latest || date > latest) && isPlausibleDataDate(date)) latest = date;
  return latest;
}

/** The later of two ISO dates (either may be null). */
export function laterDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}
