/** sameUndoubled (ADR 075) answers what comparing the tokens with each run of a letter written once answered. */
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_FIRST_NAMES, SYNTHETIC_SURNAMES } from './synthetic-names';
import { sameUndoubled } from './token-similarity';

const undoubled = (s: string): string => s.replace(/(.)\1+/g, '$1');

describe('sameUndoubled', () => {
  it('agrees with the undoubled strings on every pair of names, their doubled and undoubled spellings and edge cases', () => {
    const names = [...SYNTHETIC_FIRST_NAMES, ...SYNTHETIC_SURNAMES].slice(0, 150).map((n) => n.toLowerCase());
    const tokens = [...new Set([...names, ...names.map(undoubled), ...names.map((n) => n.replace(/([aeiou])/, '$1$1')), ...names.map((n) => n + n.slice(-1)), '', 'a', 'aa', 'aaa', 'ab', 'aab', 'abb', 'abab', 'anna', 'ana', 'annna', 'phillip', 'philip', 'gadaffi', 'gadafi'])];
    let same = 0;
    for (const a of tokens) {
      for (const b of tokens) {
        const want = undoubled(a) === undoubled(b);
        if (sameUndoubled(a, b) !== want) expect({ a, b, got: !want }).toEqual({ a, b, got: want });
        if (want && a !== b) same++;
      }
    }
    expect(same).toBeGreaterThan(200);
  });
});
