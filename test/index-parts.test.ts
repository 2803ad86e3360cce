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
import type { ScreenQuery, ScreenResult } from '#engine/query-types';
import { screen } from '#engine/screen';
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

function ordinalIn(index: MatchIndex, source: string, id: string): number {
  for (let r = 0; r < index.recordCount; r++) if (index.sourceOf(r) === source && index.recordView(r).sourceRecordId === id) return r;
  return -1;
}
