import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import { listRecord } from './test-records';

// One-word names through the screening path (candidate search, not only scoring): issue 13.
const index = buildIndex([
  listRecord('ofac-sdn', 'POL', 'person', { firstName: 'Pol', lastName: 'Pot' }),
  listRecord('ofac-sdn', 'MONO', 'person', { lastName: 'HAMMADI' }),
  listRecord('ofac-sdn', 'GLUED', 'person', { lastName: 'SERGEILAVROV' }),
  listRecord('leie', 'SMITH', 'person', { firstName: 'John', lastName: 'Smith' }),
  listRecord('leie', 'PAT', 'person', { firstName: 'Pat', lastName: 'Potter' }),
]);
const matches = (firstName: string, lastName: string): string[] =>
  screen(index, { type: 'individual', firstName, lastName }).hits.filter((h) => h.isMatch).map((h) => h.record.sourceRecordId);

describe('one-word person names in screening', () => {
  it('finds a list name of two words from the query written as one word, in either field', () => {
    expect(matches('', 'PolPot')).toEqual(['POL']);
    expect(matches('PolPot', '')).toEqual(['POL']);
    const hit = screen(index, { type: 'individual', firstName: '', lastName: 'PolPot' }).hits[0];
    expect(hit.explanation.adjustments).toContainEqual(expect.objectContaining({ reason: 'name: name written as one word on one side' }));
  });

  it('finds a list name written as one word from the query in two words', () => {
    expect(matches('Sergei', 'Lavrov')).toEqual(['GLUED']);
  });

  it('matches a one-word list name (a mononym) from a one-word query, typed once, twice or beside FNU', () => {
    expect(matches('', 'Hammadi')).toEqual(['MONO']);
    expect(matches('Hammadi', '')).toEqual(['MONO']);
    expect(matches('Hammadi', 'Hammadi')).toEqual(['MONO']);
    expect(matches('FNU', 'Hammadi')).toEqual(['MONO']);
    const hit = screen(index, { type: 'individual', firstName: '', lastName: 'Hammadi' }).hits[0];
    expect(hit.explanation.adjustments).toContainEqual(expect.objectContaining({ reason: 'name: a one-word name on both sides' }));
  });

  it('raises no alarm for a one-word query that is only part of a list name', () => {
    expect(matches('', 'Smith')).toEqual([]);
    expect(matches('', 'Pot')).toEqual([]);
    expect(matches('', 'Polpotter')).toEqual([]);
    expect(matches('', 'PatPot')).toEqual([]);
  });
});
