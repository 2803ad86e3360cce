/**
 * The words of the warning the threshold preview gives when a higher threshold would drop findings
 * the engine knows are often the same person (issue 52): counted by kind from the findings'
 * explanations on the server, a few shown by name.
 */
import { DROPPED_SIGNS, type DroppedExample, type DroppedSign, type ThresholdEffect } from '#shared/review-threshold';

export interface VariantWarning {
  title: string;
  /** "Raising the threshold to 0.88 would drop 3 findings the engine knows are often the same person: 2 with a nickname, …". */
  sentence: string;
  /** "Dan Okafor → DANIEL THOMAS OKAFOR JR, 0.863 (a nickname) on OIG …". */
  examples: { key: number; text: string }[];
  consequence: string;
}

/** Each kind counted, after its number: "2 with a nickname". */
const COUNTED: Record<DroppedSign, string> = {
  nickname: 'with a nickname',
  nameTypo: 'with a typo in a name',
  soundAlike: 'with a name spelt another way that sounds the same',
  dobTypo: 'with a date of birth one typo away (a day, a digit, day and month swapped)',
  nameOrder: 'with the names in another order',
  sameIdentifier: 'with the same NPI, SSN or EIN',
  sameDob: 'with the same date of birth',
};

/** Each kind in an example: "Dan Okafor → DANIEL OKAFOR, 0.863 (a nickname) …". */
const SHORT: Record<DroppedSign, string> = {
  nickname: 'a nickname',
  nameTypo: 'a typo in a name',
  soundAlike: 'a name that sounds the same',
  dobTypo: 'date of birth one typo away',
  nameOrder: 'names in another order',
  sameIdentifier: 'same identifier',
  sameDob: 'same date of birth',
};

const count = (n: number): string => n.toLocaleString('en-US');

function exampleText(e: DroppedExample): string {
  const names = [e.rowName ?? 'A row', e.listName].filter(Boolean).join(' → ');
  const list = e.list ? ` on ${e.list}` : '';
  return `${names}, ${e.score.toFixed(3)} (${e.signs.map((s) => SHORT[s]).join(', ')})${list}`;
}

/** The warning for a preview, or null when no dropped finding shows one of the kinds. */
export function variantWarning(threshold: number, effect: ThresholdEffect): VariantWarning | null {
  const v = effect.droppedVariants;
  if (!v || v.findings === 0 || effect.dropped === 0) return null;
  const kinds = DROPPED_SIGNS.filter((s) => v.counts[s] > 0).map((s) => `${count(v.counts[s])} ${COUNTED[s]}`);
  const findings = v.findings === 1 ? '1 finding' : `${count(v.findings)} findings`;
  const more = v.findings > v.examples.length ? ` Shown: ${v.examples.length} of them, highest score first.` : '';
  return {
    title: 'Findings of kinds often the same person would be dropped',
    sentence: `Raising the threshold to ${threshold.toFixed(2)} would drop ${findings} of the last batch that the engine knows ${v.findings === 1 ? 'is' : 'are'} often the same person: ${kinds.join('; ')}.${more}`,
    examples: v.examples.map((e, i) => ({ key: i, text: exampleText(e) })),
    consequence: 'Reviewers would not see them: an excluded person written this way on your roster would be missed.',
  };
}
