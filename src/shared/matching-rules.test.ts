import { describe, expect, it } from 'vitest';
import { matchingRulesCell, matchingRulesLabel } from './matching-rules';
import { criteriaBesideUniqueId } from './search-criteria';

describe('Matching rules in words', () => {
  it('names the month the rules were set, the version kept for the auditor', () => {
    expect(matchingRulesLabel('fuzzy-2026.11-d')).toBe('Matching rules of November 2026 (version fuzzy-2026.11-d)');
    expect(matchingRulesCell('fuzzy-2026.12-e')).toBe('December 2026 (fuzzy-2026.12-e)');
    // A label of another shape is shown as it is, never as a wrong month.
    expect(matchingRulesLabel('fuzzy-2026.01-old')).toBe('Matching rules of January 2026 (version fuzzy-2026.01-old)');
    expect(matchingRulesLabel('fuzzy-2026.13-a')).toBe('Matching rules version fuzzy-2026.13-a');
    expect(matchingRulesCell('')).toBe('');
  });
});

describe('Search criteria beside their unique ID', () => {
  it('drops the unique ID the key starts with, and only that', () => {
    expect(criteriaBesideUniqueId('E1: Carol Moore | NPI 1234567893', 'E1')).toBe('Carol Moore | NPI 1234567893');
    expect(criteriaBesideUniqueId('Carol Moore', null)).toBe('Carol Moore');
    expect(criteriaBesideUniqueId('E12: Carol Moore', 'E1')).toBe('E12: Carol Moore');
    expect(criteriaBesideUniqueId('E1: ', 'E1')).toBe('E1: ');
  });
});
