import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { screen, screenMany } from './screen';
import { DEFAULT_REVIEW_THRESHOLD } from './settings';
import { listRecord, sampleRecords } from './test-records';

const index = buildIndex(sampleRecords(), { version: 'test-1' });
const ids = (r: ReturnType<typeof screen>): string[] => r.hits.map((h) => h.record.sourceRecordId);

describe('screening individuals', () => {
  it('finds a person by name with a graded, explained score', () => {
    const r = screen(index, { type: 'individual', firstName: 'bob', lastName: 'SMITH' });
    expect(r.status).toBe('ok');
    expect(ids(r)).toEqual(expect.arrayContaining(['L1', 'L2']));
    const hit = r.hits.find((h) => h.record.sourceRecordId === 'L2')!;
    expect(hit.score).toBeLessThan(0.9);
    expect(hit.isMatch).toBe(true);
    expect(hit.explanation.fields).toContainEqual(expect.objectContaining({ queryField: 'firstName', listField: 'firstName', method: 'nickname' }));
  });

  it('ranks an agreeing date of birth above the name alone, and drops a disagreeing one', () => {
    const nameOnly = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith' });
    const withDob = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', dateOfBirth: '04/12/1961' });
    const l1 = (r: typeof nameOnly): number => r.hits.find((h) => h.record.sourceRecordId === 'L1')?.score ?? 0;
    expect(l1(withDob)).toBeGreaterThan(l1(nameOnly));
    expect(withDob.hits[0].record.sourceRecordId).toBe('L1');
    // L2 has another date of birth: it falls below the threshold.
    expect(ids(withDob)).not.toContain('L2');
    const low = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', dateOfBirth: '1975-09-30' }, { minScore: 0 });
    const l1Low = low.hits.find((h) => h.record.sourceRecordId === 'L1')!;
    expect(l1Low.score).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
    expect(l1Low.explanation.adjustments).toContainEqual(expect.objectContaining({ reason: 'year of birth differs', effect: -0.25 }));
  });

  it('lowers the score when the state disagrees', () => {
    const same = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', state: 'CA' });
    const other = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', state: 'Oregon' });
    const l2 = (r: typeof same): number => r.hits.find((h) => h.record.sourceRecordId === 'L2')!.score;
    expect(l2(same)).toBeGreaterThan(l2(other));
  });

  it('scores an exact NPI at least 0.99 even with a name typo, and reports NPPES', () => {
    const r = screen(index, { type: 'individual', firstName: 'Robrt', lastName: 'Smith', npi: '1234567893' });
    expect(r.hits[0].record.sourceRecordId).toBe('L1');
    expect(r.hits[0].score).toBeGreaterThanOrEqual(0.99);
    expect(r.hits.map((h) => h.record.source)).not.toContain('nppes');
    expect(r.npiCheck).toMatchObject({ found: true, status: 'active', entityType: 'individual' });
  });

  it('never puts two different people at 1.0', () => {
    const r = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', dateOfBirth: '1961-04-12', state: 'NY', npi: '1234567893' }, { minScore: 0 });
    const top = r.hits.filter((h) => h.score >= 1);
    expect(top.length).toBeLessThanOrEqual(1);
    expect(r.hits.filter((h) => h.record.sourceRecordId !== 'L1').every((h) => h.score < 0.99)).toBe(true);
  });

  it('matches AKAs and one-word maiden names on the record', () => {
    const aka = screen(index, { type: 'individual', firstName: 'Kathy', lastName: 'Brown' });
    expect(aka.hits[0].explanation.matchedName).toEqual({ listField: 'akas[0]', value: 'Kathy Brown' });
    const maiden = screen(index, { type: 'individual', firstName: 'Catherine', lastName: 'Miller' });
    expect(maiden.hits[0]).toMatchObject({ record: { sourceRecordId: 'O1' }, explanation: { matchedName: { listField: 'akas[1]' } } });
  });

  it('handles compound surnames, swaps, punctuation and phonetic spellings', () => {
    expect(ids(screen(index, { type: 'individual', firstName: 'Maria', lastName: 'Lopez' }))).toContain('S1');
    expect(ids(screen(index, { type: 'individual', firstName: 'Maria', lastName: 'Garcialopez' }))).toContain('S1');
    expect(ids(screen(index, { type: 'individual', firstName: 'Smith', lastName: 'Robert' }))).toContain('L2');
    expect(ids(screen(index, { type: 'individual', firstName: 'Shawn', lastName: 'OBRIEN' }))).toContain('N1');
  });

  it('finds a DMF entry by SSN alone', () => {
    const r = screen(index, { type: 'ssn', ssn: '123-45-6780' });
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0]).toMatchObject({ score: 0.99, record: { source: 'dmf', ssn: '***-**-6780' } });
  });

  it('uses the Exact algorithm when asked', () => {
    expect(ids(screen(index, { type: 'individual', firstName: 'Bob', lastName: 'Smith' }, { algorithm: 'Exact' }))).toEqual([]);
    const exact = screen(index, { type: 'individual', firstName: 'ROBERT', lastName: 'smith' }, { algorithm: 'Exact' });
    expect(exact.hits.map((h) => h.explanation.algorithm)).toEqual(['Exact', 'Exact']);
  });

  it('applies a per-query threshold and source filter', () => {
    const strict = screen(index, { type: 'individual', firstName: 'Bob', lastName: 'Smith' }, { threshold: 0.95 });
    expect(strict.hits).toEqual([]);
    const loose = screen(index, { type: 'individual', firstName: 'Bob', lastName: 'Smith' }, { threshold: 0.95, minScore: 0.5 });
    expect(loose.hits.length).toBeGreaterThan(0);
    expect(loose.hits.every((h) => !h.isMatch)).toBe(true);
    expect(ids(screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith' }, { sources: ['sam'] }))).toEqual([]);
  });
});

