/** Prints the automatic column mapping's accuracy on the labelled header variants (ADR 037). */
import { readFileSync } from 'node:fs';
import { guessCriterion } from '#shared/column-guess';

type Labelled = [string, string | null][];
const sets = JSON.parse(readFileSync(new URL('../test/fixtures/header-variants.json', import.meta.url), 'utf8')) as Record<'tuning' | 'heldOut', Labelled>;
for (const name of ['tuning', 'heldOut'] as const) {
  const set = sets[name];
  const wrong = set.filter(([label, expected]) => guessCriterion(label) !== expected);
  console.log(`${name}: ${set.length - wrong.length}/${set.length} (${(((set.length - wrong.length) / set.length) * 100).toFixed(1)}%)`);
  for (const [label, expected] of wrong) console.log(`  "${label}" → ${guessCriterion(label) ?? 'unmapped'} (labelled ${expected ?? 'unmapped'})`);
}
