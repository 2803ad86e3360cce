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
  phoneticNeighbours(token: string): readonly number[];
}

export class PartsLexicon implements Lexicon {
  readonly tokens: string[] = [];
  /** toUnion[p][local]: the dictionary id of part p's token. */
  readonly toUnion: Int32Array[] = [];
  /** toLocal[p][id]: part p's id of a dictionary token, or -1. */
  readonly toLocal: Int32Array[];
  /** The typo keys of the dictionary, as one index built from the same tokens would hold them. */
  readonly typo: TypoKeys;
  private readonly phonetic = new Map<string, number[]>();

  constructor(private readonly parts: readonly MatchIndex[]) {
    parts.forEach((part, p) => {
      const map = new Int32Array(part.tokens.length);
      part.tokens.forEach((t, local) => {
        let id = -1;
        for (let q = 0; q < p && id < 0; q++) {
          const there = parts[q].tokenId(t);
          if (there >= 0) id = this.toUnion[q][there];
        }
        if (id < 0) {
          id = this.tokens.length;
          this.tokens.push(t);
        }
        map[local] = id;
      });
      this.toUnion.push(map);
    });
    this.toLocal = parts.map((_, p) => {
      const map = new Int32Array(this.tokens.length).fill(-1);
      this.toUnion[p].forEach((id, local) => (map[id] = local));
      return map;
    });
    this.typo = this.mergedTypoKeys();
  }

  /**
   * Every part's (hash, token) pairs under the dictionary's ids, sorted and without repeats (a token held by
   * several parts has the same keys in each): what buildTypoKeys of the dictionary gives, without hashing.
   */
  private mergedTypoKeys(): TypoKeys {
    const tokenBits = Math.max(21, Math.ceil(Math.log2(this.tokens.length + 1)));
    const hashBits = Math.min(32, 53 - tokenBits);
    const scale = 2 ** tokenBits;
    let total = 0;
    for (const part of this.parts) total += part.data.typo.hashes.length;
    const packed = new Float64Array(total);
    let n = 0;
    this.parts.forEach((part, p) => {
      const { hashes, tokens, hashBits: partBits } = part.data.typo;
      // A part has no more tokens than the dictionary, so it kept at least as many bits of each hash.
      const down = 2 ** (partBits - hashBits);
      const toUnion = this.toUnion[p];
      for (let i = 0; i < hashes.length; i++) packed[n++] = Math.floor(hashes[i] / down) * scale + toUnion[tokens[i]];
    });
    packed.sort();
    let kept = 0;
    for (let i = 0; i < n; i++) if (i === 0 || packed[i] !== packed[i - 1]) packed[kept++] = packed[i];
    const hashes = new Uint32Array(kept);
    const tokens = new Int32Array(kept);
    for (let i = 0; i < kept; i++) {
      const hash = Math.floor(packed[i] / scale);
      hashes[i] = hash;
      tokens[i] = packed[i] - hash * scale;
    }
    return { hashes, tokens, hashBits };
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

/** The dictionary of a parted index, made on its first search (a few hundred ms at 1M records) and kept with it. */
export function lexiconOf(index: PartedIndex): PartsLexicon {
  let lex = lexicons.get(index);
  if (!lex) lexicons.set(index, (lex = new PartsLexicon(index.parts.map((p) => p.index))));
  return lex;
}