describe('screening businesses', () => {
  it('matches legal forms, "The", DBAs and EINs, and keeps near-identical businesses apart', () => {
    const r = screen(index, { type: 'business', name: 'The Acme Home Health, Inc.' });
    expect(ids(r)).toEqual(['L3']);
    const dba = screen(index, { type: 'business', name: 'Sunrise Pharmacy LLC' });
    expect(dba.hits[0].explanation.matchedName).toMatchObject({ listField: 'dbas[0]' });
    const ein = screen(index, { type: 'business', name: 'Something Else', ein: '12-3456789' });
    expect(ein.hits[0]).toMatchObject({ score: 0.99, record: { sourceRecordId: 'L3' } });
  });

  it('reports a reactivated NPI for an organisation', () => {
    const r = screen(index, { type: 'npi', npi: '1790777944' });
    expect(r.npiCheck).toMatchObject({ found: true, status: 'reactivated', entityType: 'organization', reactivationDate: '2019-06-01' });
    expect(ids(r)).toEqual(['L3']);
  });
});

describe('determinism', () => {
  it('returns the same hits in the same order for the same lists and input', () => {
    const records = [...sampleRecords(), listRecord('sam', 'S9', 'person', { firstName: 'Robert', lastName: 'Smith' }), listRecord('leie', 'L9', 'person', { firstName: 'Robert', lastName: 'Smith' })];
    const a = buildIndex(records, { version: 'a' });
    const b = buildIndex(records, { version: 'a' });
    const q = { type: 'individual' as const, firstName: 'Robert', lastName: 'Smith' };
    expect(JSON.stringify(screen(a, q))).toBe(JSON.stringify(screen(b, q)));
    // Equal scores fall back to source, then source record id.
    const equal = screen(a, q).hits.filter((h) => h.score === 0.9).map((h) => `${h.record.source}/${h.record.sourceRecordId}`);
    expect(equal).toEqual([...equal].sort());
    expect(screenMany(a, [q, q]).map((x) => x.hits.length)).toEqual([screen(a, q).hits.length, screen(a, q).hits.length]);
  });

  it('carries its version and stats', () => {
    expect(index.version).toBe('test-1');
    expect(index.stats()).toMatchObject({ records: 11, npiKeys: 5, ssnKeys: 1, einKeys: 1 });
    expect(Object.isFrozen(index)).toBe(true);
  });
});
