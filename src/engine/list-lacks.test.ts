import { describe, expect, it } from 'vitest';
import { explanationLine } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import { listRecord } from './test-records';

// Issue 52: a namesake on a state list (no dates of birth there) is closed faster when the explanation
// says what the list lacks, not only what agrees.
const index = buildIndex([
  listRecord('state-ca', 'ca-1', 'person', { firstName: 'Eric', lastName: 'Rodriguez', state: 'CA' }),
  listRecord('leie', 'l-1', 'person', { firstName: 'Eric', lastName: 'Rodriguez', dateOfBirth: '1959-05-07', state: 'CA' }),
]);

describe('what the list record lacks', () => {
  it('says the list has no date of birth for the record, and the name alone decided', () => {
    const r = screen(index, { type: 'individual', firstName: 'Eric', lastName: 'Rodriguez', dateOfBirth: '1959-05-07' });
    const state = r.hits.find((h) => h.record.source === 'state-ca')!;
    expect(state.explanation.fields).toContainEqual(expect.objectContaining({ queryField: 'dateOfBirth', listValue: '', method: 'missing' }));
    expect(state.explanation.summary).toMatch(/not on the list: dateOfBirth/);
    expect(state.explanation.summary).not.toMatch(/disagrees/);
    const line = explanationLine({ ...state.explanation, score: state.score, threshold: 0.8 });
    expect(line).toContain('Date of birth: the list has no date of birth for this record (1959-05-07 given), so the name alone decided');
    const leie = r.hits.find((h) => h.record.source === 'leie')!;
    expect(leie.explanation.fields.filter((f) => f.queryField === 'dateOfBirth').map((f) => f.method)).toEqual(['exact']);
  });

  it("says a conflicting NPI in words: the list record's and the employee's", () => {
    const npiIndex = buildIndex([listRecord('leie', 'n-1', 'person', { firstName: 'Eric', lastName: 'Rodriguez', npi: '1234567893' })]);
    const hit = screen(npiIndex, { type: 'individual', firstName: 'Eric', lastName: 'Rodriguez', npi: '1245319599' }, { minScore: 0.3 }).hits[0];
    expect(hit.explanation.adjustments).toContainEqual({ reason: "List record's NPI 1234567893 differs from the employee's NPI 1245319599", effect: -0.15 });
  });

  it('says nothing of a date of birth the query does not give', () => {
    const r = screen(index, { type: 'individual', firstName: 'Eric', lastName: 'Rodriguez' });
    for (const h of r.hits) expect(h.explanation.fields.some((f) => f.queryField === 'dateOfBirth')).toBe(false);
  });
});
