/** Maps name comparisons to explanation fields (shared by screening and scorePair). */
import { LEIE_BUSINESS_NAME_WIDTH } from './business-name';
import type { BusinessScore } from './business-score';
import type { FieldEvidence, ScoreAdjustment } from './explanation';
import type { PersonScore } from './person-score';

const QUERY_FIELD = { first: 'firstName', middle: 'middleName', last: 'lastName' } as const;

/**
 * Fields for a person-name comparison. `listField` names the list field the name came from:
 * "name" for the primary name (then first/middle/last are named), or e.g. "akas[1]".
 */
export function personNameEvidence(score: PersonScore, listField: string): { fields: FieldEvidence[]; adjustments: ScoreAdjustment[] } {
  const fields = score.parts.map((p) => ({
    queryField: QUERY_FIELD[p.queryField],
    listField: listField === 'name' ? QUERY_FIELD[p.listField] : `${listField}.${p.listField}`,
    queryValue: p.query,
    listValue: p.list,
    score: round(p.score),
    method: p.method,
  }));
  const adjustments = score.notes.filter((n) => n.effect !== 0 || n.note).map((n) => ({ reason: `name: ${n.note}`, effect: n.effect }));
  return { fields, adjustments };
}

/** Fields for a business-name comparison, with the unmatched words that lowered it. */
export function businessNameEvidence(score: BusinessScore, listField: string): { fields: FieldEvidence[]; adjustments: ScoreAdjustment[] } {
  const fields = score.parts.map((p) => ({ queryField: 'name', listField, queryValue: p.query, listValue: p.list, score: round(p.score), method: p.method }));
  const adjustments: ScoreAdjustment[] = [];
  if (score.unmatchedQuery.length) adjustments.push({ reason: `name: query words not on the list name: ${score.unmatchedQuery.join(' ')}`, effect: 0 });
  if (score.unmatchedList.length) adjustments.push({ reason: `name: list words not in the query: ${score.unmatchedList.join(' ')}`, effect: 0 });
  if (score.cut) adjustments.push({ reason: `name: list name cut at ${LEIE_BUSINESS_NAME_WIDTH} characters: matched by its beginning`, effect: 0 });
  return { fields, adjustments };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
