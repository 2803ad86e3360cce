import { describe, expect, it } from 'vitest';
import { isHiddenDetailKey } from '#shared/result-detail';
import { isRedStatusText } from '#shared/result-texts';
import { canChangeStatus, groupHeader, pageCount, REVIEW_STATUS_LABELS, statusChoices } from '#shared/review-status';
import { groupFacets, groupsOf } from './exclusion-groups';
import type { Facet } from './facets';

describe('review rules shared with the web app', () => {
  it('labels the statuses as the spec does', () => {
    expect(REVIEW_STATUS_LABELS).toEqual({ NONCLEARED: 'Needs Review', UNDER_REVIEW: 'Under Review', HISTORICAL_MATCH: 'Reviewed: Match', CLEARED: 'Reviewed: Clear' });
  });

  it('offers every status but the current one; CLEARED NPI records and SSDMF rows without an id offer none', () => {
    expect(statusChoices('exclusions', 'CLEARED')).toEqual(['NONCLEARED', 'UNDER_REVIEW', 'HISTORICAL_MATCH']);
    expect(statusChoices('npi', 'NONCLEARED')).toEqual(['UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED']);
    expect(statusChoices('npi', 'CLEARED')).toEqual([]);
    expect(canChangeStatus('ssdmf', 'CLEARED', false)).toBe(false);
    expect(canChangeStatus('ssdmf', 'CLEARED', true)).toBe(true);
  });

  it('words the group header cards as the spec does', () => {
    const counts = (n: number, u: number, h: number, c: number) => ({ NONCLEARED: n, UNDER_REVIEW: u, HISTORICAL_MATCH: h, CLEARED: c });
    expect(groupHeader(counts(1, 2, 1, 0))).toEqual({ tone: 'warning', text: '3 record(s) to review' });
    expect(groupHeader(counts(0, 0, 2, 1))).toEqual({ tone: 'alert', text: '2 confirmed match(es)' });
    expect(groupHeader(counts(0, 0, 0, 4))).toEqual({ tone: 'success', text: 'All records cleared' });
  });

  it('pages groups as total ÷ page size rounded up; hides underscore keys; red texts', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([0, 1, 2]);
    expect(isHiddenDetailKey('_link')).toBe(true);
    expect(isHiddenDetailKey('Source')).toBe(false);
    expect(['Invalid', 'Inactive', 'Found on Opt Out List', 'Exclusion Found', 'Error', 'Found on SSDMF'].every(isRedStatusText)).toBe(true);
    expect(isRedStatusText('Valid')).toBe(false);
  });
});

describe('grouping facets', () => {
  it('groups consecutive records of a key with counts of every status', () => {
    const f = (id: number, rowIndex: number, key: string, status: Facet['status']): Facet => ({ id, rowIndex, status, key, keyLower: key.toLowerCase(), source: 'leie', npiStatus: null, optOut: null, excluded: null, found: null, score: null, exclusionDate: null, uniqueId: `U${rowIndex}` });
    const facets = [f(1, 7, 'A', 'NONCLEARED'), f(2, 4, 'A', 'CLEARED'), f(3, 9, 'B', 'HISTORICAL_MATCH')];
    const groups = groupFacets(facets);
    // A group shows the unique id of its first row, whatever its records' order.
    expect(groups.map(({ members, ...g }) => ({ ...g, ids: members.map((m) => m.id) }))).toEqual([
      { key: 'A', nonCleared: 1, underReview: 0, historicalMatch: 0, cleared: 1, total: 2, ids: [1, 2], firstRow: 4, uniqueId: 'U4' },
      { key: 'B', nonCleared: 0, underReview: 0, historicalMatch: 1, cleared: 0, total: 1, ids: [3], firstRow: 9, uniqueId: 'U9' },
    ]);
    // Grouped once per facet array; a change (a new array) groups again.
    expect(groupsOf(facets)).toBe(groupsOf(facets));
    expect(groupsOf([...facets])).not.toBe(groupsOf(facets));
  });
});
