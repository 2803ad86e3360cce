import { describe, expect, it } from 'vitest';
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { allRecords, loadRealLists, realListsMissing } from './real-lists';
import { buildNameVariants, VARIANT_KINDS, type VariantKind } from './name-variants';

// Issue 52's "done when" on variants of the real list names, by name alone, held-out set only (the rules were
// tuned on the other half). scripts/name-variant-recall.ts prints the figures; docs/performance.md keeps them.
const missing = realListsMissing();
const TARGETS: Partial<Record<VariantKind, number>> = {
  'element-dropped:middle': 0.9,
  'element-dropped:surname': 0.9,
  'element-dropped:given': 0.9,
  cut: 0.9,
  'vowels-dropped': 0.6,
  nickname: 0.98,
  typo: 0.97,
  swap: 0.97,
};

describe.skipIf(missing !== null)(missing ? `variants of real list names (skipped: ${missing})` : 'variants of real list names', () => {
  it('finds names with an element dropped, cut at a field length, without vowels, nicknamed, mistyped or swapped (held-out)', async () => {
    const records = allRecords(await loadRealLists());
    const index = buildIndex(records, { version: 'real' });
    const variants = buildNameVariants(records).filter((v) => v.set === 'held-out');
    const results = screenMany(index, variants.map((v) => v.query), {});
    const recall = new Map<VariantKind, number>();
    for (const kind of VARIANT_KINDS) {
      const idx = variants.map((_, i) => i).filter((i) => variants[i].kind === kind);
      const found = idx.filter((i) => results[i].hits.some((h) => h.isMatch && h.record.source === variants[i].source && h.record.sourceRecordId === variants[i].sourceRecordId));
      recall.set(kind, found.length / idx.length);
    }
    console.log(`held-out recall: ${[...recall].map(([k, r]) => `${k} ${(r * 100).toFixed(1)}%`).join(', ')}`);
    for (const [kind, target] of Object.entries(TARGETS)) expect({ kind, recall: recall.get(kind as VariantKind)! >= target! }).toEqual({ kind, recall: true });
  }, 240_000);
});
