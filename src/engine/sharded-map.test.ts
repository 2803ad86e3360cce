import { describe, expect, it } from 'vitest';
import { makeLookups } from './match-index';
import { buildIndex } from './index-builder';
import { syntheticRecords } from './synthetic-records';
import { ShardedMap, SHARD_BITS } from './sharded-map';

describe('ShardedMap (ADR 081)', () => {
  it('answers as a Map, with no shard holding much more than its share of the keys', () => {
    const m = new ShardedMap<number>();
    const plain = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const key = `${String.fromCharCode(65 + (i % 26))}${i.toString(36).toUpperCase()}${i % 7 ? 'SON' : ''}`;
      m.set(key, i);
      plain.set(key, i);
    }
    m.set('A', -1).set('', -2);
    plain.set('A', -1).set('', -2);
    expect(m.size).toBe(plain.size);
    for (const [k, v] of plain) expect(m.get(k)).toBe(v);
    expect(m.get('NOT THERE')).toBeUndefined();
    expect(m.largestShard).toBeLessThan((3 * plain.size) / (1 << SHARD_BITS));
  });

  it('holds an index’s lookups: no one map of every token, whose growth rehashes them all at once', () => {
    const index = buildIndex(syntheticRecords(3000, 5), { version: 'sharded' });
    const steps = makeLookups(index.data);
    let step = steps.next();
    while (!step.done) step = steps.next();
    const lookups = step.value;
    expect(lookups.tokenIds.size).toBe(index.data.tokens.count);
    expect(lookups.tokenIds.largestShard).toBeLessThan(index.data.tokens.count / 8);
    index.tokens.forEach((t, id) => expect(index.tokenId(t)).toBe(id));
  });
});
