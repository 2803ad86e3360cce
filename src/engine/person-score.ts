/** Compares two person names field by field, trying the ways people rearrange names. */
import { isParticle, type PersonName } from './person-name';
import { TokenComparer, type MatchMethod, type TokenMatch, type TokenRole } from './token-similarity';

export type PersonField = 'first' | 'middle' | 'last';

/** One query field compared with one list field. */
export interface NamePart {
  queryField: PersonField;
  listField: PersonField;
  query: string;
  list: string;
  score: number;
  method: MatchMethod;
}

export interface PersonScore {
  /** Name similarity in [0,1] before any other evidence. */
  score: number;
  parts: NamePart[];
  /** What raised or lowered the name score (middle names, suffixes, swaps). */
  notes: { note: string; effect: number }[];
}

/** Weights of surname and given name in a person's name score. */
export const PERSON_WEIGHTS = { last: 0.55, first: 0.45 } as const;
const MISSING_FIRST_FACTOR = 0.8;
const PARTIAL_SURNAME_EXACT = 0.9;
const PARTIAL_SURNAME_FUZZY = 0.8;

/** Scores list names against one query name, memoising token comparisons across candidates. */
export class PersonMatcher {
  private readonly comparers = new Map<string, TokenComparer>();
  constructor(readonly query: PersonName) {}

  private compare(q: string, l: string, role: TokenRole): TokenMatch {
    const key = role + ':' + q;
    let c = this.comparers.get(key);
    if (!c) {
      c = new TokenComparer(q, role);
      this.comparers.set(key, c);
    }
    return c.compare(l);
  }

  /** Name similarity of a list name to the query, with the parts that produced it. */
  score(list: PersonName): PersonScore {
    const q = this.query;
    let best = this.align(q, list, 1, null);
    const tryAlt = (qa: PersonName, la: PersonName, factor: number, note: string): void => {
      const r = this.align(qa, la, factor, note);
      if (r.score > best.score) best = r;
    };
    // An unhyphenated double surname ("Maria Garcia Lopez") parses as a middle name; initials never do.
    if (isWordy(q.middle)) tryAlt({ ...q, middle: [], last: [...q.middle, ...q.last] }, list, 1, 'query middle name read as part of the surname');
    if (isWordy(list.middle)) tryAlt(q, { ...list, middle: [], last: [...list.middle, ...list.last] }, 1, 'list middle name read as part of the surname');
    if (q.first && q.last.length && list.first && list.last.length) {
      tryAlt({ first: q.last[0], middle: q.middle, last: [q.first], generation: q.generation }, list, 0.96, 'first and last names swapped');
    }
    if (list.middle.length && q.first) tryAlt(q, { ...list, first: list.middle[0], middle: [list.first, ...list.middle.slice(1)] }, 0.95, 'goes by the list middle name');
    if (q.middle.length && list.first) tryAlt({ ...q, first: q.middle[0], middle: [q.first, ...q.middle.slice(1)] }, list, 0.95, 'goes by the query middle name');
    return best;
  }

  private align(q: PersonName, l: PersonName, factor: number, note: string | null): PersonScore {
    const parts: NamePart[] = [];
    const notes: PersonScore['notes'] = [];
    const last = this.surname(q.last, l.last);
    parts.push({ queryField: 'last', listField: 'last', query: q.last.join(' '), list: l.last.join(' '), score: last.score, method: last.method });
    let score: number;
    if (!q.first || !l.first) {
      score = last.score * MISSING_FIRST_FACTOR;
      notes.push({ note: 'first name missing on one side', effect: round(score - last.score) });
    } else {
      const first = this.compare(q.first, l.first, 'given');
      parts.push({ queryField: 'first', listField: 'first', query: q.first, list: l.first, score: first.score, method: first.method });
      score = PERSON_WEIGHTS.last * last.score + PERSON_WEIGHTS.first * first.score;
    }
    score += this.middleAdjustment(q, l, parts, notes);
    if (q.generation && l.generation && q.generation !== l.generation) {
      score -= 0.08;
      notes.push({ note: `generation suffix differs (${q.generation} vs ${l.generation})`, effect: -0.08 });
    }
    if (factor !== 1) {
      notes.push({ note: note ?? 'rearranged', effect: round(score * factor - score) });
      score *= factor;
    } else if (note) notes.push({ note, effect: 0 });
    return { score: clamp01(score), parts, notes };
  }

  private middleAdjustment(q: PersonName, l: PersonName, parts: NamePart[], notes: PersonScore['notes']): number {
    if (q.middle.length && l.middle.length) {
      const m = this.compare(q.middle[0], l.middle[0], 'given');
      parts.push({ queryField: 'middle', listField: 'middle', query: q.middle[0], list: l.middle[0], score: m.score, method: m.method });
      if (m.score >= 0.8) return 0;
      const effect = m.score >= 0.5 ? -0.04 : -0.12;
      notes.push({ note: 'middle names differ', effect });
      return effect;
    }
    if (q.middle.length || l.middle.length) {
      notes.push({ note: 'middle name on one side only', effect: -0.01 });
      return -0.01;
    }
    return 0;
  }

  /** Surname similarity, allowing compound surnames to match one of their parts. */
  private surname(qAll: string[], lAll: string[]): TokenMatch {
    if (!qAll.length || !lAll.length) return { score: 0, method: 'missing' };
    const gq = qAll.join('');
    const gl = lAll.join('');
    if (gq === gl) return qAll.length === lAll.length ? { score: 1, method: 'exact' } : { score: 0.98, method: 'glued' };
    const qs = withoutParticles(qAll);
    const ls = withoutParticles(lAll);
    let best: TokenMatch = this.compare(gq, gl, 'surname');
    if (qs.length === 1 && ls.length === 1) {
      const one = this.compare(qs[0], ls[0], 'surname');
      return one.score > best.score ? one : best;
    }
    // Greedy one-to-one pairing of the best token pairs.
    const pairs: { i: number; j: number; m: TokenMatch }[] = [];
    for (let i = 0; i < qs.length; i++) for (let j = 0; j < ls.length; j++) pairs.push({ i, j, m: this.compare(qs[i], ls[j], 'surname') });
    pairs.sort((a, b) => b.m.score - a.m.score || a.i - b.i || a.j - b.j);
    const usedQ = new Set<number>();
    const usedL = new Set<number>();
    let sum = 0;
    let matched = 0;
    let allExact = true;
    for (const p of pairs) {
      if (usedQ.has(p.i) || usedL.has(p.j) || p.m.score < 0.7) continue;
      usedQ.add(p.i);
      usedL.add(p.j);
      sum += p.m.score;
      matched++;
      if (p.m.method !== 'exact') allExact = false;
    }
    const small = Math.min(qs.length, ls.length);
    let score: number;
    if (matched === small && matched > 0) {
      score = (sum / matched) * (qs.length === ls.length ? 1 : allExact ? PARTIAL_SURNAME_EXACT : PARTIAL_SURNAME_FUZZY);
    } else score = (sum / Math.max(qs.length, ls.length)) * 0.85;
    const method: MatchMethod = qs.length === ls.length && allExact && matched === small ? 'exact' : 'partial';
    if (score > best.score) best = { score, method };
    return best;
  }
}

function isWordy(tokens: string[]): boolean {
  return tokens.length > 0 && tokens.every((t) => t.length > 1);
}

function withoutParticles(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !isParticle(t));
  return kept.length ? kept : tokens;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
