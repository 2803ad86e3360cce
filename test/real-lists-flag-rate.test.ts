import { describe, expect, it } from 'vitest';
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { allRecords, ISSUE_52_STATE_SOURCES, loadRealLists, realListsMissing } from './real-lists';
import { cleanRoster, nameFrequenciesMissing } from './clean-roster';
import { isNamesake } from './namesake';

// Issue 52: clean people screened against the real LEIE, OFAC and state lists at full size (the state
// lists carry no date of birth, so names decide). Held-out roster (seed 2): the rules were tuned on seed 1.
// scripts/real-lists-flag-rate.ts prints the full figures; docs/performance.md records them.
const missing = realListsMissing() ?? nameFrequenciesMissing();

describe.skipIf(missing !== null)(missing ? `clean people on the real lists (skipped: ${missing})` : 'clean people on the real lists', () => {
  const flagRates = (index: ReturnType<typeof buildIndex>, roster: ReturnType<typeof cleanRoster>) => {
    const results = screenMany(index, roster, {});
    const flagged = results.map((r, i) => ({ i, hits: r.hits.filter((h) => h.isMatch) })).filter((f) => f.hits.length > 0);
    const withoutNamesake = flagged.filter((f) => !f.hits.some((h) => isNamesake(roster[f.i], h.record)));
    return { rate: flagged.length / roster.length, noNamesakeRate: withoutNamesake.length / roster.length, namesakes: flagged.length - withoutNamesake.length };
  };

  it('flags few clean people, and fewer still without a namesake on the list (held-out roster)', async () => {
    const lists = await loadRealLists();
    const roster = cleanRoster(3_000, 2);
    // Issue 52's targets, on the lists it measured: LEIE, OFAC and the state lists read then.
    const issue52 = flagRates(buildIndex(allRecords(lists.filter((l) => !l.source.startsWith('state-') || ISSUE_52_STATE_SOURCES.includes(l.source))), { version: 'real-52' }), roster);
    // Every real list, issue 54's states too: held from getting worse (5.3% and 0.3% when they came, 2026-12-03).
    const every = flagRates(buildIndex(allRecords(lists), { version: 'real' }), roster);
    console.log(`held-out 3,000: issue 52's lists flagged ${(issue52.rate * 100).toFixed(2)}%, without a namesake ${(issue52.noNamesakeRate * 100).toFixed(2)}%; every real list ${(every.rate * 100).toFixed(2)}%, ${(every.noNamesakeRate * 100).toFixed(2)}%`);
    // Before issue 52: 13.98% flagged, 7.61% without a namesake (50,000 rows); its targets are 5% and 1%.
    expect(issue52.rate).toBeLessThan(0.05);
    expect(issue52.noNamesakeRate).toBeLessThan(0.01);
    expect(every.rate).toBeLessThan(0.056);
    expect(every.noNamesakeRate).toBeLessThan(0.01);
    // Namesakes are still found: a clean person whose name is on a list is the reviewer's to clear.
    expect(issue52.namesakes).toBeGreaterThan(roster.length * 0.02);
  }, 300_000);
});
