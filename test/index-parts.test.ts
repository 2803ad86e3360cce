/**
 * The index in parts (ADR 068) answers as one index: every query kind against the shipped sample
 * lists (data/samples), screened by one index and by the same records split into parts by source.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { findListSource } from '#lists/sources';
import { runAll } from '#lists/test-helpers';
import { buildIndex } from '#engine/index-builder';
import { partNameOf, PartedIndex } from '#engine/index-parts';
import { hitDetailsOf, screenWithKeyed } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import { checkNpiInIndex } from '#engine/npi-check';
import { sharedWork } from '#engine/parts-lexicon';
import { listRecord } from '#engine/test-records';
import type { ScreenQuery, ScreenResult } from '#engine/query-types';
import { collectionFilter, screen } from '#engine/screen';
import type { ScreenOptions } from '#engine/settings';

const SAMPLES = fileURLToPath(new URL('../data/samples/', import.meta.url));

async function sampleLists(): Promise<ListRecord[]> {
  const records: ListRecord[] = [];
  for (const dir of readdirSync(SAMPLES).sort()) {
    const files = readdirSync(`${SAMPLES}${dir}`).sort().map((name) => `${SAMPLES}${dir}/${name}`);
    records.push(...(await runAll(findListSource(dir)!.parse(files))).records);
  }
  return records;
}

/** The same records split by partNameOf, parts in name order (not in the records' order, so ordinals differ). */
function parted(records: ListRecord[], version: string): PartedIndex {
  const byPart = new Map<string, ListRecord[]>();
  for (const r of records) byPart.set(partNameOf(r.source), [...(byPart.get(partNameOf(r.source)) ?? []), r]);
  const names = [...byPart.keys()].sort();
  return new PartedIndex(version, names.map((name) => ({ name, index: buildIndex(byPart.get(name)!, { version: name }) })));
}

/** A result with each hit's ordinal replaced by the record it names (ordinals are per index object). */
function comparable(r: ScreenResult): unknown {
  return { ...r, hits: r.hits.map((h) => ({ ...h, record: { ...h.record, ordinal: `${h.record.source}/${h.record.sourceRecordId}` } })) };
}

let records: ListRecord[];
let whole: MatchIndex;
let parts: PartedIndex;
const queries: [string, ScreenQuery, ScreenOptions][] = [];

beforeAll(async () => {
  records = await sampleLists();
  whole = buildIndex(records, { version: 'v' });
  parts = parted(records, 'v');
  const people = records.filter((r) => r.kind === 'person' && r.lastName).filter((_, i) => i % 7 === 0);
  const businesses = records.filter((r) => r.kind === 'business' && r.businessName).filter((_, i) => i % 5 === 0);
  for (const p of people) {
    const name = { firstName: p.firstName ?? '', lastName: p.lastName! };
    queries.push([`${p.source} exact`, { type: 'individual', ...name }, { algorithm: 'Exact' }]);
    // A typo in the surname, with the date of birth and the state as evidence.
    const typo = name.lastName.length > 4 ? name.lastName.slice(0, 2) + name.lastName.slice(3) : name.lastName;
    queries.push([`${p.source} fuzzy`, { type: 'individual', firstName: name.firstName, lastName: typo, dateOfBirth: p.dateOfBirth, state: p.state }, {}]);
    if (p.npi) queries.push([`${p.source} npi`, { type: 'npi', npi: p.npi }, {}]);
    if (p.npi) queries.push([`${p.source} name+npi`, { type: 'individual', ...name, npi: p.npi }, { limit: 3 }]);
  }
  for (const b of businesses) {
    queries.push([`${b.source} business`, { type: 'business', name: b.businessName!, state: b.state }, {}]);
    queries.push([`${b.source} business exact`, { type: 'business', name: b.businessName! }, { algorithm: 'Exact', limit: 2 }]);
  }
  for (const ssn of records.filter((r) => r.ssn).slice(0, 5).map((r) => r.ssn!)) queries.push(['ssn', { type: 'ssn', ssn }, { sources: ['dmf'] }]);
  // Common names: many hits from many parts, cut at small limits and by source.
  queries.push(['common fuzzy', { type: 'individual', firstName: 'John', lastName: 'Smith' }, { limit: 5 }]);
  queries.push(['common, two lists', { type: 'individual', firstName: 'Maria', lastName: 'Garcia' }, { sources: ['leie', 'sam'], limit: 4 }]);
  queries.push(['one word', { type: 'individual', firstName: '', lastName: 'Johnson' }, { limit: 1000 }]);
  queries.push(['nppes check', { type: 'npi', npi: records.find((r) => r.source === 'nppes')!.npi!, name: { type: 'person', firstName: 'Robert', lastName: 'Smith' } }, { sources: ['optout'] }]);
  queries.push(['bad npi', { type: 'npi', npi: '123' }, {}]);
  queries.push(['empty name', { type: 'individual', firstName: '', lastName: '' }, {}]);
  queries.push(['glued', { type: 'individual', firstName: '', lastName: 'JohnSmith' }, {}]);
});

