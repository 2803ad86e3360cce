/**
 * Deletion-neighbourhood keys for typo candidates (the SymSpell idea): a dictionary token
 * is filed under its own hash and the hashes of its one-letter deletions; a query token
 * looks up its own deletions (one, or two for long tokens). Two strings within one edit
 * (substitution, insertion, deletion, transposition) always share a key. Hashes are
 * stored in one sorted array: no per-key objects.
 */
import { isLatinToken } from './text-normalize';

const MIN_INDEXED = 3;
const MAX_INDEXED = 24;

/** FNV-1a 32-bit hash of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Distinct one-letter deletions of a token. */
export function deletions(token: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < token.length; i++) out.add(token.slice(0, i) + token.slice(i + 1));
  return [...out];
}

/** Sorted (hash, token) pairs for every indexable token. */
export interface TypoKeys {
  hashes: Uint32Array;
  tokens: Int32Array;
  /** Bits of the hash kept, so hash and token id fit one float64 while sorting. */
  hashBits: number;
}

/** Builds the typo keys of a token dictionary. */
export function buildTypoKeys(dictionary: readonly string[]): TypoKeys {
  const tokenBits = Math.max(21, Math.ceil(Math.log2(dictionary.length + 1)));
  const hashBits = Math.min(32, 53 - tokenBits);
  const packed: number[] = [];
  const shiftDown = 2 ** (32 - hashBits);
  const scale = 2 ** tokenBits;
  for (let id = 0; id < dictionary.length; id++) {
    const t = dictionary[id];
    if (t.length < MIN_INDEXED || t.length > MAX_INDEXED || !isLatinToken(t)) continue;
    packed.push(Math.floor(fnv1a(t) / shiftDown) * scale + id);
    if (t.length >= 4) for (const d of deletions(t)) packed.push(Math.floor(fnv1a(d) / shiftDown) * scale + id);
  }
  const sorted = Float64Array.from(packed).sort();
  const hashes = new Uint32Array(sorted.length);
  const tokens = new Int32Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const hash = Math.floor(sorted[i] / scale);
    hashes[i] = hash;
    tokens[i] = sorted[i] - hash * scale;
  }
  return { hashes, tokens, hashBits };
}

/** Dictionary token ids that may be within `maxEdits` (1 or 2) of the query token (verify after). */
export function typoCandidates(keys: TypoKeys, token: string, maxEdits: number): number[] {
  if (!isLatinToken(token) || token.length < MIN_INDEXED || token.length > MAX_INDEXED) return [];
  const variants = new Set<string>([token]);
  if (token.length >= 4) {
    for (const d of deletions(token)) {
      variants.add(d);
      if (maxEdits >= 2 && token.length >= 6) for (const d2 of deletions(d)) variants.add(d2);
    }
  }
  const shiftDown = 2 ** (32 - keys.hashBits);
  const { hashes } = keys;
  const { starts, shift } = bucketsOf(keys);
  const out: number[] = [];
  for (const v of variants) {
    const h = Math.floor(fnv1a(v) / shiftDown);
    const b = Math.floor(h / shift);
    for (let i = lowerBoundIn(hashes, h, starts[b], starts[b + 1]); i < hashes.length && hashes[i] === h; i++) out.push(keys.tokens[i]);
  }
  return out;
}

/** Top bits of a hash that pick its bucket (2^16 buckets: a few dozen keys each at the lists' real size). */
const BUCKET_BITS = 16;

/**
 * Where each bucket of hashes (their top BUCKET_BITS bits) starts in the sorted array, made once per typo keys
 * and thread (ADR 079): a lookup then searches a few dozen neighbouring keys instead of halving the whole array
 * (~20 steps, the last ones cache misses). Same answers as a binary search of the whole array.
 */
const buckets = new WeakMap<Uint32Array, { starts: Int32Array; shift: number }>();

function bucketsOf(keys: TypoKeys): { starts: Int32Array; shift: number } {
  let made = buckets.get(keys.hashes);
  if (!made) {
    const bits = Math.min(BUCKET_BITS, keys.hashBits);
    const shift = 2 ** (keys.hashBits - bits);
    const count = 2 ** bits;
    const starts = new Int32Array(count + 1);
    const { hashes } = keys;
    let b = 0;
    for (let i = 0; i < hashes.length; i++) {
      const of = Math.floor(hashes[i] / shift);
      while (b <= of) starts[b++] = i;
    }
    while (b <= count) starts[b++] = hashes.length;
    made = { starts, shift };
    buckets.set(keys.hashes, made);
    typoWork.bucketed++;
  }
  return made;
}

/** Typo keys given their buckets on this thread (tests). */
export const typoWork = { bucketed: 0 };

/** First index in [lo, hi) whose value is ≥ x in a sorted array (hi when none). */
function lowerBoundIn(arr: ArrayLike<number>, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is ≥ x in a sorted array. */
export function lowerBound(arr: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
