/** Precision, recall, F1 and the score distribution of scored labelled pairs. */
export interface ScoredPair {
  a: string;
  b: string;
  label: boolean;
  kind: string;
  score: number;
}

export interface QualityFigures {
  precision: number;
  recall: number;
  f1: number;
  /** Share of all pairs scoring 1.0. */
  shareAtOne: number;
  /** The threshold (0.50–0.95, step 0.01) with the best F1, and that F1. */
  bestThreshold: number;
  bestF1: number;
  /** Per kind: pairs and pairs on the right side of the threshold. */
  byKind: Map<string, { n: number; ok: number }>;
}

function f1At(pairs: readonly ScoredPair[], threshold: number): { precision: number; recall: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const hit = p.score >= threshold;
    if (hit && p.label) tp++;
    else if (hit) fp++;
    else if (p.label) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

export function qualityFigures(pairs: readonly ScoredPair[], threshold: number): QualityFigures {
  const at = f1At(pairs, threshold);
  let bestThreshold = threshold;
  let bestF1 = at.f1;
  for (let t = 50; t <= 95; t++) {
    const f = f1At(pairs, t / 100).f1;
    if (f > bestF1) {
      bestF1 = f;
      bestThreshold = t / 100;
    }
  }
  const byKind = new Map<string, { n: number; ok: number }>();
  for (const p of pairs) {
    const k = byKind.get(p.kind) ?? byKind.set(p.kind, { n: 0, ok: 0 }).get(p.kind)!;
    k.n++;
    if (p.score >= threshold === p.label) k.ok++;
  }
  return { ...at, shareAtOne: pairs.filter((p) => p.score >= 0.9995).length / Math.max(1, pairs.length), bestThreshold, bestF1, byKind };
}
