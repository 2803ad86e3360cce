import { describe, expect, it } from 'vitest';
import { scorePair } from '#engine/score-pair';
import { DEFAULT_REVIEW_THRESHOLD } from '#engine/settings';
import { qualityFigures } from './quality-figures';
import { buildRealPairs, realDataMissing } from './real-pairs';

// Pairs from the real OFAC and LEIE names in ../shared (ADR 027). Figures: `npx tsx scripts/match-quality.ts`.
const missing = realDataMissing();

describe.skipIf(missing !== null)(missing ? `labelled pairs from the real lists (skipped: ${missing})` : 'labelled pairs from the real lists', () => {
  const pairs = missing ? [] : buildRealPairs();
  const scored = (set: 'tuning' | 'held-out') => pairs.filter((p) => p.set === set).map((p) => ({ ...p, score: scorePair(p.a, p.b, p.type).score }));

  it('builds both sets from every kind, in two sets of about the same size', () => {
    const kinds = new Set(pairs.map((p) => p.kind));
    for (const k of ['ofac-person-spelling', 'ofac-person-order', 'ofac-business-legal-form', 'truncated-at-30', 'ofac-same-surname', 'ofac-other-middle-or-patronymic', 'leie-middle-name-as-first', 'leie-other-middle-name']) expect(kinds).toContain(k);
    for (const set of ['tuning', 'held-out'] as const) {
      expect(pairs.filter((p) => p.set === set && p.label).length).toBeGreaterThan(800);
      expect(pairs.filter((p) => p.set === set && !p.label).length).toBeGreaterThan(800);
    }
  });

  it('reaches the floors on the held-out set at the default threshold', () => {
    const f = qualityFigures(scored('held-out'), DEFAULT_REVIEW_THRESHOLD);
    expect(f.f1).toBeGreaterThanOrEqual(0.85);
    expect(f.precision).toBeGreaterThanOrEqual(0.95);
    expect(f.shareAtOne).toBeLessThanOrEqual(0.25);
  });

  it('keeps names cut at 30 characters, legal forms and reordered names as matches, and different middle names apart', () => {
    const f = qualityFigures(scored('tuning'), DEFAULT_REVIEW_THRESHOLD);
    const share = (kind: string) => f.byKind.get(kind)!.ok / f.byKind.get(kind)!.n;
    expect(share('truncated-at-30')).toBeGreaterThanOrEqual(0.85);
    expect(share('ofac-business-legal-form')).toBeGreaterThanOrEqual(0.95);
    expect(share('ofac-person-order')).toBeGreaterThanOrEqual(0.9);
    expect(share('leie-other-middle-name')).toBeGreaterThanOrEqual(0.9);
    expect(share('leie-middle-name-as-first')).toBeGreaterThanOrEqual(0.95);
  });
});
