import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { isKeyedSource, screenWithKeyed } from './keyed';
import type { Hit, ScreenQuery } from './query-types';
import { screen } from './screen';
import { sampleRecords } from './test-records';

// The same records in one index (as before ADR 060), or split: the lists in the main index, NPPES and the DMF in a keyed one.
const all = sampleRecords();
const whole = buildIndex(all, { version: 'v' });
const main = buildIndex(all.filter((r) => !isKeyedSource(r.source)), { version: 'v' });
const keyed = buildIndex(all.filter((r) => isKeyedSource(r.source)), { version: 'keyed' });

const shape = (hits: Hit[]) => hits.map((h) => ({ source: h.record.source, id: h.record.sourceRecordId, score: h.score, isMatch: h.isMatch, explanation: h.explanation }));

const queries: [ScreenQuery, Parameters<typeof screen>[2]][] = [
  [{ type: 'npi', npi: '1234567893', name: { type: 'person', firstName: 'Robert', lastName: 'Smith' } }, { sources: ['optout'] }],
  [{ type: 'npi', npi: '1770626038' }, undefined],
  [{ type: 'npi', npi: '1790777944' }, { sources: ['nppes', 'leie'] }],
  [{ type: 'ssn', ssn: '123-45-6780' }, { sources: ['dmf'] }],
  [{ type: 'ssn', ssn: '123-45-6780' }, undefined],
  [{ type: 'individual', firstName: 'Robert', lastName: 'Smith', npi: '1234567893' }, undefined],
  [{ type: 'individual', firstName: 'Harold', lastName: 'Finch', ssn: '123456780' }, { sources: ['dmf', 'leie'] }],
  [{ type: 'individual', firstName: 'Robert', lastName: 'Smith', npi: '1234567893' }, { sources: ['nppes', 'leie'], limit: 2 }],
  [{ type: 'business', name: 'Acme Home Health', npi: '1790777944' }, { sources: ['nppes', 'leie', 'sam'] }],
];

describe('screenWithKeyed (ADR 060)', () => {
  it.each(queries.map((q, i) => [i, ...q] as const))('answers query %i as one index holding NPPES and the DMF answers it', (_, query, options) => {
    const before = screen(whole, query, options);
    const after = screenWithKeyed(main, keyed, query, options);
    expect(shape(after.hits)).toEqual(shape(before.hits));
    expect(after.npiCheck).toEqual(before.npiCheck);
    expect(after.status).toBe(before.status);
  });

  it('gives keyed hits negative ordinals, so they never name a record of the main index', () => {
    const hits = screenWithKeyed(main, keyed, { type: 'ssn', ssn: '123456780' }, { sources: ['dmf'] }).hits;
    expect(hits).toHaveLength(1);
    expect(hits[0].record.ordinal).toBeLessThan(0);
    expect(screenWithKeyed(main, keyed, { type: 'npi', npi: '1234567893' }, { sources: ['leie'] }).hits[0].record.ordinal).toBeGreaterThanOrEqual(0);
  });

  it('without the keyed index finds no NPPES or DMF record: the main index holds none', () => {
    expect(main.stats().bySource).not.toHaveProperty('nppes');
    expect(screenWithKeyed(main, null, { type: 'npi', npi: '1234567893' }).npiCheck?.found).toBe(false);
    expect(screenWithKeyed(main, null, { type: 'ssn', ssn: '123456780' }).hits).toEqual([]);
  });
});
