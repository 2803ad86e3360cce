/**
 * Person candidates are filtered as they are collected (ADR 075): an entry whose date of birth (or other
 * evidence) keeps it below the minimum is never listed for scoring. The answers are those of the filter
 * applied after collection, row by row, and the candidate budgets select the same entries. The name bound is
 * no longer part of the filter (round 2): the answers are those with it.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { personCandidates } from './candidates';
import { candidateWork, spaceOf } from './search-space';
import { buildHit, dobEffect, evidenceEffect, hitWork, mostEffectWith, queryDate, underMinimum } from './hit-builder';
import { resolveOptions } from './settings';
import { normalizeCity, packState } from './location';
import { buildIndex } from './index-builder';
import type { MatchIndex } from './match-index';
import { sharedWork } from './parts-lexicon';
import { personNameFromFields } from './person-name';
import type { IndividualQuery, ScreenResult } from './query-types';
import { collectionFilter, screen } from './screen';
import { syntheticIndividuals, syntheticRecords } from './synthetic-records';

let index: MatchIndex;
const rows: IndividualQuery[] = [];
/** A batch's name query options: near misses down to the lowest client threshold. */
const OPTIONS = { threshold: 0.85, minScore: 0.7, sources: ['leie', 'sam', 'state-ny', 'state-ca', 'state-tx', 'state-oh', 'state-pa'] as const };

beforeAll(() => {
  const records = [...syntheticRecords(20_000, 75)];
  index = buildIndex(records, { version: 'filter' });
  // A roster: listed people (their date of birth, another one, one typo away, none; a surname typo), and people not listed.
  records.slice(0, 700).forEach((r, i) => {
    if (!r.lastName) return;
    const dob = r.dateOfBirth ?? null;
    const other = dob ? `${Number(dob.slice(0, 4)) + 7}${dob.slice(4)}` : '1970-01-01';
    const typo = dob ? dob.slice(0, 8) + (dob.slice(8) === '11' ? '12' : '11') : null;
    const dateOfBirth = [dob, other, typo, null][i % 4];
    const lastName = i % 5 === 3 ? r.lastName.slice(0, -1) + 'q' : r.lastName;
    rows.push({ type: 'individual', firstName: r.firstName ?? '', middleName: i % 7 === 0 ? r.middleName : null, lastName, dateOfBirth, npi: i % 6 === 1 ? r.npi : null });
  });
  rows.push(...syntheticIndividuals(600, 75));
});

const defaults = { ...collectionFilter };
afterEach(() => {
  Object.assign(collectionFilter, defaults);
});

const answers = (on: boolean): ScreenResult[] => {
  collectionFilter.on = on;
  return rows.map((q) => screen(index, q, OPTIONS));
};

