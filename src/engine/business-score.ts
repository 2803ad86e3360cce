/** Compares business names as weighted token sets, so generic words ("Home Health") weigh little. */
import { businessTokenWeight, CUT_MARK } from './business-name';
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
  /** The list name was cut at a field limit and matched the query's beginning. */
  cut?: boolean;
  parts: BusinessPart[];
  /** Words of either side left unmatched, which is what lowered the score. */
  unmatchedQuery: string[];
  unmatchedList: string[];
}

const MIN_TOKEN_SCORE = 0.7;
const CUT_FACTOR = 0.98;
/** A cut name of which only the start of one word is left: weaker than a whole word. */
const CUT_WORD_ONLY = 0.9;

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
    const last = list[list.length - 1];
    if (last && last.endsWith(CUT_MARK)) return this.scoreCut(list);
    return this.scoreWhole(list);
  }

  /**
   * A list name cut at a field limit ("BANAADIRI HOME HEALTH CARE, LL"): its words are compared with
   * the query's first words, the cut word with the start of the query word where the cut fell, and
   * the query's words after the cut are not counted against it.
   */
  private scoreCut(list: string[]): BusinessScore {
    const whole = list.slice(0, -1);
    const prefix = list[list.length - 1].slice(0, -CUT_MARK.length);
    // The reviewer is told the list name was cut whichever reading wins.
    const plain = { ...this.scoreWhole(prefix ? [...whole, prefix] : whole), cut: true };
    const q = this.query;
    if (!whole.length) {
      // Only the start of one word is left after the legal form ("LIMITED LIABILITY COMPANY CITA").
      if (prefix.length < 4 || !q[0]?.startsWith(prefix) || plain.score >= CUT_WORD_ONLY) return plain;
      return { score: CUT_WORD_ONLY, cut: true, parts: [{ query: q[0], list: prefix + CUT_MARK, score: 1, weight: businessTokenWeight(q[0]), method: 'prefix' }], unmatchedQuery: q.slice(1), unmatchedList: [] };
    }
    let at = -1;
    for (let i = Math.max(0, whole.length - 1); i < q.length && i <= whole.length + 1; i++) {
      if (prefix && q[i].startsWith(prefix)) {
        at = i;
        break;
      }
    }
    const head = at >= 0 ? q.slice(0, at) : q.slice(0, whole.length);
    if (!head.length) return plain;
    const r = new BusinessMatcher(head).scoreWhole(whole);
    // A cut name is a little less certain than a whole one.
    const score = r.score * CUT_FACTOR;
    if (score <= plain.score) return plain;
    const parts = at >= 0 ? [...r.parts, { query: q[at], list: prefix + CUT_MARK, score: 1, weight: businessTokenWeight(q[at]), method: 'prefix' as MatchMethod }] : r.parts;
    return { score, cut: true, parts, unmatchedQuery: r.unmatchedQuery, unmatchedList: r.unmatchedList };
  }

  private scoreWhole(list: string[]): BusinessScore {
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
