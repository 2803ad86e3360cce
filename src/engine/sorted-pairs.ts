/** Exact-key maps as two parallel sorted arrays: a few million keys in tens of megabytes. */
import { lowerBound } from './typo-keys';

type KeyArrayCtor = Float64ArrayConstructor | Uint32ArrayConstructor;

/** Sorts (key, record) pairs by key, then record, into compact arrays. */
export function sortedPairs<C extends KeyArrayCtor>(keys: Float64Array, records: Int32Array, ctor: C): { keys: InstanceType<C>; records: Int32Array } {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => keys[a] - keys[b] || records[a] - records[b]);
  const outKeys = new ctor(keys.length) as InstanceType<C>;
  const outRecords = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i++) {
    outKeys[i] = keys[order[i]];
    outRecords[i] = records[order[i]];
  }
  return { keys: outKeys, records: outRecords };
}

/** Records filed under a key (ascending). */
export function lookupPairs(map: { keys: ArrayLike<number>; records: Int32Array }, key: number): number[] {
  const out: number[] = [];
  for (let i = lowerBound(map.keys, key); i < map.keys.length && map.keys[i] === key; i++) out.push(map.records[i]);
  return out;
}
