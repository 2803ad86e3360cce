import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areNicknames, nicknameTableStats } from '#engine/nicknames';
import { scorePair, type PairType } from '#engine/score-pair';
import { DEFAULT_REVIEW_THRESHOLD } from '#engine/settings';

interface LabelledPair {
  a: string;
  b: string;
  type: PairType;
  label: boolean;
  kind: string;
}

const pairs: LabelledPair[] = readFileSync(new URL('./fixtures/match-pairs.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LabelledPair);

function histogram(scores: number[]): string {
  const bins = new Array(11).fill(0);
  for (const s of scores) bins[Math.min(10, Math.floor(s * 10))]++;
  return bins.map((n, i) => `${i === 10 ? '1.0 ' : `${(i / 10).toFixed(1)}-`} ${String(n).padStart(4)} ${'#'.repeat(Math.ceil(n / 5))}`).join('\n');
}

describe('labelled pairs at the default threshold', () => {
  const results = pairs.map((p) => ({ ...p, score: scorePair(p.a, p.b, p.type).score }));

  it('has a broad labelled set', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(500);
    expect(new Set(pairs.map((p) => p.kind)).size).toBeGreaterThanOrEqual(25);
    expect(pairs.filter((p) => !p.label).length).toBeGreaterThanOrEqual(200);
  });

  it('reaches precision and recall floors and prints the distribution', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const errors: string[] = [];
    const byKind = new Map<string, { n: number; ok: number }>();
    for (const r of results) {
      const predicted = r.score >= DEFAULT_REVIEW_THRESHOLD;
      if (predicted && r.label) tp++;
      else if (predicted) fp++;
      else if (r.label) fn++;
      if (predicted !== r.label) errors.push(`${r.label ? 'FN' : 'FP'} ${r.score.toFixed(3)} [${r.kind}] ${r.a} | ${r.b}`);
      const k = byKind.get(r.kind) ?? { n: 0, ok: 0 };
      k.n++;
      if (predicted === r.label) k.ok++;
      byKind.set(r.kind, k);
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const f1 = (2 * precision * recall) / (precision + recall);
    console.log(
      [
        `pairs ${results.length}, threshold ${DEFAULT_REVIEW_THRESHOLD}`,
        `precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${f1.toFixed(3)}`,
        'score distribution (all pairs):',
        histogram(results.map((r) => r.score)),
        'accuracy by kind:',
        ...[...byKind].map(([k, v]) => `  ${k.padEnd(40)} ${v.ok}/${v.n}`),
        'errors:',
        ...errors.map((e) => '  ' + e),
      ].join('\n'),
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('does not pile scores up at 1.0', () => {
    const atOne = results.filter((r) => r.score >= 0.999).length;
    expect(atOne).toBe(0);
    const positives = results.filter((r) => r.label).map((r) => r.score);
    // Graded: true variants spread over several score levels, not one value.
    expect(new Set(positives.map((s) => s.toFixed(2))).size).toBeGreaterThan(8);
  });
});

const PUBLIC_NICKNAMES = new URL('../../shared/data/nicknames/names.csv', import.meta.url);
const hasPublicNicknames = existsSync(PUBLIC_NICKNAMES);

describe.skipIf(!hasPublicNicknames)(
  hasPublicNicknames ? 'coverage of the public nickname table' : 'coverage of the public nickname table (skipped: ../shared/data/nicknames/names.csv is not on this machine)',
  () => {
    it('relates at least 60% of the public pairs', () => {
      const lines = readFileSync(PUBLIC_NICKNAMES, 'utf8').split(/\r?\n/).slice(1).filter(Boolean);
      const covered = lines.filter((line) => {
        const [a, , b] = line.split(',');
        return areNicknames(a, b);
      }).length;
      const share = covered / lines.length;
      console.log(`nickname coverage: ${covered}/${lines.length} public pairs = ${(share * 100).toFixed(1)}% (our table: ${JSON.stringify(nicknameTableStats())})`);
      expect(share).toBeGreaterThanOrEqual(0.6);
    });
  },
);
