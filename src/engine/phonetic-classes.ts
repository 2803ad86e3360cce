/**
 * An index's phonetic classes (ADR 099): each phonetic key of its dictionary with the ids of the
 * tokens that have it, computed once where the index is built and carried with its other arrays
 * (shared memory, the index file). Each thread that revives the index only maps the keys to their
 * class; before, every screening thread computed the key of every token again as it booted.
 */
import { toShared } from './growable';
import { phoneticKey } from './phonetic';
import { StringPoolBuilder, type StringPool } from './string-pool';
import { isLatinToken } from './text-normalize';

/** Class c holds the keys' c-th key and the tokens `tokens[start[c] .. start[c+1])`, in ascending id order. */
export interface PhoneticClasses {
  keys: StringPool;
  start: Int32Array;
  tokens: Int32Array;
}

/** A list of token ids (an array, or a view of a class's ids). */
export type TokenIdList = ArrayLike<number> & Iterable<number>;

/** The phonetic key a token is filed under in its index, or "" when it is filed under none. */
export function filedPhoneticKey(token: string): string {
  return token.length >= 2 && isLatinToken(token) ? phoneticKey(token) : '';
}

/** The classes of a dictionary (token id = position), keys in order of their first token. */
export function buildPhoneticClasses(tokens: readonly string[], shared = false): PhoneticClasses {
  const classOfKey = new Map<string, number>();
  const keys = new StringPoolBuilder();
  const classOf = new Int32Array(tokens.length).fill(-1);
  for (let i = 0; i < tokens.length; i++) {
    const key = filedPhoneticKey(tokens[i]);
    if (!key) continue;
    let c = classOfKey.get(key);
    if (c === undefined) {
      c = keys.add(key);
      classOfKey.set(key, c);
    }
    classOf[i] = c;
  }
  const start = new Int32Array(classOfKey.size + 1);
  for (let i = 0; i < tokens.length; i++) if (classOf[i] >= 0) start[classOf[i] + 1]++;
  for (let c = 0; c < classOfKey.size; c++) start[c + 1] += start[c];
  const ids = new Int32Array(start[classOfKey.size]);
  const next = start.slice(0, classOfKey.size);
  for (let i = 0; i < tokens.length; i++) if (classOf[i] >= 0) ids[next[classOf[i]]++] = i;
  return { keys: keys.finish(shared), start: shared ? toShared(start) : start, tokens: shared ? toShared(ids) : ids };
}

/** The token ids of class c (a view, no copy). */
export function classTokens(classes: PhoneticClasses, c: number): Int32Array {
  return classes.tokens.subarray(classes.start[c], classes.start[c + 1]);
}
