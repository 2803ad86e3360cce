/** Compares business names as weighted token sets, so generic words ("Home Health") weigh little. */
import { businessTokenWeight } from './business-name';
import { TokenComparer, type MatchMethod } from './token-similarity';

/** One query word met one list word (or a glued pair of words). */
export interface BusinessPart {
  query: string;
  list: string;
  score: number;
  weight: number;
  method: MatchMethod;
}

export interface BusinessScore {
  score: number;
  parts: BusinessPart[];
  /** Words of either side left unmatched, which is what lowered the score. */
  unmatchedQuery: string[];
  unmatchedList: string[];
}

const MIN_TOKEN_SCORE = 0.7;

/** Scores list business names against one query name (token comparisons are memoised). */
export class BusinessMatcher {
  private readonly comparers: TokenComparer[];
  private readonly weights: number[];
  private readonly totalWeight: number;

  constructor(readonly query: string[]) {
    this.comparers = query.map((t) => new TokenComparer(t, 'business'));
    this.weights = query.map(businessTokenWeight);
    this.totalWeight = this.weights.reduce((a, b) => a + b, 0);
  }

  /** Weighted Dice similarity of the query words and the list words, with their pairing. */
  score(list: string[]): BusinessScore {
    const q = this.query;
    if (!q.length || !list.length) return { score: 0, parts: [], unmatchedQuery: [...q], unmatchedList: [...list] };
    if (q.length === list.length && q.every((t, i) => t === list[i])) {
      return { score: 1, parts: q.map((t, i) => ({ query: t, list: t, score: 1, weight: this.weights[i], method: 'exact' })), unmatchedQuery: [], unmatchedList: [] };
    }
    const listWeights = list.map(businessTokenWeight);
    const usedQ = new Uint8Array(q.length);
    const usedL = new Uint8Array(list.length);
    const parts: BusinessPart[] = [];
    let matchedWeight = 0;
    // Glued words first: "health care" ≡ "healthcare", "mc donald" ≡ "mcdonald".
    matchedWeight += this.matchGlued(q, list, usedQ, usedL, parts, false);
    matchedWeight += this.matchGlued(list, q, usedL, usedQ, parts, true);
    const pairs: { i: number; j: number; s: number; m: MatchMethod }[] = [];
    for (let i = 0; i < q.length; i++) {
      if (usedQ[i]) continue;
      for (let j = 0; j < list.length; j++) {
        if (usedL[j]) continue;
        const m = this.comparers[i].compare(list[j]);
        if (m.score >= MIN_TOKEN_SCORE) pairs.push({ i, j, s: m.score, m: m.method });
      }
    }
    pairs.sort((a, b) => b.s - a.s || a.i - b.i || a.j - b.j);
    for (const p of pairs) {
      if (usedQ[p.i] || usedL[p.j]) continue;
      usedQ[p.i] = 1;
      usedL[p.j] = 1;
      const w = (this.weights[p.i] + listWeights[p.j]) / 2;
      matchedWeight += 2 * w * p.s;
      parts.push({ query: q[p.i], list: list[p.j], score: p.s, weight: w, method: p.m });
    }
    const listTotal = listWeights.reduce((a, b) => a + b, 0);
    const score = Math.min(1, matchedWeight / (this.totalWeight + listTotal));
    return {
      score,
      parts,
      unmatchedQuery: q.filter((_, i) => !usedQ[i]),
      unmatchedList: list.filter((_, j) => !usedL[j]),
    };
  }

  /** Matches two adjacent words of `a` to one word of `b` when glued they are equal. */
  private matchGlued(a: string[], b: string[], usedA: Uint8Array, usedB: Uint8Array, parts: BusinessPart[], flipped: boolean): number {
    let gained = 0;
    for (let i = 0; i + 1 < a.length; i++) {
      if (usedA[i] || usedA[i + 1]) continue;
      const glued = a[i] + a[i + 1];
      const j = b.findIndex((t, k) => !usedB[k] && t === glued);
      if (j < 0) continue;
      usedA[i] = usedA[i + 1] = usedB[j] = 1;
      // Dice counts matched weight on both sides: the two glued words and the one they equal.
      const w = businessTokenWeight(b[j]);
      gained += businessTokenWeight(a[i]) + businessTokenWeight(a[i + 1]) + w;
      const pair = `${a[i]} ${a[i + 1]}`;
      parts.push({ query: flipped ? glued : pair, list: flipped ? pair : glued, score: 1, weight: w, method: 'glued' });
    }
    return gained;
  }
}
