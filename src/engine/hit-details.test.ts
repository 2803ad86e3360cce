import { describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { buildIndex } from './index-builder';
import { fromTransferable, toTransferable } from './index-transfer';
import { decodeHitDetails, encodeHitDetails, viewShowsRecord } from './record-view';

/** A dictionary as the index builder keeps one (full after `room` values). */
function dictionary(room = 100) {
  const words: string[] = [];
  const wordId = (w: string): number | null => {
    const at = words.indexOf(w);
    if (at >= 0) return at;
    if (words.length >= room) return null;
    return words.push(w) - 1;
  };
  return { words, wordId };
}
const roundTrip = (r: ListRecord, room = 100) => {
  const { words, wordId } = dictionary(room);
  return decodeHitDetails(encodeHitDetails(r, wordId), words);
};

const person = (over: Partial<ListRecord> = {}): ListRecord => ({ ...emptyListRecord('leie', 'r1', 'person'), firstName: 'ANA', lastName: 'LYST', city: 'AUSTIN', state: 'TX', akas: ['ANA SMITH'], ...over });

describe('hit details in the index (ADR 057)', () => {
  it('keeps address, specialty, term and link of a record its view shows exactly', () => {
    const r = person({ address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/r1' });
    const details = { address: '1 MAIN ST', specialty: 'NURSING', exclusionTerm: '5 years', link: 'https://example.test/r1' };
    expect(roundTrip(r)).toEqual(details);
    // A full dictionary keeps the values with the record instead.
    expect(roundTrip(r, 0)).toEqual(details);
    expect(roundTrip(person({ link: 'no-slash' }))).toMatchObject({ link: 'no-slash', address: null });
    // Repeated values are kept once: two records with the same specialty and link start share them.
    const { words, wordId } = dictionary();
    const a = encodeHitDetails(person({ specialty: 'NURSING', link: 'https://npi.test/view/1' }), wordId);
    const b = encodeHitDetails(person({ specialty: 'NURSING', link: 'https://npi.test/view/22' }), wordId);
    expect(words).toEqual(['NURSING', 'https://npi.test/view/']);
    expect(decodeHitDetails(b, words)).toMatchObject({ specialty: 'NURSING', link: 'https://npi.test/view/22' });
    expect(a.length).toBeLessThan(8);
    // Nothing to keep costs no bytes.
    expect(encodeHitDetails(person(), wordId)).toBe('');
    expect(decodeHitDetails('', words)).toEqual({ address: null, specialty: null, exclusionTerm: null, link: null });
  });

  it('asks for the full record when the view would not show it exactly', () => {
    expect(viewShowsRecord(person())).toBe(true);
    // An empty string reads back as null, a control character as a space, a long value cut at 500.
    for (const over of [{ city: '' }, { lastName: 'LY\tST' }, { firstName: 'A'.repeat(501) }, { akas: [''] }, { dbas: ['X\u001eY'] }, { dateOfBirth: undefined as unknown as null }]) {
      expect(viewShowsRecord(person(over)), JSON.stringify(over)).toBe(false);
      expect(roundTrip(person(over))).toBeNull();
    }
    // The same for details that would not read back: an empty value, a control character.
    for (const over of [{ address: '' }, { specialty: 'A\u001fB' }, { link: 'https://x.test/\n' }]) expect(roundTrip(person(over)), JSON.stringify(over)).toBeNull();
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
