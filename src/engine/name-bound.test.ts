/**
 * A candidate's traced name comparison (the explanation's name fields) runs only for the records
 * that become hits (ADR 071); the answers are explained as before.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIndex } from './index-builder';
import type { MatchIndex } from './match-index';
import { PersonMatcher } from './person-score';
import type { IndividualQuery } from './query-types';
import { screen } from './screen';
import { syntheticIndividuals, syntheticRecords } from './synthetic-records';

let index: MatchIndex;
const queries: IndividualQuery[] = [];

beforeAll(() => {
  const records = [...syntheticRecords(6000, 21)];
  index = buildIndex(records, { version: 'bound' });
  // Rows naming listed people (some with a typo or the names swapped), and people not listed.
  records.slice(0, 160).forEach((r, i) => {
    if (!r.lastName) return;
    const last = i % 3 === 1 ? r.lastName.slice(0, -1) + 'x' : r.lastName;
    queries.push(i % 4 === 2 ? { type: 'individual', firstName: last, lastName: r.firstName ?? '', dateOfBirth: r.dateOfBirth } : { type: 'individual', firstName: r.firstName ?? '', lastName: last, dateOfBirth: i % 2 ? r.dateOfBirth : null });
  });
  queries.push(...syntheticIndividuals(120, 4));
  // The same words as given name and as surname, and names from other scripts (other spelling rules).
  queries.push({ type: 'individual', firstName: 'Thomas', lastName: 'James' }, { type: 'individual', firstName: 'James', lastName: 'Thomas' });
  // Known given names that differ (scored low as given names, as typos as surnames) both ways round.
  queries.push({ type: 'individual', firstName: 'Joan', lastName: 'John' }, { type: 'individual', firstName: 'John', lastName: 'Joan' }, { type: 'individual', firstName: 'Bill', lastName: 'Harris' }, { type: 'individual', firstName: 'Harris', lastName: 'William' });
  queries.push({ type: 'individual', firstName: 'محمد', lastName: 'علي' }, { type: 'individual', firstName: 'ジョン', lastName: 'スミス' }, { type: 'individual', firstName: 'Chang Wei', lastName: 'Li' });
});

describe('name evidence of a candidate (ADR 071)', () => {
  it('is traced only for the records that become hits, and the hits are explained as before', () => {
    const traced = vi.spyOn(PersonMatcher.prototype, 'score');
    const compared = vi.spyOn(PersonMatcher.prototype, 'similarity');
    let named = 0;
    for (const q of queries) {
      const r = screen(index, q, { minScore: 0.7, threshold: 0.85 });
      for (const h of r.hits) {
        expect(h.explanation.fields.length).toBeGreaterThan(0);
        if (h.explanation.nameScore !== null) named += 1;
      }
    }
    // Every hit named by a name is explained (score traced once for it); candidates below the minimum are not traced.
    expect(traced.mock.calls.length).toBe(named);
    expect(compared.mock.calls.length).toBeGreaterThan(2 * named);
    traced.mockRestore();
    compared.mockRestore();
  });
});
