import { describe, expect, it } from 'vitest';
import { groupHeader, statusChoices } from '#shared/review-status';
import { detailLabel } from './detail-sections';
import { isFirstColumnFixed } from './fixed-first-column';
import { pagesOf } from './results-pager';
import { reviewStatusColor, reviewStatusLabel } from './review-status';

describe('review statuses', () => {
  it('shows Date Acquired From Source as Date Acquired in the drawer', () => {
    expect(detailLabel('Date Acquired From Source')).toBe('Date Acquired');
    expect(detailLabel('Source')).toBe('Source');
  });

  it('labels the four statuses as the spec does, each with its colour', () => {
    const statuses = ['NONCLEARED', 'UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED'];
    expect(statuses.map(reviewStatusLabel)).toEqual(['Needs Review', 'Under Review', 'Reviewed: Match', 'Reviewed: Clear']);
    expect(statuses.map(reviewStatusColor)).toEqual(['orange', 'brand', 'red', 'green']);
  });

  it('offers every status but the current one, none for a cleared NPI record', () => {
    expect(statusChoices('exclusions', 'UNDER_REVIEW')).toEqual(['NONCLEARED', 'HISTORICAL_MATCH', 'CLEARED']);
    expect(statusChoices('npi', 'CLEARED')).toEqual([]);
  });

  it('words group counts: to review first, then confirmed matches, else all cleared', () => {
    const counts = (c: Partial<Record<'NONCLEARED' | 'UNDER_REVIEW' | 'HISTORICAL_MATCH' | 'CLEARED', number>>) => ({ NONCLEARED: 0, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 0, ...c });
    expect(groupHeader(counts({ NONCLEARED: 2, UNDER_REVIEW: 1, HISTORICAL_MATCH: 4 }))).toEqual({ tone: 'warning', text: '3 record(s) to review' });
    expect(groupHeader(counts({ HISTORICAL_MATCH: 2, CLEARED: 5 }))).toEqual({ tone: 'alert', text: '2 confirmed match(es)' });
    expect(groupHeader(counts({ CLEARED: 5 }))).toEqual({ tone: 'success', text: 'All records cleared' });
  });
});

describe('table layout rules', () => {
  it('counts pages as total divided by page size, rounded up (at least one to show)', () => {
    expect(pagesOf(0, 10)).toBe(1);
    expect(pagesOf(10, 10)).toBe(1);
    expect(pagesOf(11, 10)).toBe(2);
    expect(pagesOf(95, 25)).toBe(4);
  });

  it('fixes the first column only when the columns are wider than the table', () => {
    expect(isFirstColumnFixed(1400, 1200)).toBe(true);
    expect(isFirstColumnFixed(1200, 1200)).toBe(false);
    expect(isFirstColumnFixed(900, 1200)).toBe(false);
    // Not measured yet: never fixed.
    expect(isFirstColumnFixed(1400, 0)).toBe(false);
  });
});
