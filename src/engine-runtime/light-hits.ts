/**
 * Light hits (ADR 057): what a search answers of a hit is its record's view, its score and one
 * line of why it matched. The view is read back from the index by the record's ordinal, so a
 * worker thread sends a few numbers and a line per hit instead of the whole view and explanation.
 */
import { matchedOnLine } from '#shared/match-words';
import type { ScreenResult } from '../engine/query-types';

export interface LightHit {
  /** The record's ordinal in the index the hit came from. */
  ordinal: number;
  score: number;
  isMatch: boolean;
  matchedOn: string;
}

export type LightScreenResult = Omit<ScreenResult, 'hits'> & { hits: LightHit[] };

export function toLightResult(r: ScreenResult): LightScreenResult {
  return { ...r, hits: r.hits.map((h) => ({ ordinal: h.record.ordinal, score: h.score, isMatch: h.isMatch, matchedOn: matchedOnLine(h.explanation) })) };
}
