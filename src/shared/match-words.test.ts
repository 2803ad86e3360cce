import { describe, expect, it } from 'vitest';
import { describeExclusionType, exclusionTypeMeaning } from './exclusion-types';
import { dateDistance, explanationLine, explanationWords } from './match-words';
import { npiFindings, npiProblemWords, sharedNpiWords } from './npi-words';

const field = (queryField: string, queryValue: string, listValue: string, method: string, listField = queryField) => ({ queryField, listField, queryValue, listValue, score: method === 'different' ? 0 : 1, method });

describe('explanations in a reviewer’s words', () => {
  it('says each compared field in words, with no field paths and no score arithmetic', () => {
    const words = explanationWords({
      score: 0.87,
      threshold: 0.8,
      matchedName: { listField: 'akas[0]', value: 'jose ignacio' },
      fields: [
        field('lastName', 'smith', 'smith', 'exact', 'akas[0].last'),
        field('firstName', 'bill', 'william', 'nickname', 'akas[0].first'),
        field('dateOfBirth', '1956-02-27', '1956-02-28', 'different'),
        field('state', 'NY', 'CA', 'different'),
      ],
      adjustments: [
        { reason: 'name similarity 0.959 × 0.9 (a name alone is never certain)', effect: 0.863 },
        { reason: 'name: middle name on one side only', effect: -0.01 },
        { reason: 'state differs', effect: -0.05 },
      ],
    });
    expect(words).toEqual({
      verdict: 'Potential match: score 0.87 (review threshold 0.80)',
      matchedThrough: "Matched through the list's other name (AKA) Jose Ignacio",
      lines: ['Last name: same', 'First name: Bill is a nickname of William', 'Date of birth: different (1956-02-27 vs 1956-02-28, one day apart)', 'State: different (NY vs CA)'],
      notes: ['Middle name on one side only'],
    });
    const line = explanationLine({ score: 0.5, threshold: 0.8, matchedName: { listField: 'name', value: 'x' }, fields: [field('firstName', 'jon', 'jonathan', 'prefix'), field('ssn', '123456789', '123456780', 'different')], adjustments: [{ reason: "List record's SSN differs from the employee's SSN", effect: -0.3 }] });
    expect(line).toBe('First name: Jon is the start of Jonathan; SSN: different (***-**-6789 vs ***-**-6780)');
    expect(line).not.toMatch(/Raised|\+0|akas\[/);
  });

  it('names a trade name (DBA) match and tells how far apart two dates are', () => {
    expect(explanationWords({ score: 0.9, threshold: 0.8, matchedName: { listField: 'dbas[1]', value: 'Sunrise Pharmacy' }, fields: [], adjustments: [] }).matchedThrough).toBe("Matched through the list's trade name (DBA) Sunrise Pharmacy");
    expect(dateDistance('1956-02-27', '1956-03-10')).toBe('12 days apart');
    expect(dateDistance('1956-02-27', '1959-02-27')).toBe('three years apart');
    expect(dateDistance('1956', '1957')).toBeNull();
  });
});

describe('NPI words', () => {
  it('says why an NPI is invalid or inactive', () => {
    expect(npiProblemWords({ valid: false, message: 'NPI check digit is not valid.' })).toContain('check digit');
    expect(npiProblemWords({ valid: true, found: false })).toContain('Not in NPPES');
    expect(npiProblemWords({ valid: true, found: true, status: 'deactivated', deactivationDate: '2020-03-01' })).toBe('Deactivated in NPPES on 2020-03-01.');
    expect(npiProblemWords({ valid: true, found: true, status: 'reactivated' })).toBeNull();
    expect(npiProblemWords(null)).toContain('could not be checked');
  });

  it('lists the findings of an NPI result: another holder’s name, the other rows using it', () => {
    const e = { npiCheck: { valid: true, found: true, status: 'active' as const, nameAgreement: { agrees: false, nppesName: 'Wang, James Kenneth' } }, sharedWith: [{ rowNumber: 5, uniqueId: 'EMP-1005' }, { rowNumber: 9, uniqueId: null }], sharedCount: 3, optedOut: false, excluded: null };
    expect(npiFindings(e)).toEqual(['Name differs from NPPES: Wang, James Kenneth.', 'The same NPI is also used by row 5 (EMP-1005), row 9 and 1 more row of this batch.']);
    expect(sharedNpiWords({ sharedWith: [], sharedCount: 0 })).toBeNull();
  });
});

describe('exclusion types', () => {
  it('gives OIG codes their meaning, padded or not, and leaves words from other lists as they are', () => {
    expect(exclusionTypeMeaning('1128a1   ')).toContain('Conviction');
    expect(describeExclusionType('1128b4')).toBe('1128b4: License to practise revoked, suspended or surrendered');
    expect(describeExclusionType('BRCH CIA')).toBe('BRCH CIA: Breach of a Corporate Integrity Agreement with OIG');
    expect(describeExclusionType('Ineligible (Proceedings Completed)')).toBe('Ineligible (Proceedings Completed)');
    expect(describeExclusionType('  ')).toBeNull();
  });
});
