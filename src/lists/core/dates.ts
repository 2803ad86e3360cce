/**
 * Date readers for the layouts agencies use. Each returns an ISO string (`YYYY-MM-DD`, or
 * `YYYY-MM` / `YYYY` when the source gives less), `null` for the source's "no date" value,
 * and throws `DateFormatError` for text that is not a date in that layout.
 */
export class DateFormatError extends Error {}

export type DateLayout = 'YYYYMMDD' | 'MM/DD/YYYY' | 'MM/DD/YY' | 'YYYY-MM-DD' | 'MMDDCCYY';

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

/** Reads `text` in `layout`. Empty, all-zero, `N/A` and `None` are "no date". */
export function parseDate(text: string | null | undefined, layout: DateLayout, pivotYear?: number): string | null {
  const value = (text ?? '').trim();
  if (value === '' || /^0+$/.test(value) || /^(n\/a|none|null)$/i.test(value)) return null;
  let match: RegExpMatchArray | null;
  switch (layout) {
    case 'YYYYMMDD':
    case 'MMDDCCYY':
      if (!/^\d{8}$/.test(value)) break;
      return layout === 'YYYYMMDD'
        ? isoDate(+value.slice(0, 4), +value.slice(4, 6), +value.slice(6, 8), value)
        : isoDate(+value.slice(4, 8), +value.slice(0, 2), +value.slice(2, 4), value);
    case 'YYYY-MM-DD':
      match = value.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/);
      if (match) return isoDate(+match[1], +match[2], +match[3], value);
      break;
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

/** The later of two ISO dates (either may be null). */
export function laterDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}
