import { describe, expect, it } from 'vitest';
import { compareTokens } from './token-similarity';
import { givenNameShare, isOwnGivenName, isOwnSurname, surnameShare } from './name-frequencies';
import { isMisspelling, isTransposition, sameSound } from './spelling-variant';
import { scorePair } from './score-pair';
import { DEFAULT_REVIEW_THRESHOLD } from './settings';

describe('how common a name is (Census surnames, SSA given names; ADR 116)', () => {
  it('knows common names from rare ones and from non-names', () => {
    expect(surnameShare('smith')).toBeGreaterThan(0.008);
    expect(surnameShare('thomassen')).toBeLessThan(surnameShare('martinez') / 100);
    expect(givenNameShare('james')).toBeGreaterThan(givenNameShare('jennae') * 100);
    expect(isOwnSurname('jensen')).toBe(true);
    expect(isOwnSurname('jonsn')).toBe(false);
    expect(isOwnGivenName('janine')).toBe(true);
    expect(isOwnGivenName('qzx')).toBe(false);
  });
});

describe('one name spelt two ways, or two names', () => {
  it('reads names as they sound, vowels kept', () => {
    for (const [a, b] of [['stephens', 'stevens'], ['reid', 'reed'], ['olson', 'olsen'], ['meyer', 'meier'], ['mcdonald', 'macdonald'], ['schmidt', 'schmitt'], ['fisher', 'fischer'], ['jeffries', 'jefferies'], ['cristian', 'christian'], ['catherine', 'katherine']])
      expect(sameSound(a, b), `${a}/${b}`).toBe(true);
    for (const [a, b] of [['hall', 'hill'], ['hanson', 'hanlon'], ['johnson', 'jensen'], ['ruiz', 'ross'], ['juan', 'janine']]) expect(sameSound(a, b), `${a}/${b}`).toBe(false);
    expect(isTransposition('myres', 'myers')).toBe(true);
    expect(isTransposition('myers', 'mayer')).toBe(false);
  });

  it('tells a misspelling (no name at all) from another name', () => {
    expect(isMisspelling('jonsn', 'johnson', 'surname')).toBe(true);
    expect(isMisspelling('maynard', 'baynard', 'surname')).toBe(false);
    expect(isMisspelling('hanlon', 'hanson', 'surname')).toBe(false);
  });

  it('caps two common names a letter or a sound apart as another name', () => {
    expect(compareTokens('johnson', 'jensen', 'surname')).toEqual({ score: 0.75, method: 'other-name' });
    expect(compareTokens('hall', 'hill', 'surname')).toEqual({ score: 0.75, method: 'other-name' });
    expect(compareTokens('juan', 'janine', 'given').score).toBeLessThanOrEqual(0.5);
    expect(compareTokens('stephens', 'stevens', 'surname').score).toBeGreaterThan(0.85);
    expect(compareTokens('jonsn', 'johnson', 'surname').score).toBeGreaterThan(0.85);
  });
});

describe('names alone (no date of birth) against the kinds of false alarms customers reported', () => {
  const flags = (a: string, b: string) => scorePair(a, b, 'person').score >= DEFAULT_REVIEW_THRESHOLD;

  it('does not flag another common name, or two loose agreements stacked', () => {
    for (const [a, b] of [
      ['Cindy Johnson', 'CINDY JENSEN'],
      ['Andrew Ruiz', 'ANDREW RAYMOND ROSS'],
      ['David Maynard', 'DAVID JOSEPH BAYNARD'],
      ['Juan Wright', 'JANINE WRIGHT'],
      ['Katy Hall', 'CATHERINE HILL'],
      ['Ricky Barry', 'RICHARD PERRY'],
      ['Ian Xiong', 'JOHN CHONG'],
      ['Tom Ball', 'THOMAS SCOTT PYLE'],
    ])
      expect(flags(a, b), `${a} / ${b}`).toBe(false);
  });

  it('still flags a name spelt another way, a misspelling of a name, and a nickname with a misspelt surname', () => {
    for (const [a, b] of [
      ['Donna Stephens', 'DONNA STEVENS'],
      ['Raymond Olsen', 'RAYMOND OLSON'],
      ['Mary Jonsn', 'MARY JOHNSON'],
      ['Don Baily', 'DONALD BAILEY'],
      ['Bob Yamamoto', 'ROBERT YAMAMOOT'],
      ['Armen Sargsyan', 'ARMEN SARKISSIAN'],
    ])
      expect(flags(a, b), `${a} / ${b}`).toBe(true);
  });

  it('says why in words', () => {
    const r = scorePair('Cindy Johnson', 'CINDY JENSEN', 'person');
    expect(r.explanation.fields).toContainEqual(expect.objectContaining({ queryField: 'lastName', method: 'other-name' }));
    const loose = scorePair('Katy Hall', 'CATHERINE HILL', 'person');
    expect(JSON.stringify(loose.explanation)).toMatch(/another name|agree only loosely/);
  });
});
