/**
 * A map from strings split in shards by a hash of the key (ADR 081). A Map grows by rehashing all its
 * entries in one call: at a million tokens one `set` held the thread for 100–460 ms, which a thread
 * that serves searches while it makes an index's lookups (in slices, ADR 072) cannot afford. Here a
 * rehash touches one shard, 1/64 of the keys.
 */
export const SHARD_BITS = 6;

export class ShardedMap<V> {
  private readonly shards: Map<string, V>[];
  private readonly shift: number;

  constructor(bits = SHARD_BITS) {
    this.shards = Array.from({ length: 1 << bits }, () => new Map<string, V>());
    this.shift = 32 - bits;
  }

  /** The shard of a key: a hash of its length and of up to four characters at each end. */
  private shardOf(key: string): Map<string, V> {
    const n = key.length;
    let h = n;
    const ends = n < 4 ? n : 4;
    for (let i = 0; i < ends; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x9e3779b1) ^ Math.imul(key.charCodeAt(n - 1 - i), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    return this.shards[this.shift === 32 ? 0 : (h ^ (h >>> 13)) >>> this.shift];
  }

  get(key: string): V | undefined {
    return this.shardOf(key).get(key);
  }

  set(key: string, value: V): this {
    this.shardOf(key).set(key, value);
    return this;
  }

  get size(): number {
    let n = 0;
    for (const s of this.shards) n += s.size;
    return n;
  }

  /** The most keys one shard holds (tests: no shard holds most of them). */
  get largestShard(): number {
    let n = 0;
    for (const s of this.shards) n = Math.max(n, s.size);
    return n;
  }
}
