/**
 * Prints the matching quality on labelled pairs: the real-list pairs (tuning and held-out, built from
 * ../shared/data/real by test/real-pairs.ts) and the project's own fixture. Usage:
 *   npx tsx scripts/match-quality.ts [--errors N] [--write DIR]
 * It also scores test/fixtures/cross-script-pairs.jsonl (names in other scripts, tuning and held-out).
 * --errors N prints N wrong pairs per kind of the tuning set (never of the held-out set).
 * --write DIR also writes tuning.jsonl and held-out.jsonl in the input format of `clearlist match --pairs`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scorePair } from '../src/engine/score-pair';
import { DEFAULT_REVIEW_THRESHOLD } from '../src/engine/settings';
import { ALGORITHM_VERSION } from '../src/engine/algorithm-version';
import { buildRealPairs, realDataMissing, type RealPair } from '../test/real-pairs';
import { qualityFigures, type ScoredPair } from '../test/quality-figures';

const args = process.argv.slice(2);
const errorsShown = Number(args[args.indexOf('--errors') + 1]) || (args.includes('--errors') ? 20 : 0);
const writeDir = args.includes('--write') ? args[args.indexOf('--write') + 1] : null;

const score = (p: Pick<RealPair, 'a' | 'b' | 'type' | 'label' | 'kind'>): ScoredPair => ({ ...p, score: scorePair(p.a, p.b, p.type).score });

function report(title: string, scored: ScoredPair[], showErrors: boolean): void {
  const f = qualityFigures(scored, DEFAULT_REVIEW_THRESHOLD);
  console.log(`\n== ${title}: ${scored.length} pairs (${scored.filter((p) => p.label).length} true), threshold ${DEFAULT_REVIEW_THRESHOLD}`);
  console.log(`precision ${f.precision.toFixed(3)}  recall ${f.recall.toFixed(3)}  F1 ${f.f1.toFixed(3)}  at 1.0: ${(f.shareAtOne * 100).toFixed(1)}%  best threshold ${f.bestThreshold.toFixed(2)} (F1 ${f.bestF1.toFixed(3)})`);
  for (const [kind, k] of f.byKind) console.log(`  ${kind.padEnd(34)} ${String(k.ok).padStart(5)}/${String(k.n).padEnd(5)} ${((k.ok / k.n) * 100).toFixed(1)}%`);
  if (errorsShown && showErrors) {
    const wrong = scored.filter((p) => (p.score >= DEFAULT_REVIEW_THRESHOLD) !== p.label);
    for (const kind of new Set(wrong.map((w) => w.kind))) {
      for (const w of wrong.filter((x) => x.kind === kind).slice(0, errorsShown)) console.log(`    ${w.label ? 'FN' : 'FP'} ${w.score.toFixed(3)} [${w.kind}] ${w.a} | ${w.b}`);
    }
  }
}

console.log(`algorithm ${ALGORITHM_VERSION}`);
const missing = realDataMissing();
if (missing) console.log(`real-list pairs skipped: ${missing}`);
else {
  const pairs = buildRealPairs();
  if (writeDir) {
    mkdirSync(writeDir, { recursive: true });
    for (const set of ['tuning', 'held-out'] as const) {
      writeFileSync(join(writeDir, `${set}.jsonl`), pairs.filter((p) => p.set === set).map(({ a, b, type, label, kind }) => JSON.stringify({ a, b, type, label, kind })).join('\n') + '\n');
    }
  }
  report('real lists, tuning set', pairs.filter((p) => p.set === 'tuning').map(score), true);
  // Errors of the held-out set are never printed: looking at them would turn it into a tuning set.
  report('real lists, held-out set', pairs.filter((p) => p.set === 'held-out').map(score), false);
}
// Names written in Hebrew, Arabic, Korean, Japanese and Chinese against their Latin forms (ADR 034).
const crossScript = readFileSync(new URL('../test/fixtures/cross-script-pairs.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as RealPair);
report('test/fixtures/cross-script-pairs.jsonl, tuning set', crossScript.filter((p) => p.set === 'tuning').map(score), true);
report('test/fixtures/cross-script-pairs.jsonl, held-out set', crossScript.filter((p) => p.set === 'held-out').map(score), false);
const fixture = readFileSync(new URL('../test/fixtures/match-pairs.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as RealPair);
report('test/fixtures/match-pairs.jsonl (hand-made US variants)', fixture.map(score), true);
