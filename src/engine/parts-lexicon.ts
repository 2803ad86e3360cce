/**
 * One dictionary over the parts of a PartedIndex (ADR 070), so that a query's tokens are expanded once for
 * all parts (typo neighbours, phonetic classes, nicknames, the name bound) and the candidate budgets apply
 * to the whole as for one index. It holds no postings and no strings of its own: the dictionary is the
 * parts' tokens in part order (a token's id is where it first appears, as in one index built from the parts'
 * records in part order), with two id maps per part, and typo keys: the parts' keys merged under the
 * dictionary's ids (no token is hashed again). Phonetic classes are the parts' own, looked up by a key
 * computed once.
 */
import type { MatchIndex } from './match-index';
import type { PartedIndex } from './index-parts';
import { phoneticKey } from './phonetic';
import type { TokenIdList } from './phonetic-classes';
import { typoCandidates, type TypoKeys } from './typo-keys';

/**
 * Counts of the per-query work done once for all parts (ADR 070): query preparations, token expansions,
 * dictionary tokens bounded against the query name. Tests read them; nothing else depends on them.
 */
export const sharedWork = { preparations: 0, expansions: 0, boundTokens: 0 };

/** What candidate search expands query tokens against: one index, or the parts' dictionary. */
export interface Lexicon {
  readonly tokens: readonly string[];
  tokenId(token: string): number;
  phoneticNeighbours(token: string): TokenIdList;
}

/**
 * The arrays of a parts' dictionary (ADR 070): what PartsLexicon computes from the parts, in a form a
 * thread can make and hand over (ADR 077: made during a swap, before the new index is published).
 */
export interface LexiconData {
  tokens: string[];
  toUnion: Int32Array[];
  toLocal: Int32Array[];
  typo: TypoKeys;
}

/** The dictionary's arrays without its tokens: what a thread sends back (the tokens are the parts', ADR 081). */
export type LexiconArrays = Omit<LexiconData, 'tokens'>;

/**
 * The dictionary's tokens from the parts' own strings (token id p's local id l is toUnion[p][l]),
 * stopping (yield) after every `slice` tokens: a thread that serves searches takes them in slices
 * instead of receiving a clone of every token (ADR 081).
 */
export function* lexiconTokensOf(parts: readonly { tokens: readonly string[] }[], arrays: Pick<LexiconData, 'toUnion' | 'toLocal'>, slice = Infinity): Generator<void, string[]> {
  // Every toLocal map has one entry per dictionary token.
  const count = arrays.toLocal[0]?.length ?? 0;
  const toUnion = arrays.toUnion;
  const tokens = new Array<string>(count);
  let done = 0;
  for (let p = 0; p < parts.length; p++) {
    const own = parts[p].tokens;
    const ids = toUnion[p];
    for (let l = 0; l < ids.length; l++) {
      if (++done % slice === 0) yield;
      tokens[ids[l]] = own[l];
    }
  }
  return tokens;
}

/** What the dictionary is made from: each part's tokens (in id order) and typo keys. */
export interface LexiconSource {
  tokens: readonly string[];
  typo: TypoKeys;
}

/** How many dictionaries were computed on this thread (tests: a search after a swap makes none). */
export const lexiconWork = { built: 0 };

function int32(length: number, shared: boolean): Int32Array {
  return shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length);
}

/**
 * Computes the dictionary of these parts, in part order: a token's id is where it first appears. With
 * `shared`, the arrays are on SharedArrayBuffers (a thread's result goes back and on to the pool without a copy).
 */
export function lexiconDataOf(parts: readonly LexiconSource[], shared = false): LexiconData {
  lexiconWork.built += 1;
  if (parts.length === 1) return oneLexiconData(parts[0], shared);
  const tokens: string[] = [];
  const ids = new Map<string, number>();
  const toUnion = parts.map((part) => {
    const map = int32(part.tokens.length, shared);
    part.tokens.forEach((t, local) => {
      let id = ids.get(t);
      if (id === undefined) {
        id = tokens.length;
        tokens.push(t);
        ids.set(t, id);
      }
      map[local] = id;
    });
    return map;
  });
  const toLocal = toUnion.map((union) => {
    const map = int32(tokens.length, shared).fill(-1);
    union.forEach((id, local) => (map[id] = local));
    return map;
  });
  return { tokens, toUnion, toLocal, typo: mergedTypoKeys(parts, tokens.length, toUnion, shared) };
}

/**
 * The dictionary of one part (INDEX_PARTS=one): its own tokens and ids, and its typo keys without the
 * repeated pairs (a deletion whose kept hash bits equal another's), which is what the merge below gives
 * for one part, without the sort (ADR 077).
 */
function oneLexiconData(part: LexiconSource, shared: boolean): LexiconData {
  const n = part.tokens.length;
  const identity = int32(n, shared);
  for (let i = 0; i < n; i++) identity[i] = i;
  const { hashes, tokens, hashBits } = part.typo;
  let repeats = 0;
  for (let i = 1; i < hashes.length; i++) if (hashes[i] === hashes[i - 1] && tokens[i] === tokens[i - 1]) repeats += 1;
  let typo: TypoKeys = part.typo;
  if (repeats) {
    const kept = hashes.length - repeats;
    const h = shared ? new Uint32Array(new SharedArrayBuffer(kept * 4)) : new Uint32Array(kept);
    const t = int32(kept, shared);
    let k = 0;
    for (let i = 0; i < hashes.length; i++) {
      if (i > 0 && hashes[i] === hashes[i - 1] && tokens[i] === tokens[i - 1]) continue;
      h[k] = hashes[i];
      t[k++] = tokens[i];
    }
    typo = { hashes: h, tokens: t, hashBits };
  }
  return { tokens: [...part.tokens], toUnion: [identity], toLocal: [identity], typo };
}

