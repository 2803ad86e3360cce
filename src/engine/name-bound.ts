/**
 * A cheap upper bound of a person-name score, computed from token ids alone, so the full
 * comparison (strings, rearrangements, explanation) runs only for entries that could pass.
 */
import { ROLE } from './index-data';
import type { MatchIndex } from './match-index';
import { sharedWork, type Lexicon } from './parts-lexicon';
import type { PersonName } from './person-name';
import { PERSON_WEIGHTS } from './person-score';
import type { LooseSpelling } from './loose-spelling';
import { compareTokens, TOKEN_SCORES } from './token-similarity';
import { isSyllabic, isWadeGiles } from './wade-giles';

/**
 * Per-query bound calculator; caches each dictionary token's best similarity to the query. Over a parted
 * index the dictionary is the parts' (ADR 070): a token shared by parts is compared once.
 */
export class PersonNameBound {
  private readonly queryTokens: string[];
  private readonly given = new Map<number, number>();
  private readonly surname = new Map<number, number>();

  constructor(
    private readonly lex: Lexicon,
    query: PersonName,
    private readonly loose: LooseSpelling = null,
  ) {
    // Every query token in every role: rearranged names (swaps, middle names) stay bounded.
    const tokens = [query.first, ...query.middle, ...query.last].filter(Boolean);
    if (query.last.length > 1) tokens.push(query.last.join(''));
    this.queryTokens = [...new Set(tokens)];
  }

  private best(id: number, role: 'given' | 'surname'): number {
    const cache = role === 'given' ? this.given : this.surname;
    let v = cache.get(id);
    if (v === undefined) {
      v = 0;
      sharedWork.boundTokens++;
      const t = this.lex.tokens[id];
      for (const q of this.queryTokens) {
        const s = compareTokens(q, t, role, this.loose).score;
        if (s > v) v = s;
      }
      // A Chinese given name may be split into syllables on one side: any syllable may be part of it.
      if (role === 'given' && (this.loose === 'wade-giles' ? isSyllabic(t) : this.loose === 'pinyin' && isWadeGiles(t))) v = Math.max(v, TOKEN_SCORES.wadeGiles);
      cache.set(id, v);
    }
    return v;
  }

  /** Upper bound of the name similarity of an entry of `index` (a part of the dictionary's, with its ids' map) to the query. */
  bound(index: MatchIndex, entry: number, toUnion: Int32Array | null = null): number {
    const { start, tokens, roles } = index.data.entry;
    let g = 0;
    let s = 0;
    for (let k = start[entry]; k < start[entry + 1]; k++) {
      if (roles[k] === ROLE.generation) continue;
      const id = toUnion ? toUnion[tokens[k]] : tokens[k];
      const gs = this.best(id, 'given');
      if (gs > g) g = gs;
      const ss = this.best(id, 'surname');
      if (ss > s) s = ss;
    }
    return Math.max(PERSON_WEIGHTS.last * s + PERSON_WEIGHTS.first * g, 0.8 * s);
  }
}
