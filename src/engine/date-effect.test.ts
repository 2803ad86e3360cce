import { describe, expect, it } from 'vitest';
import { compareDates, dateEffect, oneTypoApart, oneTypoApartText, unpackDate, type PartialDate } from './dates';
import { yearsFarApart, yearsFarApartByDigits } from './hit-builder';
import { seededRandom } from './synthetic-records';

// The batch filters candidates on these before any name comparison (ADR 071): they must agree with
// the comparisons the hits are scored with, for every pair.
describe('date comparisons of the candidate filter', () => {
  it('oneTypoApart on digits agrees with the text comparison', () => {
    for (let a = 0; a < 100; a++) for (let b = 0; b < 100; b++) expect(oneTypoApart(a, b, 2), `${a} ${b}`).toBe(oneTypoApartText(a, b, 2));
    const checked: [number, number][] = [];
    for (let a = 1880; a < 2040; a++) for (let b = 1880; b < 2040; b++) checked.push([a, b]);
    const rnd = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      const a = Math.floor(rnd() * 10_000);
      const swaps = [a, Number(String(a).padStart(4, '0').replace(/(\d)(\d)/, '$2$1')), a + 9, a - 90, a + 900, Math.floor(rnd() * 10_000)];
      for (const b of swaps) if (b >= 0) checked.push([a, b]);
    }
    for (const [a, b] of checked) if (oneTypoApart(a, b, 4) !== oneTypoApartText(a, b, 4)) expect([a, b, oneTypoApart(a, b, 4)]).toEqual([a, b, oneTypoApartText(a, b, 4)]);
    expect(oneTypoApart(1956, 1965, 4)).toBe(true);
    expect(oneTypoApart(1956, 1958, 4)).toBe(true);
    expect(oneTypoApart(1956, 1971, 4)).toBe(false);
    expect(oneTypoApart(12345, 12354, 4)).toBe(oneTypoApartText(12345, 12354, 4));
  });

  it('dateEffect is compareDates’ effect for full, partial and near dates', () => {
    const rnd = seededRandom(3);
    const dates: PartialDate[] = [];
    for (let i = 0; i < 400; i++) {
      const year = 1940 + Math.floor(rnd() * 60);
      const month = rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * 12);
      const day = month && rnd() < 0.9 ? 1 + Math.floor(rnd() * 28) : 0;
      dates.push({ year, month, day });
    }
    // Near ones: a day apart, digits swapped, day and month swapped, a year digit changed.
    for (const d of dates.slice(0, 100)) {
      if (!d.day) continue;
      dates.push({ ...d, day: d.day + 1 }, { ...d, month: d.day <= 12 ? d.day : d.month, day: d.day <= 12 ? d.month : d.day }, { ...d, year: d.year + 10 }, { ...d, year: Number(String(d.year).replace(/(\d)(\d)$/, '$2$1')) });
    }
    let near = 0;
    for (const q of dates) {
      for (const l of dates) {
        const c = compareDates(q, l);
        if (c.method === 'near' || c.method === 'transposed') near += 1;
        if (dateEffect(q, l) !== c.effect) expect([q, l, dateEffect(q, l)]).toEqual([q, l, c.effect]);
      }
    }
    expect(near).toBeGreaterThan(100);
    expect(dateEffect(unpackDate(19560228)!, unpackDate(19560229)!)).toBe(compareDates(unpackDate(19560228)!, unpackDate(19560229)!).effect);
  });
});

describe('yearsFarApart (ADR 096)', () => {
  it('answers from its table what the digits answer, inside the table’s years and around them', () => {
    const years: number[] = [];
    for (let y = 1700; y <= 2300; y++) years.push(y);
    years.push(0, 1, 99, 999, 1000, 9999, 10_000, 12_345, -1, 1956.5);
    for (const a of years) for (const b of years) if (yearsFarApart(a, b) !== yearsFarApartByDigits(a, b)) expect([a, b, yearsFarApart(a, b)]).toEqual([a, b, yearsFarApartByDigits(a, b)]);
    expect(yearsFarApart(1956, 1971)).toBe(true);
    expect(yearsFarApart(1956, 1965)).toBe(false);
    expect(yearsFarApart(1956, 1957)).toBe(false);
  });
});
