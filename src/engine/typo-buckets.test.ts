/**
 * Typo keys looked up through buckets of their sorted hashes (ADR 079): the same dictionary tokens as a binary
 * search of the whole array, the buckets made once per typo keys.
 */
import { describe, expect, it } from 'vitest';
import { buildTypoKeys, deletions, fnv1a, lowerBound, typoCandidates, typoWork, type TypoKeys } from './typo-keys';
import { seededRandom, syntheticFirstName, syntheticSurname } from './synthetic-records';

/** The lookup as it was: every variant's hash searched in the whole sorted array. */
function wholeArray(keys: TypoKeys, token: string, maxEdits: number): number[] {
  if (token.length < 3 || token.length > 24 || !/^[a-z0-9]+$/.test(token)) return [];
  const variants = new Set<string>([token]);
  if (token.length >= 4) {
    for (const d of deletions(token)) {
      variants.add(d);
      if (maxEdits >= 2 && token.length >= 6) for (const d2 of deletions(d)) variants.add(d2);
    }
  }
  const shiftDown = 2 ** (32 - keys.hashBits);
  const out: number[] = [];
  for (const v of variants) {
    const h = Math.floor(fnv1a(v) / shiftDown);
    for (let i = lowerBound(keys.hashes, h); i < keys.hashes.length && keys.hashes[i] === h; i++) out.push(keys.tokens[i]);
  }
  return out;
}

describe('typo keys looked up by bucket (ADR 079)', () => {
  it('finds the same tokens, in the same order, as a search of the whole array; buckets made once', () => {
    const rnd = seededRandom(79);
    const words = new Set<string>();
    while (words.size < 20_000) words.add((rnd() < 0.5 ? syntheticFirstName(rnd) : syntheticSurname(rnd)).toLowerCase());
    const dictionary = [...words];
    const keys = buildTypoKeys(dictionary);
    // Queries: dictionary words, one or two letters changed, and words not in it.
    const queries = dictionary.slice(0, 3000).flatMap((w, i) => [w, w.slice(0, -1) + 'x', w.length > 5 ? w.slice(1, 3) + w.slice(4) : w + 'ab', i % 7 ? 'zq' + w : w.toUpperCase()]);
    const before = typoWork.bucketed;
    let found = 0;
    for (const q of queries) {
      for (const edits of [1, 2]) {
        const got = typoCandidates(keys, q, edits);
        expect(got).toEqual(wholeArray(keys, q, edits));
        found += got.length;
      }
    }
    expect(found).toBeGreaterThan(queries.length);
    expect(typoWork.bucketed - before).toBe(1);
  });

  it('looks up keys with few hash bits (a huge dictionary) and empty buckets alike', () => {
    const keys = buildTypoKeys(['anna', 'anne', 'johann', 'jon', 'smith', 'smyth']);
    const narrow: TypoKeys = { ...keys, hashes: keys.hashes.map((h) => Math.floor(h / 2 ** 20)), hashBits: keys.hashBits - 20 };
    for (const k of [keys, narrow]) for (const q of ['ann', 'anna', 'smith', 'smiht', 'johan', 'zzzz']) expect(typoCandidates(k, q, 2)).toEqual(wholeArray(k, q, 2));
  });
});