describe('PartedIndex (ADR 068)', () => {
  it('splits the samples into several parts and keeps every record once', () => {
    expect(parts.parts.length).toBeGreaterThan(6);
    expect(parts.recordCount).toBe(whole.recordCount);
    expect(parts.stats().bySource).toEqual(whole.stats().bySource);
    expect(queries.length).toBeGreaterThan(100);
  });

  it('answers every query as one index: hits, scores, explanations, order, limits, NPI checks, issues', () => {
    let hits = 0;
    for (const [label, query, options] of queries) {
      const one = screen(whole, query, options);
      const split = screen(parts, query, options);
      expect(comparable(split), label).toEqual(comparable(one));
      hits += one.hits.length;
    }
    // The comparison is worth something only if the queries find records.
    expect(hits).toBeGreaterThan(queries.length);
  });

  it('names records by ordinals of the parted index: its views and details are the hit records', () => {
    for (const [, query, options] of queries.slice(0, 60)) {
      for (const hit of screen(parts, query, options).hits) {
        expect(parts.recordView(hit.record.ordinal)).toEqual(hit.record);
        expect(hitDetailsOf(parts, null, hit.record.ordinal)).toEqual(whole.hitDetails(ordinalIn(whole, hit.record.source, hit.record.sourceRecordId)));
      }
    }
  });

  it('merges with a keyed index and answers NPI checks from the part holding NPPES', () => {
    const nppes = records.find((r) => r.source === 'nppes' && r.npi)!;
    expect(checkNpiInIndex(parts, nppes.npi!)).toEqual(checkNpiInIndex(whole, nppes.npi!));
    const query: ScreenQuery = { type: 'individual', firstName: nppes.firstName ?? '', lastName: nppes.lastName ?? '', npi: nppes.npi };
    expect(comparable(screenWithKeyed(parts, null, query, {}))).toEqual(comparable(screenWithKeyed(whole, null, query, {})));
  });
});

describe('the per-query work done once for all parts (ADR 070)', () => {
  const work = (): typeof sharedWork => ({ ...sharedWork });
  const spent = (run: () => void): typeof sharedWork => {
    const before = work();
    run();
    return { preparations: sharedWork.preparations - before.preparations, expansions: sharedWork.expansions - before.expansions, boundTokens: sharedWork.boundTokens - before.boundTokens };
  };

  it('reads each query, expands its tokens and bounds dictionary tokens once, as one index does', () => {
    // Fresh indexes: expansions are cached per dictionary, so both start from nothing.
    const one = buildIndex(records, { version: 'fresh' });
    const split = parted(records, 'fresh');
    const checked: [string, ScreenQuery, ScreenOptions][] = [
      ['fuzzy person', { type: 'individual', firstName: 'Jon', middleName: 'Q', lastName: 'Smyth', dateOfBirth: '1960-01-01', state: 'NY' }, {}],
      ['common person', { type: 'individual', firstName: 'Maria', lastName: 'Garcia' }, { limit: 5 }],
      ['business', { type: 'business', name: 'Sunrise Home Health Care', state: 'FL' }, {}],
      ['exact', { type: 'individual', firstName: 'Robert', lastName: 'Smith' }, { algorithm: 'Exact' }],
    ];
    // The name bound is off by default since ADR 075's second round; where it is asked for,
    // the parts must still bound each dictionary token once, as one index does.
    const previous = collectionFilter.nameBound;
    collectionFilter.nameBound = true;
    try {
      for (const [label, query, options] of checked) {
        const whole = spent(() => screen(one, query, options));
        const parts = spent(() => screen(split, query, options));
        expect(parts.preparations, label).toBe(1);
        expect(whole.expansions, label).toBeGreaterThan(0);
        expect(parts.expansions, label).toBe(whole.expansions);
        expect(parts.boundTokens, label).toBe(whole.boundTokens);
      }
      expect(spent(() => screen(split, checked[0][1], checked[0][2])).boundTokens, 'the fuzzy person is bounded').toBeGreaterThan(0);
    } finally {
      collectionFilter.nameBound = previous;
    }
    expect(split.parts.length).toBeGreaterThan(6);
  });

  it('applies the typo expansion budget to all parts as one index does (the parts in order)', () => {
    // Every surname one edit from KOWALCZYK (about 500), in two lists: each list's half fits the budget of
    // 400 typo expansions, the two lists' whole does not. One index built from the records in part order
    // takes the same 400 as the parts do.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = 'kowalczyk';
    const names = new Set<string>();
    for (let i = 0; i <= word.length; i++) {
      for (const c of letters) {
        names.add(word.slice(0, i) + c + word.slice(i));
        if (i < word.length) names.add(word.slice(0, i) + c + word.slice(i + 1));
      }
      if (i < word.length) names.add(word.slice(0, i) + word.slice(i + 1));
    }
    names.delete(word);
    const near = [...names].map((lastName, i) => listRecord(i % 2 ? 'sam' : 'leie', `K${i}`, 'person', { firstName: 'Anna', lastName }));
    const inPartOrder = [...near].sort((a, b) => partNameOf(a.source).localeCompare(partNameOf(b.source)));
    const one = buildIndex(inPartOrder, { version: 'k' });
    const split = parted(near, 'k');
    const query: ScreenQuery = { type: 'individual', firstName: 'Anna', lastName: 'Kowalczyk' };
    const a = screen(one, query, { limit: 1000, minScore: 0.5 });
    const b = screen(split, query, { limit: 1000, minScore: 0.5 });
    expect(comparable(b)).toEqual(comparable(a));
    // The budget binds: one index does not reach every near surname.
    expect(a.hits.length).toBeGreaterThan(300);
    expect(a.hits.length).toBeLessThan(near.length);
  });
});

function ordinalIn(index: MatchIndex, source: string, id: string): number {
  for (let r = 0; r < index.recordCount; r++) if (index.sourceOf(r) === source && index.recordView(r).sourceRecordId === id) return r;
  return -1;
}
