/**
 * The postings walk of candidate search (ADR 087): a long probed postings list is searched for the recorded
 * entries instead of walked, and a name part probed again (a batch's common first name) is tested in a
 * bitset of its entries made once; the entries found, their order and the counts are those of the walk.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from './index-data';
import { buildIndex } from './index-builder';
import type { MatchIndex } from './match-index';
import type { IndividualQuery } from './query-types';
import { screen } from './screen';
import { candidateWork, collect, probeMemo, slotOf, spaceOf } from './search-space';
import { syntheticIndividuals, syntheticRecords } from './synthetic-records';

const records = [...syntheticRecords(20_000, 87)];
let index: MatchIndex;
beforeAll(() => {
  index = buildIndex(records, { version: 'walk' });
});
afterEach(() => {
  probeMemo.on = true;
});

const OPTIONS = { threshold: 0.85, minScore: 0.7, sources: ['leie', 'sam', 'state-ny', 'state-ca', 'state-tx', 'state-oh', 'state-pa'] as const };

/** Person entries holding both tokens, ascending: one token's postings kept when the other's hold them too. */
function entriesWithBoth(ix: MatchIndex, a: number, b: number): number[] {
  const { start, entries } = ix.data.postings[GROUP.person];
  const inB = new Set(entries.subarray(start[b], start[b + 1]));
  return [...entries.subarray(start[a], start[a + 1])].filter((e) => inB.has(e));
}

describe('the postings walk (ADR 087)', () => {
  it('searches a long probed postings list for few recorded entries and finds what walking it finds', () => {
    const { start } = index.data.postings[GROUP.person];
    const volume = (t: number) => start[t + 1] - start[t];
    // The most common person token, probed; tokens with a handful of postings, recorded.
    const ids = [...Array(index.tokens.length).keys()];
    const common = ids.reduce((a, b) => (volume(b) > volume(a) ? b : a));
    expect(volume(common)).toBeGreaterThan(300);
    const rare = ids.filter((t) => t !== common && volume(t) >= 1 && volume(t) <= 3 && entriesWithBoth(index, t, common).length > 0).slice(0, 20);
    expect(rare.length).toBeGreaterThan(5);
    const space = spaceOf(index);
    const before = candidateWork.probeSearched;
    for (const t of rare) {
      const found = collect(space, 0, GROUP.person, [slotOf(space, GROUP.person, 1, [common]), slotOf(space, GROUP.person, 2, [t])], 2);
      expect([...found].sort((a, b) => a - b)).toEqual(entriesWithBoth(index, t, common));
    }
    expect(candidateWork.probeSearched - before).toBe(rare.length);
  });

  it('memoizes a probed name part met again: the same answers as walking it each time, the bitset made once per name and used', () => {
    // A roster whose first names repeat (a batch's): listed people and people not listed.
    const rows: IndividualQuery[] = records
      .slice(0, 600)
      .filter((r) => r.lastName)
      .map((r, i) => ({ type: 'individual' as const, firstName: r.firstName ?? '', middleName: null, lastName: r.lastName!, dateOfBirth: i % 3 ? (r.dateOfBirth ?? null) : null, npi: null }));
    rows.push(...syntheticIndividuals(400, 87));
    const run = (on: boolean) => {
      probeMemo.on = on;
      // A fresh index (the same records): its bitsets are made during the run.
      const ix = buildIndex(records, { version: "walk" });
      const start = { ...candidateWork };
      const answers = rows.map((q) => JSON.stringify(screen(ix, q, OPTIONS)));
      return { answers, made: candidateWork.probeMemoMade - start.probeMemoMade, hits: candidateWork.probeMemoHits - start.probeMemoHits, agreed: candidateWork.agreed - start.agreed, listed: candidateWork.listed - start.listed };
    };
    const walked = run(false);
    const memoized = run(true);
    expect(walked.made).toBe(0);
    expect(walked.hits).toBe(0);
    expect(memoized.made).toBeGreaterThan(10);
    // Each name part's bitset is made once and then used for every later row probing it.
    expect(memoized.hits).toBeGreaterThan(memoized.made * 3);
    expect(memoized.agreed).toBe(walked.agreed);
    expect(memoized.listed).toBe(walked.listed);
    const differ = rows.filter((_, i) => walked.answers[i] !== memoized.answers[i]);
    expect(differ).toEqual([]);
    expect(memoized.answers.filter((a) => a.includes('"isMatch":true')).length).toBeGreaterThan(200);
  });
});
