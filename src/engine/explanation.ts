/** Why a hit scored what it scored: the shape reviewers see and audit reports keep. */
import type { MatchAlgorithm } from './settings';

/** One query field compared with one list field. */
export interface FieldEvidence {
  /** Query field: firstName, middleName, lastName, name, dateOfBirth, npi, ssn, ein, state, city, postalCode. */
  queryField: string;
  /** List field it met: firstName, lastName, akas[0], businessName, dbas[1], dateOfBirth, npi… */
  listField: string;
  queryValue: string;
  listValue: string;
  /** Similarity of the two values in [0,1]. */
  score: number;
  /** exact, nickname, initial, prefix, phonetic, typo, similar, glued, partial, different, missing… */
  method: string;
}

/** One piece of evidence that moved the total, with its signed effect. */
export interface ScoreAdjustment {
  reason: string;
  effect: number;
}

export interface Explanation {
  algorithm: MatchAlgorithm;
  /** The version of the scoring rules that made this score (ALGORITHM_VERSION), kept with every result. */
  algorithmVersion: string;
  /** The list name that matched best (primary name, an AKA, a DBA) or null for identifier-only hits. */
  matchedName: { listField: string; value: string } | null;
  /** Name similarity in [0,1] before other evidence (null when no name was compared). */
  nameScore: number | null;
  fields: FieldEvidence[];
  adjustments: ScoreAdjustment[];
  score: number;
  threshold: number;
  summary: string;
}

const pct = (x: number): string => x.toFixed(3);
const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(3);

/** Renders an explanation as plain text, one fact per line (CLI, audit report). */
export function formatExplanation(e: Explanation): string {
  const lines: string[] = [];
  lines.push(`score ${pct(e.score)} (${e.score >= e.threshold ? 'match' : 'no match'} at threshold ${pct(e.threshold)}, algorithm ${e.algorithm})`);
  lines.push(e.summary);
  if (e.matchedName) lines.push(`matched list name: ${e.matchedName.listField} "${e.matchedName.value}"`);
  if (e.nameScore !== null) lines.push(`name similarity: ${pct(e.nameScore)}`);
  for (const f of e.fields) {
    lines.push(`  ${f.queryField} "${f.queryValue}" ~ ${f.listField} "${f.listValue}": ${pct(f.score)} (${f.method})`);
  }
  for (const a of e.adjustments) lines.push(`  ${signed(a.effect)} ${a.reason}`);
  lines.push(`scored by algorithm version ${e.algorithmVersion}`);
  return lines.join('\n');
}

/** One-line human summary of the strongest evidence. */
export function summarize(score: number, threshold: number, fields: FieldEvidence[]): string {
  const strong = fields.filter((f) => f.score >= 0.8).map((f) => `${f.queryField} ${f.method}`);
  const weak = fields.filter((f) => f.score < 0.5 && !(f.method === 'missing' && !f.listValue)).map((f) => `${f.queryField} ${f.method}`);
  const lacks = fields.filter((f) => f.method === 'missing' && !f.listValue && f.queryValue).map((f) => f.queryField);
  const verdict = score >= threshold ? 'Potential match' : 'Below threshold';
  const parts = [strong.length ? `agrees: ${strong.join(', ')}` : '', weak.length ? `disagrees: ${weak.join(', ')}` : '', lacks.length ? `not on the list: ${lacks.join(', ')}` : ''].filter(Boolean);
  return `${verdict}${parts.length ? ' — ' + parts.join('; ') : ''}.`;
}
