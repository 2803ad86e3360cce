import { describe, expect, it } from 'vitest';
import { explanationLine } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { givenNameRarity, rarityFactor, surnameRarity } from './name-rarity';
import { scorePair } from './score-pair';
import { screen } from './screen';
import { isCloseSpelling } from './spelling-variant';
import { listRecord } from './test-records';

// ADR 118: an exact part beside a loose one weighs by how rare it is; the list's own state; every element of a
// sanctions list's name.
const score = (a: string, b: string): number => scorePair(a, b, 'person').score;

describe('how rare the agreeing part of a name is', () => {
  it('discounts the commonest names in full, rare ones not at all, and grades between by log frequency', () => {
    expect(rarityFactor(0.02)).toBeCloseTo(0.92, 5);
    expect(rarityFactor(1e-6)).toBe(1);
    expect(givenNameRarity('michael')).toBeLessThan(givenNameRarity('stephanie'));
    expect(givenNameRarity('stephanie')).toBeLessThan(givenNameRarity('tanisha'));
    expect(surnameRarity(['smith'])).toBeCloseTo(0.92, 2);
    // A double surname is rare as a whole.
    expect(surnameRarity(['garcia', 'lopez'])).toBe(1);
  });

  it('keeps a common first name beside a far sound-alike surname under the threshold, a rare one over it', () => {
    expect(score('Mary Rorie', 'MARY ELAINE RAUER')).toBeLessThan(0.8);
    expect(score('Robert Kuntz', 'ROBERT WALLACE KENDZIA')).toBeLessThan(0.8);
    expect(score('Tanisha Rorie', 'TANISHA ELAINE RAUER')).toBeGreaterThanOrEqual(0.8);
    const trace = scorePair('Mary Rorie', 'MARY ELAINE RAUER', 'person').explanation.adjustments;
    expect(trace.map((a) => a.reason)).toContainEqual(expect.stringContaining('a common first name (mary) agrees, the other part only loosely'));
  });

  it('does not discount a surname spelt as closely as a slip goes, or one of two surnames written as such', () => {
    expect(score('Kenneth Kelly', 'Kenneth Kelley')).toBeGreaterThanOrEqual(0.8);
    expect(score('Michael Jonsn', 'Michael Johnson')).toBeGreaterThanOrEqual(0.8);
    expect(score('Maria Lopez', 'GARCIA LOPEZ, MARIA')).toBeGreaterThanOrEqual(0.8);
    expect(score('Patricia Quinn', 'Quinn-Day, Patricia')).toBeGreaterThanOrEqual(0.8);
  });

  it('discounts a surname found only by reading a middle name as one (Robert Arnold / ROBERT ARNOLD DEMARCO)', () => {
    expect(score('Robert Arnold', 'Robert Arnold DeMarco')).toBeLessThan(0.8);
    expect(score('Michael Cooper Keys', 'MICHAEL COOPER')).toBeLessThan(0.8);
  });

  it('keeps a nickname beside a common exact surname a namesake (Ann/Anna Johnson), an initial not', () => {
    expect(score('Anna Johnson', 'Ann M. Johnson')).toBeGreaterThanOrEqual(0.8);
    expect(score('Giovanni Johnson', 'G Nicholas Johnson')).toBeLessThan(0.8);
  });

  it('reads a slip as two edits at most or letters left out, a far sound-alike as none', () => {
    expect(isCloseSpelling('jonsn', 'johnson', 'surname')).toBe(true);
    expect(isCloseSpelling('hrnndz', 'hernandez', 'surname')).toBe(true);
    expect(isCloseSpelling('rorie', 'rauer', 'surname')).toBe(false);
    expect(isCloseSpelling('hall', 'hill', 'surname')).toBe(false);
  });
});

describe("a state list's record without an address", () => {
  const index = buildIndex([
    listRecord('state-ca', 'ca-1', 'person', { firstName: 'Mary', lastName: 'Rauer' }),
    listRecord('state-ca', 'ca-2', 'person', { firstName: 'Dorothy', lastName: 'Sanders', state: 'NV' }),
    listRecord('leie', 'l-1', 'person', { firstName: 'Mary', lastName: 'Rauer' }),
  ]);
  const hit = (q: { firstName: string; lastName: string; state: string }, id: string) =>
    screen(index, { type: 'individual', ...q }, { minScore: 0.3 }).hits.find((h) => h.record.sourceRecordId === id)!;

  it("stands in its list's state, said as such, and keeps its own view without a state", () => {
    const away = hit({ firstName: 'Mary', lastName: 'Rauer', state: 'MI' }, 'ca-1');
    expect(away.explanation.adjustments).toContainEqual({ reason: "state differs (MI given; the record has no address, the list is CA's own)", effect: -0.05 });
    expect(away.record.state).toBeNull();
    expect(explanationLine({ ...away.explanation, score: away.score, threshold: 0.8 })).toContain("State: different (MI given; the record has no address, the list is CA's own)");
    const home = hit({ firstName: 'Mary', lastName: 'Rauer', state: 'CA' }, 'ca-1');
    expect(home.explanation.adjustments.map((a) => a.reason)).toContain("state agrees (CA given; the record has no address, the list is CA's own)");
    expect(home.score).toBeGreaterThan(away.score);
  });

  it("keeps a record's own state over the list's, and gives a national list's record none", () => {
    const own = hit({ firstName: 'Dorothy', lastName: 'Sanders', state: 'NV' }, 'ca-2');
    expect(own.explanation.adjustments.map((a) => a.reason)).toContain('state agrees');
    const leie = hit({ firstName: 'Mary', lastName: 'Rauer', state: 'MI' }, 'l-1');
    expect(leie.explanation.fields.some((f) => f.queryField === 'state')).toBe(false);
  });
});

describe("a sanctions list's given names", () => {
  const index = buildIndex([
    listRecord('ofac-sdn', 'o-1', 'person', { firstName: 'Hussein', middleName: 'Mahmoud', lastName: 'FARZAT' }),
    listRecord('leie', 'l-2', 'person', { firstName: 'Hussein', middleName: 'Mahmoud', lastName: 'FARZAT' }),
  ]);

  it("finds a person by any element of an OFAC name, where a US list's middle name is weaker evidence", () => {
    const hits = screen(index, { type: 'individual', firstName: 'Mahmoud', lastName: 'Farzat' }, { minScore: 0.3 }).hits;
    const ofac = hits.find((h) => h.record.source === 'ofac-sdn')!;
    const leie = hits.find((h) => h.record.source === 'leie')!;
    expect(ofac.isMatch).toBe(true);
    expect(leie.isMatch).toBe(false);
    expect(ofac.score).toBeGreaterThan(leie.score);
  });
});
