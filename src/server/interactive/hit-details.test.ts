/** A search hit answered from the index's details is the one answered from the full record (ADR 057). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { buildIndex } from '#engine/index-builder';
import type { Explanation } from '#engine/explanation';
import type { Hit } from '#engine/query-types';
import type { TestApp } from '#test/app';
import { findActiveVersions, readActiveRecords } from '../screening/index-store';
import { searchHitsOf, toSearchHit } from './hits';
import { createSearchApp } from '#test/search-app';

let t: TestApp;
let records: ListRecord[];
beforeAll(async () => {
  t = await createSearchApp();
  records = [];
  for await (const page of readActiveRecords(t.ctx.db, await findActiveVersions(t.ctx.db))) records.push(...page);
});
afterAll(async () => {
  await t.close();
});

const explanation: Explanation = { algorithm: 'Exact', algorithmVersion: 'test', matchedName: null, nameScore: null, fields: [], adjustments: [], score: 1, threshold: 0.8, summary: 'test' };

describe('hits from the index', () => {
  it('every sample record the index keeps details for answers exactly as from its full record', () => {
    const index = buildIndex(records, { version: t.ctx.screening!.version });
    let fromIndex = 0;
    records.forEach((full, i) => {
      const hit: Hit = { score: 0.9, isMatch: true, record: index.recordView(i), explanation };
      const details = index.hitDetails(i);
      if (!details) return;
      fromIndex++;
      expect(toSearchHit(hit, undefined, details)).toEqual(toSearchHit(hit, full));
    });
    // Nearly every shipped record is answered without a read (the rest are read as before).
    expect(fromIndex).toBeGreaterThan(records.length * 0.9);
  });

  it('answers a hit’s address, specialty, term and link without reading its record; reads only the others', async () => {
    // Records in the index but not in the database: what a search answers must come from the index.
    const kept = { ...emptyListRecord('leie', 'not-stored-1', 'person'), firstName: 'ANA', lastName: 'LYST', address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/1' };
    const odd = { ...emptyListRecord('leie', 'not-stored-2', 'person'), firstName: 'ANA', lastName: 'LYST', city: '', address: '2 MAIN ST' };
    const stored = records.find((r) => r.source === 'leie' && r.address)!;
    const index = buildIndex([kept, odd, stored], { version: t.ctx.screening!.version });
    const hitOf = (i: number): Hit => ({ score: 0.9, isMatch: true, record: index.recordView(i), explanation });
    const [a, b, c] = await searchHitsOf(t.ctx.db, index, [hitOf(0), hitOf(1), hitOf(2)]);
    expect(a).toMatchObject({ recordId: 'not-stored-1', address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/1' });
    // Its view does not show it exactly (an empty city): read, and gone, so answered from the view as before.
    expect(b).toMatchObject({ recordId: 'not-stored-2', address: null, city: null });
    expect(c).toEqual(toSearchHit(hitOf(2), stored));
  });
});
