/** Scores one name against another, for the `clearlist match` command and tuning. */
import { ALGORITHM_VERSION } from './algorithm-version';
import { businessTokens, isCutName, splitBusinessAliases } from './business-name';
import { BusinessMatcher } from './business-score';
import { combineEvidence } from './evidence';
import { summarize, type Explanation } from './explanation';
import { businessNameEvidence, personNameEvidence } from './name-evidence';
import { isEmptyPersonName, parsePersonName } from './person-name';
import { PersonMatcher } from './person-score';
import { DEFAULT_REVIEW_THRESHOLD, type MatchAlgorithm } from './settings';
import { exactBusinessKey, exactPersonKey } from './exact-keys';
import { nameNotes } from './name-notes';
import { looseSpellingOf } from './loose-spelling';

export type PairType = 'person' | 'business';

export interface PairResult {
  score: number;
  /** score ≥ threshold (the default review threshold unless one is given). */
  match: boolean;
  explanation: Explanation;
}

/** Scores name `a` (the query) against name `b` (the list entry), as the engine would with the name alone. */
export function scorePair(a: string, b: string, type: PairType, options: { threshold?: number; algorithm?: MatchAlgorithm } = {}): PairResult {
  const threshold = typeof options.threshold === 'number' && Number.isFinite(options.threshold) ? options.threshold : DEFAULT_REVIEW_THRESHOLD;
  const algorithm = options.algorithm ?? 'Fuzzy';
  const named = type === 'business' ? scoreBusinessPair(a, b, algorithm) : scorePersonPair(a, b, algorithm);
  if (!named) {
    const explanation: Explanation = {
      algorithm,
      algorithmVersion: ALGORITHM_VERSION,
      matchedName: null,
      nameScore: null,
      fields: [],
      adjustments: [],
      score: 0,
      threshold,
      summary: 'Nothing to compare: a name has no letters or digits.',
    };
    return { score: 0, match: false, explanation };
  }
  const notes = algorithm === 'Exact' ? [] : nameNotes(type, a, b, named.fields.some((f) => f.method === 'kanji'));
  const { score, adjustments } = combineEvidence({ nameSimilarity: named.similarity, identifier: null, conflicts: [], dob: null, state: null, city: null, postal: null }, named.fields);
  const explanation: Explanation = {
    algorithm,
    algorithmVersion: ALGORITHM_VERSION,
    matchedName: { listField: named.listField, value: named.listValue },
    nameScore: Math.round(named.similarity * 1000) / 1000,
    fields: named.fields,
    adjustments: [...adjustments, ...named.adjustments, ...notes],
    score,
    threshold,
    summary: summarize(score, threshold, named.fields),
  };
  return { score, match: score >= threshold, explanation };
}

interface NamedComparison {
  similarity: number;
  listField: string;
  listValue: string;
  fields: Explanation['fields'];
  adjustments: Explanation['adjustments'];
}

function scorePersonPair(a: string, b: string, algorithm: MatchAlgorithm): NamedComparison | null {
  const qa = parsePersonName(a);
  const lb = parsePersonName(b);
  if (isEmptyPersonName(qa) || isEmptyPersonName(lb)) return null;
  if (algorithm === 'Exact') {
    const same = exactPersonKey(qa) === exactPersonKey(lb);
    return { similarity: same ? 1 : 0, listField: 'name', listValue: b, fields: [{ queryField: 'name', listField: 'name', queryValue: a, listValue: b, score: same ? 1 : 0, method: same ? 'exact' : 'different' }], adjustments: [] };
  }
  const result = new PersonMatcher(qa, looseSpellingOf(a, b), a).score(lb, b);
  const ev = personNameEvidence(result, 'name');
  return { similarity: result.score, listField: 'name', listValue: b, ...ev };
}

function scoreBusinessPair(a: string, b: string, algorithm: MatchAlgorithm): NamedComparison | null {
  const queries = splitBusinessAliases(a).map((n) => businessTokens(n)).filter((t) => t.length);
  // The list side may be cut at a field limit (LEIE: 30 characters), so its last word may be a prefix.
  const lists = splitBusinessAliases(b).map((n, i) => businessTokens(n, i === 0 && isCutName(b))).filter((t) => t.length);
  if (!queries.length || !lists.length) return null;
  let best: NamedComparison | null = null;
  for (const q of queries) {
    const matcher = new BusinessMatcher(q);
    lists.forEach((l, i) => {
      const listField = i === 0 ? 'businessName' : `dbas[${i - 1}]`;
      if (algorithm === 'Exact') {
        const same = exactBusinessKey(q) === exactBusinessKey(l);
        if (!best || (same ? 1 : 0) > best.similarity) {
          best = { similarity: same ? 1 : 0, listField, listValue: l.join(' '), fields: [{ queryField: 'name', listField, queryValue: q.join(' '), listValue: l.join(' '), score: same ? 1 : 0, method: same ? 'exact' : 'different' }], adjustments: [] };
        }
        return;
      }
      const r = matcher.score(l);
      if (!best || r.score > best.similarity) {
        const ev = businessNameEvidence(r, listField);
        best = { similarity: r.score, listField, listValue: l.join(' '), ...ev };
      }
    });
  }
  return best;
}