describe('person candidates filtered as they are collected (ADR 075)', () => {
  it('answers every row of a roster as the filter after collection does: same hits, scores, order and explanations', () => {
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    const after = answers(false);
    const during = answers(true);
    const differ = rows.filter((_, i) => JSON.stringify(after[i]) !== JSON.stringify(during[i]));
    expect(differ).toEqual([]);
    // Not an empty comparison: rows with hits, some only near misses.
    expect(during.filter((r) => r.hits.some((h) => h.isMatch)).length).toBeGreaterThan(300);
    expect(during.filter((r) => r.hits.some((h) => !h.isMatch)).length).toBeGreaterThan(50);
  });

  it('lists for scoring only the entries that can still reach the minimum: most of a dated row’s are never listed', () => {
    const dated = rows.filter((q) => q.dateOfBirth);
    const count = (on: boolean) => {
      collectionFilter.on = on;
      const start = { ...candidateWork };
      const read = hitWork.evidenceRead;
      for (const q of dated) screen(index, q, OPTIONS);
      return { agreed: candidateWork.agreed - start.agreed, listed: candidateWork.listed - start.listed, evidenceRead: hitWork.evidenceRead - read };
    };
    const without = count(false);
    const withFilter = count(true);
    // The same entries agree on enough name parts either way (the budgets see them all)...
    expect(withFilter.agreed).toBe(without.agreed);
    expect(without.listed).toBe(without.agreed);
    // ...and most of them are dropped before they are listed (a contradicting date of birth).
    expect(withFilter.listed).toBeLessThan(withFilter.agreed * 0.25);
    // The date of birth is read first: the other evidence (state, city, postal code, NPI) only of the few it leaves.
    expect(without.evidenceRead).toBeGreaterThanOrEqual(without.agreed * 0.9);
    expect(withFilter.evidenceRead).toBeLessThan(withFilter.agreed * 0.25);
  });

  it('never reads more from the rest of the evidence than the date of birth leaves room for', () => {
    // Queries with every kind of evidence (a date of birth, a state, a city, a postal code, an NPI) against every record.
    const people = rows.slice(0, 40);
    const records = index.stats().records;
    const above: number[] = [];
    let checked = 0;
    for (const [i, p] of people.entries()) {
      const other = index.recordView(i * 37);
      const q = {
        nameText: 'x',
        nameType: 'person' as const,
        dob: p.dateOfBirth ? queryDate(p.dateOfBirth) as Exclude<ReturnType<typeof queryDate>, 'invalid'> : null,
        npi: i % 2 ? (other.npi ?? '1234567893') : null,
        ssn: null,
        ein: null,
        state: other.state,
        packedState: packState(other.state),
        city: i % 3 ? normalizeCity(other.city) : '',
        postal: i % 4 ? (other.postalCode?.slice(0, 5) ?? null) : null,
      };
      for (let r = 0; r < records; r += 7) {
        if (evidenceEffect(index, r, q) > mostEffectWith(dobEffect(index, r, q))) above.push(r);
        checked++;
      }
    }
    expect(above).toEqual([]);
    expect(checked).toBeGreaterThan(100_000);
  });

  it('does not fall back to the surname alone when entries agreed but the filter dropped them all', () => {
    const r = rows.find((q) => q.dateOfBirth && screen(index, q, OPTIONS).hits.length > 0)!;
    const name = personNameFromFields(r.firstName, r.middleName ?? '', r.lastName);
    const space = spaceOf(index);
    const start = candidateWork.agreed;
    const all = personCandidates(space, name, 'Fuzzy');
    const agreed = candidateWork.agreed - start;
    expect(all[0].length).toBeGreaterThan(0);
    const none = personCandidates(space, name, 'Fuzzy', null, null, () => false);
    expect(none).toEqual([[]]);
    // Only the first walk ran: the fallback would have walked the surname's postings again.
    expect(candidateWork.agreed - start - agreed).toBe(agreed);
  });

  it('answers every row as the name bound did, without computing it (round 2)', () => {
    const withBound = (bound: boolean, options: typeof OPTIONS | { threshold: number }) => {
      // The bound only when asked; otherwise the default.
      const previous = collectionFilter.nameBound;
      if (bound) collectionFilter.nameBound = true;
      const tokens = sharedWork.boundTokens;
      const listed = candidateWork.listed;
      const results = rows.map((q) => screen(index, q, options));
      collectionFilter.nameBound = previous;
      return { results, boundTokens: sharedWork.boundTokens - tokens, listed: candidateWork.listed - listed };
    };
    // A batch's options (near misses down to 0.70) and a search's (the threshold only).
    for (const options of [OPTIONS, { threshold: 0.85 }]) {
      const bounded = withBound(true, options);
      const unbounded = withBound(false, options);
      const differ = rows.filter((_, i) => JSON.stringify(bounded.results[i]) !== JSON.stringify(unbounded.results[i]));
      expect(differ).toEqual([]);
      // The bound's work is not done: no dictionary token is compared with the query's for it...
      expect(bounded.boundTokens).toBeGreaterThan(1000);
      expect(unbounded.boundTokens).toBe(0);
      // ...and the entries it dropped are listed (and scored) instead.
      expect(unbounded.listed).toBeGreaterThan(bounded.listed);
    }
    expect(rows.length).toBeGreaterThanOrEqual(1000);
  });

  it('does not build a hit for a candidate its record’s evidence leaves under the minimum, and answers the same (ADR 079)', () => {
    const run = (skip: boolean, options: typeof OPTIONS | { threshold: number }) => {
      collectionFilter.underMinimum = skip;
      const start = { ...hitWork };
      const results = rows.map((q) => screen(index, q, options));
      return { results, built: hitWork.built - start.built, skipped: hitWork.skipped - start.skipped, hits: results.reduce((n, r) => n + r.hits.length, 0) };
    };
    // A batch's options (near misses down to 0.70) and a search's (the threshold only).
    for (const options of [OPTIONS, { threshold: 0.85 }]) {
      const built = run(false, options);
      const skipped = run(true, options);
      const differ = rows.filter((_, i) => JSON.stringify(built.results[i]) !== JSON.stringify(skipped.results[i]));
      expect(differ).toEqual([]);
      expect(skipped.hits).toBeGreaterThan(300);
      // Without the check most candidates built come out under the minimum; with it, (nearly) every one built is a hit.
      expect(built.built).toBeGreaterThan(built.hits);
      expect(skipped.skipped).toBeGreaterThan(0);
      expect(skipped.built).toBe(built.built - skipped.skipped);
      expect(skipped.built).toBeLessThanOrEqual(skipped.hits * 1.01);
    }
  });

  it('calls a candidate under the minimum only when its hit would come out null, whatever the evidence (ADR 079)', () => {
    // Queries with every kind of evidence (a date of birth, a state, a city, a postal code, an NPI) against many records.
    const options = resolveOptions(OPTIONS);
    const records = index.stats().records;
    let under = 0;
    let checked = 0;
    for (const [i, p] of rows.slice(0, 30).entries()) {
      const other = index.recordView(i * 41);
      const q = {
        nameText: 'x',
        nameType: 'person' as const,
        dob: p.dateOfBirth ? (queryDate(p.dateOfBirth) as Exclude<ReturnType<typeof queryDate>, 'invalid'>) : null,
        npi: i % 2 ? (other.npi ?? '1234567893') : null,
        ssn: null,
        ein: null,
        state: other.state,
        packedState: packState(other.state),
        city: i % 3 ? normalizeCity(other.city) : '',
        postal: i % 4 ? (other.postalCode?.slice(0, 5) ?? null) : null,
      };
      for (let r = i; r < records; r += 53) {
        const effect = evidenceEffect(index, r, q);
        for (const similarity of [0.55, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1]) {
          checked++;
          if (!underMinimum(similarity, effect, options.minScore)) continue;
          under++;
          expect(buildHit(index, { record: r, similarity, listField: 'name', fields: [], adjustments: [] }, q, null, options)).toBeNull();
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    expect(under).toBeGreaterThan(checked / 10);
  });
});
