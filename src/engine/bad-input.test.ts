import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import type { ScreenQuery } from './query-types';
import { scorePair } from './score-pair';
import { screen } from './screen';
import { listRecord, sampleRecords } from './test-records';

// Hostile list records must not break the build either.
const index = buildIndex([
  ...sampleRecords(),
  listRecord('ofac-sdn', 'X1', 'person', { firstName: '王', lastName: '小明', akas: ['محمد علي'] }),
  listRecord('ofac-sdn', 'X2', 'business', { businessName: '!!!', dbas: ['', '\u0000\u0007'] }),
  listRecord('leie', 'X3', 'person', { firstName: 'a'.repeat(20_000), lastName: null }),
]);

const timed = <T>(fn: () => T): { value: T; ms: number } => {
  const t = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t };
};

describe('bad input gets a defined outcome, never a crash or a hang', () => {
  it.each<[string, ScreenQuery, string]>([
    ['empty names', { type: 'individual', firstName: '', lastName: '' }, 'name-empty'],
    ['only punctuation', { type: 'individual', firstName: '...', lastName: '--/!' }, 'name-empty'],
    ['only control characters', { type: 'individual', firstName: '\u0000\u0001', lastName: '\u001f\u007f' }, 'name-empty'],
    ['empty business', { type: 'business', name: ' &&& ' }, 'name-empty'],
  ])('%s → invalid with a message', (_, query, code) => {
    const r = screen(index, query);
    expect(r.status).toBe('invalid');
    expect(r.hits).toEqual([]);
    expect(r.issues[0]).toMatchObject({ code });
    expect(r.issues[0].message).toMatch(/\w/);
  });

  it('10,000-character names are cut, flagged and answered quickly', () => {
    const long = 'Smith'.repeat(2000);
    const { value, ms } = timed(() => screen(index, { type: 'individual', firstName: 'Robert '.repeat(1500), lastName: long }));
    expect(value.status).toBe('ok');
    expect(value.issues).toContainEqual(expect.objectContaining({ code: 'name-too-long' }));
    expect(ms).toBeLessThan(2000);
    const pair = timed(() => scorePair('x'.repeat(10_000), 'y'.repeat(10_000), 'business'));
    expect(pair.value.score).toBeGreaterThanOrEqual(0);
    expect(pair.ms).toBeLessThan(2000);
  });

  it('control characters inside a name are separators', () => {
    const r = screen(index, { type: 'individual', firstName: 'Rob\u0000ert', lastName: 'Sm\u0007ith\n' });
    expect(r.status).toBe('ok');
  });

  it('right-to-left and CJK names match only themselves', () => {
    expect(screen(index, { type: 'individual', firstName: '王', lastName: '小明' }).hits.map((h) => h.record.sourceRecordId)).toEqual(['X1']);
    expect(screen(index, { type: 'individual', firstName: 'محمد', lastName: 'علي' }).hits.map((h) => h.record.sourceRecordId)).toEqual(['X1']);
    expect(screen(index, { type: 'individual', firstName: '李', lastName: '小红' }).hits).toEqual([]);
    expect(scorePair('王小明', '李小红', 'person').match).toBe(false);
  });

  it('an NPI with letters is a validation message, and the name still runs', () => {
    const r = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', npi: '12345A7893' });
    expect(r.status).toBe('ok');
    expect(r.issues).toEqual([expect.objectContaining({ field: 'npi', code: 'npi-format', message: 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces' })]);
    expect(r.npiCheck).toBeNull();
    const alone = screen(index, { type: 'npi', npi: 'ABCDEFGHIJ' });
    expect(alone).toMatchObject({ status: 'invalid', hits: [], issues: [{ code: 'npi-format' }] });
    expect(screen(index, { type: 'npi', npi: '1234567890' }).issues[0].code).toBe('npi-check-digit');
    expect(screen(index, { type: 'ssn', ssn: '666-12-3456' })).toMatchObject({ status: 'invalid', issues: [{ code: 'ssn-invalid' }] });
  });

  it('unreadable dates and unknown query types are reported', () => {
    const r = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith', dateOfBirth: 'yesterday' });
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'date-invalid' }));
    expect(screen(index, { type: 'vessel' } as unknown as ScreenQuery)).toMatchObject({ status: 'invalid', issues: [{ code: 'query-invalid' }] });
    expect(screen(index, null as unknown as ScreenQuery)).toMatchObject({ status: 'invalid' });
    expect(screen(index, { type: 'individual', firstName: 42, lastName: null } as unknown as ScreenQuery).status).toBe('invalid');
  });

  it('scorePair gives 0 and no match when a side has nothing to compare', () => {
    expect(scorePair('', 'John Smith', 'person')).toMatchObject({ score: 0, match: false });
    expect(scorePair('John Smith', '?!', 'person').explanation.summary).toMatch(/Nothing to compare/);
  });
});
