import { describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { buildIndex } from './index-builder';
import { fromTransferable, toTransferable } from './index-transfer';
import { decodeHitDetails, encodeHitDetails, viewShowsRecord } from './record-view';

const person = (over: Partial<ListRecord> = {}): ListRecord => ({ ...emptyListRecord('leie', 'r1', 'person'), firstName: 'ANA', lastName: 'LYST', city: 'AUSTIN', state: 'TX', akas: ['ANA SMITH'], ...over });

describe('hit details in the index (ADR 056)', () => {
  it('keeps address, specialty, term and link of a record its view shows exactly', () => {
    const r = person({ address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/r1' });
    expect(decodeHitDetails(encodeHitDetails(r))).toEqual({ address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/r1' });
    // Nothing to keep costs no bytes.
    expect(encodeHitDetails(person())).toBe('');
    expect(decodeHitDetails('')).toEqual({ address: null, specialty: null, exclusionTerm: null, link: null });
  });

  it('asks for the full record when the view would not show it exactly', () => {
    expect(viewShowsRecord(person())).toBe(true);
    // An empty string reads back as null, a control character as a space, a long value cut at 500.
    for (const over of [{ city: '' }, { lastName: 'LY\tST' }, { firstName: 'A'.repeat(501) }, { akas: [''] }, { dbas: ['X\u001eY'] }, { dateOfBirth: undefined as unknown as null }]) {
      expect(viewShowsRecord(person(over)), JSON.stringify(over)).toBe(false);
      expect(decodeHitDetails(encodeHitDetails(person(over)))).toBeNull();
    }
  });

  it('answers each record’s own details, also in an index moved to a worker', () => {
    const records = [person({ address: 'A ST' }), person({ sourceRecordId: 'r2', city: '' }), person({ sourceRecordId: 'r3', specialty: 'PHARMACY' })];
    const index = buildIndex(records, { shared: true });
    const moved = fromTransferable(structuredClone(toTransferable(index)));
    for (const ix of [index, moved]) {
      expect(ix.hitDetails(0)?.address).toBe('A ST');
      expect(ix.hitDetails(1)).toBeNull();
      expect(ix.hitDetails(2)?.specialty).toBe('PHARMACY');
    }
  });
});
