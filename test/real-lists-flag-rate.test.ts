import { describe, expect, it } from 'vitest';
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { allRecords, loadRealLists, realListsMissing } from './real-lists';
import { cleanRoster, nameFrequenciesMissing } from './clean-roster';
import { isNamesake } from './namesake';

// Issue 52: clean people screened against the real LEIE, OFAC and state lists at full size (the state
// lists carry no date of birth, so names decide). Held-out roster (seed 2): the rules were tuned on seed 1.
// scripts/real-lists-flag-rate.ts prints the full figures; docs/performance.md records them.
const missing = realListsMissing() ?? nameFrequenciesMissing();

describe.skipIf(missing !== null)(missing ? `clean people on the real lists (skipped: ${missing})` : 'clean people on the real lists', () => {
  it('flags few clean people, and fewer still without a namesake on the list (held-out roster)', async () => {
    const index = buildIndex(allRecords(await loadRealLists()), { version: 'real' });
    const roster = cleanRoster(3_000, 2);
    const results = screenMany(index, roster, {});
    const flagged = results.map((r, i) => ({ i, hits: r.hits.filter((h) => h.isMatch) })).filter((f) => f.hits.length > 0);
    const withoutNamesake = flagged.filter((f) => !f.hits.some((h) => isNamesake(roster[f.i], h.record)));
    const rate = flagged.length / roster.length;
    const noNamesakeRate = withoutNamesake.length / roster.length;
    console.log(`held-out 3,000: flagged ${(rate * 100).toFixed(2)}%, without a namesake ${(noNamesakeRate * 100).toFixed(2)}%`);
    // Before issue 52: 13.98% flagged, 7.61% without a namesake (50,000 rows); its targets are 5% and 1%.
    expect(rate).toBeLessThan(0.05);
    expect(noNamesakeRate).toBeLessThan(0.01);
    // Namesakes are still found: a clean person whose name is on a list is the reviewer's to clear.
    expect(flagged.length - withoutNamesake.length).toBeGreaterThan(roster.length * 0.02);
  }, 180_000);
});
