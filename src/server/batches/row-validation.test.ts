/** Dates of birth: the YYYY-MM-DD fast path answers as the general one did. */
import { describe, expect, it } from 'vitest';
import { parseDateOfBirth } from './row-validation';

/** The general reading, as it was before the fast path (a Date built and checked). */
function byDate(value: string, today: Date): string | null {
  const v = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  let [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m) {
    m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v);
    if (!m) return null;
    [y, mo, d] = [Number(m[3]), Number(m[1]), Number(m[2])];
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > today.getTime()) return null;
  return date.toISOString().slice(0, 10);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('parseDateOfBirth', () => {
  it('reads YYYY-MM-DD as the Date path does: every day of the month and past it, leap years, 1900, today and tomorrow', () => {
    const todays = [new Date('2026-03-01T00:00:00Z'), new Date('2026-02-28T23:59:59.999Z'), new Date('2024-02-29T12:00:00Z')];
    const values: string[] = [];
    for (const y of [50, 1899, 1900, 1901, 1996, 2000, 2023, 2024, 2025, 2026, 2027, 2100, 2400])
      for (let mo = 0; mo <= 13; mo++) for (let d = 0; d <= 32; d++) values.push(`${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}`);
    values.push('2000-1-05', '2000-01-5', ' 2000-01-05 ', '2000/01/05', '20000105', '01/05/2000', '2000-0a-05', '2000-01-05x', '2000--1-05', '', '2000-01-０5');
    for (const today of todays) for (const v of values) expect([v, parseDateOfBirth(v, today)]).toEqual([v, byDate(v, today)]);
  });

  it('keeps reading the other forms', () => {
    const today = new Date('2026-03-01T10:00:00Z');
    expect(parseDateOfBirth('2/29/2024', today)).toBe('2024-02-29');
    expect(parseDateOfBirth('19710203', today)).toBe('1971-02-03');
    expect(parseDateOfBirth('2/30/2024', today)).toBeNull();
    expect(parseDateOfBirth('2026-03-01', today)).toBe('2026-03-01');
    expect(parseDateOfBirth('2026-03-02', today)).toBeNull();
  });
});