/**
 * Every part's (hash, token) pairs under the dictionary's ids, sorted and without repeats (a token held by
 * several parts has the same keys in each): what buildTypoKeys of the dictionary gives, without hashing.
 */
function mergedTypoKeys(parts: readonly LexiconSource[], tokenCount: number, toUnion: readonly Int32Array[], shared: boolean): TypoKeys {
  const tokenBits = Math.max(21, Math.ceil(Math.log2(tokenCount + 1)));
  const hashBits = Math.min(32, 53 - tokenBits);
  const scale = 2 ** tokenBits;
  let total = 0;
  for (const part of parts) total += part.typo.hashes.length;
  const packed = new Float64Array(total);
  let n = 0;
  parts.forEach((part, p) => {
    const { hashes, tokens, hashBits: partBits } = part.typo;
    // A part has no more tokens than the dictionary, so it kept at least as many bits of each hash.
    const down = 2 ** (partBits - hashBits);
    const union = toUnion[p];
    for (let i = 0; i < hashes.length; i++) packed[n++] = Math.floor(hashes[i] / down) * scale + union[tokens[i]];
  });
  packed.sort();
  let kept = 0;
  for (let i = 0; i < n; i++) if (i === 0 || packed[i] !== packed[i - 1]) packed[kept++] = packed[i];
  const hashes = shared ? new Uint32Array(new SharedArrayBuffer(kept * 4)) : new Uint32Array(kept);
  const tokens = int32(kept, shared);
  for (let i = 0; i < kept; i++) {
    const hash = Math.floor(packed[i] / scale);
    hashes[i] = hash;
    tokens[i] = packed[i] - hash * scale;
  }
  return { hashes, tokens, hashBits };
}

export class PartsLexicon implements Lexicon {
  readonly tokens: string[];
  /** toUnion[p][local]: the dictionary id of part p's token. */
  readonly toUnion: Int32Array[];
  /** toLocal[p][id]: part p's id of a dictionary token, or -1. */
  readonly toLocal: Int32Array[];
  /** The typo keys of the dictionary, as one index built from the same tokens would hold them. */
  readonly typo: TypoKeys;
  private readonly phonetic = new Map<string, number[]>();

  /** The dictionary of these parts: computed here, or `data` made elsewhere from the same parts (a thread, ADR 077). */
  constructor(
    private readonly parts: readonly MatchIndex[],
    data: LexiconData = lexiconDataOf(parts.map((p) => ({ tokens: p.tokens, typo: p.data.typo }))),
  ) {
    if (data.toUnion.length !== parts.length || data.toUnion.some((m, p) => m.length !== parts[p].tokens.length)) throw new Error('the dictionary was made from other parts');
    this.tokens = data.tokens;
    this.toUnion = data.toUnion;
    this.toLocal = data.toLocal;
    this.typo = data.typo;
  }

  /** Its arrays (to hand to another thread: PartsLexicon(parts, data) there makes the same dictionary). */
  get data(): LexiconData {
    return { tokens: this.tokens, toUnion: this.toUnion, toLocal: this.toLocal, typo: this.typo };
  }

  tokenId(token: string): number {
    for (let p = 0; p < this.parts.length; p++) {
      const local = this.parts[p].tokenId(token);
      if (local >= 0) return this.toUnion[p][local];
    }
    return -1;
  }

  /** The parts' phonetic classes of the token's key, as dictionary ids in ascending order (one index's order). */
  phoneticNeighbours(token: string): readonly number[] {
    const key = phoneticKey(token);
    let ids = this.phonetic.get(key);
    if (!ids) {
      const set = new Set<number>();
      this.parts.forEach((part, p) => {
        for (const local of part.phoneticNeighboursOfKey(key)) set.add(this.toUnion[p][local]);
      });
      ids = [...set].sort((a, b) => a - b);
      if (this.phonetic.size > 20_000) this.phonetic.clear();
      this.phonetic.set(key, ids);
    }
    return ids;
  }

  /** Dictionary ids that may be within `maxEdits` of the token, in the order one index's typo keys give them. */
  typoCandidates(token: string, maxEdits: number): number[] {
    return typoCandidates(this.typo, token, maxEdits);
  }
}

const lexicons = new WeakMap<PartedIndex, PartsLexicon>();

/**
 * The dictionary of a parted index, kept with it. The index store makes it during a swap, before the new
 * index is published (attachLexicon, ADR 077); an index no one prepared gets it at its first search (a
 * few hundred ms at 1M records).
 */
export function lexiconOf(index: PartedIndex): PartsLexicon {
  let lex = lexicons.get(index);
  if (!lex) lexicons.set(index, (lex = new PartsLexicon(index.parts.map((p) => p.index))));
  return lex;
}

/** Gives a parted index the dictionary made from its parts elsewhere (a thread, or before it is published). */
export function attachLexicon(index: PartedIndex, data: LexiconData): PartsLexicon {
  const lex = new PartsLexicon(
    index.parts.map((p) => p.index),
    data,
  );
  lexicons.set(index, lex);
  return lex;
}

/** The dictionary of a parted index if it has one already (none is made). */
export function lexiconIfMade(index: PartedIndex): PartsLexicon | undefined {
  return lexicons.get(index);
}
