import { describe, expect, it } from 'vitest';
import { isValidNpi } from '#shared/identifiers';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import { listRecord, sampleRecords } from './test-records';

// Issue 50: LEIE publishes NPIs that fail the check digit, kept as published. A query carrying the
// same ten digits must meet the record by them; a typo's digits must not count against a record.
const FAILING = '1730405613';
const OTHER_VALID = '1928374655';
const index = buildIndex([
  ...sampleRecords(),
  listRecord('leie', 'cata-1', 'person', { firstName: 'Sylvie', lastName: 'Catarina', npi: FAILING, dateOfBirth: '1960-06-14', state: 'CA' }),
  listRecord('leie', 'valid-1', 'person', { firstName: 'Hortense', lastName: 'Quillfeather', npi: OTHER_VALID, state: 'OR' }),
]);

describe('an NPI failing the check digit, as a list published it', () => {
  it('is the NPI of the test (fails the check digit)', () => {
    expect(isValidNpi(FAILING)).toBe(false);
  });

  it('finds the record by NPI alone, the query saying the NPI fails the check digit', () => {
    const r = screen(index, { type: 'npi', npi: FAILING });
    expect(r.status).toBe('ok');
    expect(r.issues).toEqual([expect.objectContaining({ field: 'npi', code: 'npi-check-digit' })]);
    expect(r.hits.map((h) => h.record.sourceRecordId)).toEqual(['cata-1']);
    expect(r.hits[0].explanation.adjustments.map((a) => a.reason)).toContain('NPI matches exactly');
  });

  it('with the name, the NPI agreeing lifts the name hit to an identifier match', () => {
    const withNpi = screen(index, { type: 'individual', firstName: 'Sylvie', lastName: 'Catarina', npi: FAILING });
    const nameOnly = screen(index, { type: 'individual', firstName: 'Sylvie', lastName: 'Catarina' });
    const hit = withNpi.hits.find((h) => h.record.sourceRecordId === 'cata-1')!;
    expect(hit.score).toBeGreaterThanOrEqual(0.99);
    expect(hit.score).toBeGreaterThan(nameOnly.hits.find((h) => h.record.sourceRecordId === 'cata-1')!.score);
    expect(hit.explanation.fields).toContainEqual(expect.objectContaining({ queryField: 'npi', listField: 'npi', queryValue: FAILING, method: 'exact' }));
  });

  it('is never a conflict: a typo failing the check digit does not lower a record with another NPI', () => {
    const typo = screen(index, { type: 'individual', firstName: 'Hortense', lastName: 'Quillfeather', npi: '1234567890' });
    const plain = screen(index, { type: 'individual', firstName: 'Hortense', lastName: 'Quillfeather' });
    expect(typo.hits[0].score).toBe(plain.hits[0].score);
    expect(typo.hits[0].explanation.adjustments.map((a) => a.reason)).not.toContainEqual(expect.stringMatching(/NPI .* differs/));
  });

  it('other digits failing the check digit find nothing by NPI', () => {
    expect(screen(index, { type: 'npi', npi: '1730405615' }).hits).toEqual([]);
  });
});
