import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { fromTransferable, toTransferable, transferableToData } from './index-transfer';
import { MatchIndex } from './match-index';
import { phoneticKey } from './phonetic';
import { buildPhoneticClasses, filedPhoneticKey } from './phonetic-classes';
import { StringPoolBuilder } from './string-pool';
import { syntheticRecords } from './synthetic-records';
import { listRecord } from './test-records';

const person = (id: string, firstName: string, lastName: string) => listRecord('leie', id, 'person', { firstName, lastName });

/** The tokens filed under a token's key, found by computing every token's key. */
const byBruteForce = (tokens: readonly string[], token: string): number[] => {
  const key = phoneticKey(token);
  return tokens.flatMap((t, id) => (key && filedPhoneticKey(t) === key ? [id] : []));
};

describe('phonetic classes carried with the index (ADR 099)', () => {
  const records = [...syntheticRecords(2000, 11), person('x1', 'Catherine', 'Smyth'), person('x2', 'Kathryn', 'Smith'), person('x3', 'Zoë', 'Øster-Ng'), person('x4', '小明', '王'), person('x5', 'O', 'B')];
  const built = buildIndex(records, { version: 'classes' });

  it('file every Latin token of two letters or more under its key, once, in ascending id order', () => {
    const { keys, start, tokens } = built.data.phonetic;
    const seen = new Set<number>();
    for (let c = 0; c < keys.count; c++) {
      const ids = [...tokens.subarray(start[c], start[c + 1])];
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const id of ids) {
        expect(filedPhoneticKey(built.tokens[id])).toBe(keys.get(c));
        seen.add(id);
      }
    }
    expect(seen.size).toBe(tokens.length);
    expect(built.tokens.filter((t) => filedPhoneticKey(t) !== '').length).toBe(tokens.length);
  });

  it('answer a revived index’s phonetic neighbours as computing every key would', () => {
    const revived = fromTransferable(toTransferable(built));
    for (const token of ['catherine', 'kathryn', 'smith', 'smyth', 'zzzz', 'a', '小明', ...built.tokens.slice(0, 300)]) {
      expect([...revived.phoneticNeighbours(token)]).toEqual(byBruteForce(built.tokens, token));
    }
    expect([...revived.phoneticNeighbours('kathryn')]).toContain(revived.tokenId('catherine'));
  });

  it('are read from the index, not computed again where it is revived', () => {
    // Classes made from another dictionary: a thread that computed keys itself would not answer them.
    const data = transferableToData(toTransferable(built));
    const other = buildPhoneticClasses(['smith', ...built.tokens.slice(1)].map((t, i) => (i === 0 ? t : 'qqqq')));
    const revived = new MatchIndex({ ...data, phonetic: other });
    expect([...revived.phoneticNeighbours('smyth')]).toEqual([0]);
    expect([...revived.phoneticNeighbours('qqqq')]).toEqual(built.tokens.slice(1).map((_, i) => i + 1));
  });
});

describe('StringPool.range', () => {
  it('decodes as get does, ASCII or not, from shared memory or not', () => {
    const strings = ['', 'a', 'smith', 'zoë', '王小明', 'o’brien', '🙂x', 'plain'];
    for (const shared of [false, true]) {
      const b = new StringPoolBuilder();
      for (const s of strings) b.add(s);
      const pool = b.finish(shared);
      expect(pool.range(0, pool.count)).toEqual(strings);
      expect(pool.range(2, 3)).toEqual(['smith']);
      expect(pool.range(3, 6)).toEqual(strings.slice(3, 6));
      expect(pool.toArray()).toEqual(strings.map((_, i) => pool.get(i)));
    }
    const ascii = new StringPoolBuilder();
    for (const s of ['ab', 'cd', 'e']) ascii.add(s);
    expect(ascii.finish(true).range(1, 3)).toEqual(['cd', 'e']);
  });
});
