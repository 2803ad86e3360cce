/**
 * A cheap upper bound of a person-name score, computed from token ids alone, so the full
 * comparison (strings, rearrangements, explanation) runs only for entries that could pass.
 */
import { ROLE } from './index-data';
import type { MatchIndex } from './match-index';
import type { PersonName } from './person-name';
import { PERSON_WEIGHTS } from './person-score';
import type { LooseSpelling } from './loose-spelling';
import { compareTokens, TOKEN_SCORES } from './token-similarity';
import { isSyllabic, isWadeGiles } from './wade-giles';

/**
 * Each query token's similarity to dictionary tokens (by token id), per role and loose spelling,
 * kept across the queries of an index: a batch's rows repeat first names and surnames, so most
 * comparisons of a row were made for an earlier one (ADR 071). compareTokens is a pure function of
 * the two tokens, the role and the spelling rule, so a kept score is the score.
 */
interface TokenScores {
  size: number;
  byToken: Map<string, Map<number, number>>;
}
const tokenScores = new WeakMap<MatchIndex, TokenScores>();
/** Scores kept per index (and thread) before they are dropped and gathered again (~30 MB). */
export const MAX_KEPT_TOKEN_SCORES = 400_000;

/** Drops the token scores kept for an index (tests: answers must not depend on what was kept). */
export function forgetKeptTokenScores(index: MatchIndex): void {
  tokenScores.delete(index);
}

/** Per-query bound calculator; caches each dictionary token's best similarity to the query. */
export class PersonNameBound {
  private readonly queryTokens: string[];
  private readonly given = new Map<number, number>();
  private readonly surname = new Map<number, number>();
  private readonly kept: TokenScores;
  /** The kept scores of each query token, given role then surname role. */
  private readonly keptGiven: Map<number, number>[];
  private readonly keptSurname: Map<number, number>[];

  constructor(
    private readonly index: MatchIndex,
    query: PersonName,
    private readonly loose: LooseSpelling = null,
  ) {
    // Every query token in every role: rearranged names (swaps, middle names) stay bounded.
    const tokens = [query.first, ...query.middle, ...query.last].filter(Boolean);
    if (query.last.length > 1) tokens.push(query.last.join(''));
    this.queryTokens = [...new Set(tokens)];
    let kept = tokenScores.get(index);
    if (!kept) tokenScores.set(index, (kept = { size: 0, byToken: new Map() }));
    if (kept.size > MAX_KEPT_TOKEN_SCORES) {
      kept.byToken.clear();
      kept.size = 0;
    }
    this.kept = kept;
    const keptOf = (role: string, q: string): Map<number, number> => {
      const key = `${role}|${loose ?? ''}|${q}`;
      let m = kept.byToken.get(key);
      if (!m) kept.byToken.set(key, (m = new Map()));
      return m;
    };
    this.keptGiven = this.queryTokens.map((q) => keptOf('given', q));
    this.keptSurname = this.queryTokens.map((q) => keptOf('surname', q));
  }

  private best(id: number, role: 'given' | 'surname'): number {
    const cache = role === 'given' ? this.given : this.surname;
    let v = cache.get(id);
    if (v === undefined) {
      v = 0;
      const t = this.index.tokens[id];
      const kept = role === 'given' ? this.keptGiven : this.keptSurname;
      for (let i = 0; i < this.queryTokens.length; i++) {
        let s = kept[i].get(id);
        if (s === undefined) {
          s = compareTokens(this.queryTokens[i], t, role, this.loose).score;
          kept[i].set(id, s);
          this.kept.size += 1;
        }
        if (s > v) v = s;
      }
      // A Chinese given name may be split into syllables on one side: any syllable may be part of it.
      if (role === 'given' && (this.loose === 'wade-giles' ? isSyllabic(t) : this.loose === 'pinyin' && isWadeGiles(t))) v = Math.max(v, TOKEN_SCORES.wadeGiles);
      cache.set(id, v);
    }
    return v;
  }

  /** Upper bound of the name similarity of an entry to the query. */
  bound(entry: number): number {
    const { start, tokens, roles } = this.index.data.entry;
    let g = 0;
    let s = 0;
    for (let k = start[entry]; k < start[entry + 1]; k++) {
      if (roles[k] === ROLE.generation) continue;
      const id = tokens[k];
      const gs = this.best(id, 'given');
      if (gs > g) g = gs;
      const ss = this.best(id, 'surname');
      if (ss > s) s = ss;
    }
    return Math.max(PERSON_WEIGHTS.last * s + PERSON_WEIGHTS.first * g, 0.8 * s);
  }
}
