import { describe, expect, it } from 'vitest';
import { compareDates, parseDate } from './dates';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import { DEFAULT_REVIEW_THRESHOLD } from './settings';
import { listRecord } from './test-records';

const d = (s: string) => parseDate(s)!;

describe('a date of birth one typo away', () => {
  it('is flagged as close, not counted as another person', () => {
    for (const [q, l, how] of [
      ['1956-02-27', '1956-02-28', 'one day apart'],
      ['1956-02-12', '1956-02-21', 'one digit of the day differs'],
      ['1956-03-04', '1956-04-03', 'day and month swapped'],
      ['1956-02-28', '1958-02-28', 'one digit of the year differs'],
      ['1956-02-28', '1965-02-28', 'one digit of the year differs'],
      ['1956-02-28', '1957-02-28', 'one year apart'],
    ]) {
      const c = compareDates(d(q), d(l));
      expect(c.effect, `${q} vs ${l}`).toBeGreaterThan(-0.05);
      expect(c.note).toContain(`close (${q} vs ${l}, ${how})`);
    }
  });

  it('still lowers the score for a clearly different date', () => {
    expect(compareDates(d('1956-02-28'), d('1956-07-09')).effect).toBe(-0.15);
    expect(compareDates(d('1956-02-28'), d('1971-02-28')).effect).toBe(-0.25);
    expect(compareDates(d('1956-02-28'), d('1958-06-28')).effect).toBe(-0.25);
    // With only a year on the list, another year is another person, as before.
    expect(compareDates(d('1956'), d('1958')).effect).toBe(-0.25);
  });

  it('keeps a true exclusion above the threshold when the date on the list has a typo', () => {
    const index = buildIndex([listRecord('leie', 'L9', 'person', { firstName: 'Dolores', lastName: 'Whitfield', dateOfBirth: '1956-02-28' })], { version: 't' });
    for (const dob of ['1956-02-27', '1965-02-28', '02/28/1958']) {
      const hit = screen(index, { type: 'individual', firstName: 'Dolores', lastName: 'Whitfield', dateOfBirth: dob }).hits[0];
      expect(hit?.score, dob).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
      expect(hit.explanation.adjustments.map((a) => a.reason).join(' ')).toContain('close');
    }
    const other = screen(index, { type: 'individual', firstName: 'Dolores', lastName: 'Whitfield', dateOfBirth: '1971-09-03' });
    expect(other.hits).toHaveLength(0);
  });
});
