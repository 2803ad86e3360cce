/**
 * One dictionary over the parts of a PartedIndex (ADR 070), so that a query's tokens are expanded once for
 * all parts (typo neighbours, phonetic classes, nicknames, the name bound) and the candidate budgets apply
 * to the whole as for one index. It holds no postings and no strings of its own: the dictionary is the
 * parts' tokens in part order (a token's id is where it first appears, as in one index built from the parts'
 * records in part order), with two id maps per part; typo keys and phonetic classes are the parts' own,
 * probed with hashes and keys computed once.
 */
import type { MatchIndex } from './match-index';
import type { PartedIndex } from './index-parts';
import { phoneticKey } from './phonetic';
import { lowerBound, typoVariantHashes } from './typo-keys';

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

  /**
   * Dictionary ids that may be within `maxEdits` of the token, in the order one index's typo keys give them
   * (by lookup key, then ascending id): the hashes are computed once and looked up in each part's keys.
   */
  typoCandidates(token: string, maxEdits: number): number[] {
    const out: number[] = [];
    const block: number[] = [];
    for (const full of typoVariantHashes(token, maxEdits)) {
      block.length = 0;
      this.parts.forEach((part, p) => {
        const keys = part.data.typo;
        const h = Math.floor(full / 2 ** (32 - keys.hashBits));
        for (let i = lowerBound(keys.hashes, h); i < keys.hashes.length && keys.hashes[i] === h; i++) block.push(this.toUnion[p][keys.tokens[i]]);
      });
      if (block.length > 1) block.sort((a, b) => a - b);
      for (let i = 0; i < block.length; i++) if (i === 0 || block[i] !== block[i - 1]) out.push(block[i]);
    }
    return out;
  }
}

const lexicons = new WeakMap<PartedIndex, PartsLexicon>();

/** The dictionary of a parted index, made on its first search (a few hundred ms at 1M records) and kept with it. */
export function lexiconOf(index: PartedIndex): PartsLexicon {
  let lex = lexicons.get(index);
  if (!lex) lexicons.set(index, (lex = new PartsLexicon(index.parts.map((p) => p.index))));
  return lex;
}
