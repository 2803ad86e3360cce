import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { PartedIndex } from './index-parts';
import type { MatchIndex } from './match-index';
import { attachLexicon, lexiconDataOf, lexiconIfMade, lexiconOf, lexiconWork, PartsLexicon, type LexiconData } from './parts-lexicon';
import { screen } from './screen';
import { syntheticIndividuals, syntheticRecords } from './synthetic-records';

const records = [...syntheticRecords(4000, 5)];
const whole = buildIndex(records, { version: 'one' });
const empty = buildIndex([], { version: 'empty' });
const sourceOf = (i: MatchIndex) => ({ tokens: i.tokens, typo: i.data.typo });
const plain = (d: LexiconData) => ({ tokens: d.tokens, toUnion: d.toUnion.map((m) => Array.from(m)), toLocal: d.toLocal.map((m) => Array.from(m)), typo: [Array.from(d.typo.hashes), Array.from(d.typo.tokens), d.typo.hashBits] });

describe('the parts’ dictionary (ADR 070, 077)', () => {
  it('of one part is the merge’s: the part’s tokens, its ids, its typo keys without repeats', () => {
    const one = lexiconDataOf([sourceOf(whole)]);
    // An empty second part adds nothing: the general merge of the same keys.
    const merged = lexiconDataOf([sourceOf(whole), sourceOf(empty)]);
    expect(plain(one).tokens).toEqual(plain(merged).tokens);
    expect(plain(one).toUnion[0]).toEqual(plain(merged).toUnion[0]);
    expect(plain(one).toLocal[0]).toEqual(plain(merged).toLocal[0]);
    expect(plain(one).typo).toEqual(plain(merged).typo);
  });

  it('made elsewhere on shared memory and attached, answers as the one made at the first search, which it spares', () => {
    const half = records.length / 2;
    const parts = [buildIndex(records.slice(0, half), { version: 'a' }), buildIndex(records.slice(half), { version: 'b' })];
    const data = lexiconDataOf(parts.map(sourceOf), true);
    expect(data.toLocal[1].buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(data.typo.hashes.buffer).toBeInstanceOf(SharedArrayBuffer);
    const lazy = new PartedIndex('ab', [
      { name: 'a', index: parts[0] },
      { name: 'b', index: parts[1] },
    ]);
    const prepared = new PartedIndex('ab', [...lazy.parts]);
    attachLexicon(prepared, data);
    expect(plain(lexiconIfMade(prepared)!.data)).toEqual(plain(new PartsLexicon(parts).data));
    const before = lexiconWork.built;
    const queries = syntheticIndividuals(30, 9);
    const answers = queries.map((q) => screen(prepared, q));
    expect(lexiconWork.built).toBe(before);
    expect(lexiconIfMade(lazy)).toBeUndefined();
    expect(JSON.stringify(queries.map((q) => screen(lazy, q)))).toBe(JSON.stringify(answers));
    expect(lexiconWork.built).toBe(before + 1);
    expect(lexiconOf(lazy)).toBe(lexiconIfMade(lazy));
  });

  it('refuses a dictionary made from other parts', () => {
    const index = new PartedIndex('x', [{ name: 'x', index: whole }]);
    expect(() => attachLexicon(index, lexiconDataOf([sourceOf(empty)]))).toThrow(/other parts/);
  });
});
