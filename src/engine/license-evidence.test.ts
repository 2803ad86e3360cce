import { describe, expect, it } from 'vitest';
import { explanationLine } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { licenseKey, sameLicenseKey } from './license-numbers';
import type { IndividualQuery } from './query-types';
import { collectionFilter, screen } from './screen';
import { syntheticRecords } from './synthetic-records';
import { listRecord } from './test-records';

// Issue 52 (ADR 120): a licence number on the list record is compared with the query's, and with the
// licences NPPES lists for the query's NPI; NPPES's practice state counts as a state agreement.
const records = [
  listRecord('state-ca', 'ca-1', 'person', { firstName: 'Eric', lastName: 'Rodriguez', licenseNumbers: ['A 012345'] }),
  listRecord('state-tx', 'tx-1', 'person', { firstName: 'Dana', lastName: 'Whitfield', licenseNumbers: ['TX-R44120'], state: 'TX' }),
  listRecord('leie', 'l-1', 'person', { firstName: 'Eric', lastName: 'Rodriguez', state: 'CA' }),
  listRecord('nppes', '1245319599', 'person', { firstName: 'Eric', lastName: 'Rodriguez', npi: '1245319599', state: 'CA', licenseNumbers: ['A12345', 'G99001'], extra: { entityType: '1' } }),
];
const index = buildIndex(records);
const eric = (more: Partial<IndividualQuery>): IndividualQuery => ({ type: 'individual', firstName: 'Eric', lastName: 'Rodriguez', ...more });
const hitOf = (q: IndividualQuery, source: string) => screen(index, q, { minScore: 0.5 }).hits.find((h) => h.record.source === source)!;
const ADD = { licenseAgrees: 0.05, licenseDiffers: -0.03 };

describe('licence numbers', () => {
  it('reads numbers as people write them: letters and digits, upper case, leading zeros, a state prefix of the licence', () => {
    expect(licenseKey(' a-012345 ')).toBe('A12345');
    expect(licenseKey('RN 0001234')).toBe('RN1234');
    for (const none of ['N/A', 'NONE', '0000', 'PENDING', '', null]) expect(licenseKey(none)).toBe('');
    expect(sameLicenseKey(licenseKey('CA A12345'), licenseKey('A12345'), ['CA'])).toBe(true);
    expect(sameLicenseKey(licenseKey('CA A12345'), licenseKey('A12345'), ['NY'])).toBe(false);
    expect(sameLicenseKey(licenseKey('A12345'), licenseKey('A12346'), ['CA'])).toBe(false);
  });

  it('raises the score of a record carrying the same licence, by more than a state and less than an identifier', () => {
    const plain = hitOf(eric({}), 'state-ca');
    const same = hitOf(eric({ licenseNumber: 'a12345' }), 'state-ca');
    expect(same.score).toBeCloseTo(plain.score + ADD.licenseAgrees, 4);
    expect(same.score).toBeLessThan(0.99);
    expect(same.explanation.adjustments).toContainEqual({ reason: "List record's license A 012345 is the employee's license a12345", effect: 0.05 });
    expect(explanationLine({ ...same.explanation })).toContain('License number: same');
  });

  it("lowers a record carrying another licence a little, and says so in words", () => {
    const plain = hitOf(eric({}), 'state-ca');
    const other = hitOf(eric({ licenseNumber: 'G67890' }), 'state-ca');
    expect(other.score).toBeCloseTo(plain.score + ADD.licenseDiffers, 4);
    expect(other.explanation.adjustments).toContainEqual({ reason: "List record's license A 012345 differs from the employee's license G67890", effect: -0.03 });
  });

  it("does not count another state's licence against a record of a state list", () => {
    const plain = hitOf(eric({}), 'state-ca');
    const nyLicence = hitOf(eric({ licenseNumber: 'G67890', licenseState: 'NY' }), 'state-ca');
    expect(nyLicence.score).toBe(plain.score);
  });

  it('says the list has no licence number for a record that carries none, and leaves its score alone', () => {
    const plain = hitOf(eric({}), 'leie');
    const given = hitOf(eric({ licenseNumber: 'A12345' }), 'leie');
    expect(given.score).toBe(plain.score);
    expect(given.explanation.fields).toContainEqual(expect.objectContaining({ queryField: 'licenseNumber', listValue: '', method: 'missing' }));
    expect(explanationLine(given.explanation)).toContain('License number: the list has no license number for this record (A12345 given)');
  });

  it('finds a record the licence lifts over the threshold (the collection filter leaves it room)', () => {
    // "Erik Rodriges" alone stays under 0.85; the same licence lifts it.
    const q = { type: 'individual' as const, firstName: 'Erik', lastName: 'Rodrigues' };
    const without = screen(index, q, { threshold: 0.85, minScore: 0.5 }).hits.find((h) => h.record.source === 'state-ca')!;
    expect(without.score).toBeLessThan(0.85);
    expect(without.score + ADD.licenseAgrees).toBeGreaterThanOrEqual(0.85);
    const withLicence = screen(index, { ...q, licenseNumber: 'A12345' }, { threshold: 0.85 }).hits.find((h) => h.record.source === 'state-ca');
    expect(withLicence?.isMatch).toBe(true);
  });
});

describe("NPPES's record of the query's NPI", () => {
  it('counts a licence NPPES lists for the NPI that the list record carries, and its practice state', () => {
    const plain = hitOf(eric({}), 'state-ca');
    const withNpi = hitOf(eric({ npi: '1245319599' }), 'state-ca');
    // The California record has no address: it stands in its list's state (ADR 118), NPPES's practice state too.
    expect(withNpi.score).toBeCloseTo(plain.score + ADD.licenseAgrees + 0.02, 4);
    expect(withNpi.explanation.adjustments).toContainEqual({ reason: 'NPPES practice state CA (NPI 1245319599) is the state of the list the record is on (the record has no address)', effect: 0.02 });
    expect(explanationLine(withNpi.explanation)).toContain("NPPES practice state: the list's own state (CA); the record has no address");
    expect(withNpi.explanation.adjustments).toContainEqual({ reason: 'NPPES lists license A12345 for NPI 1245319599, as the list record does (A 012345)', effect: 0.05 });
    const leie = hitOf(eric({ npi: '1245319599' }), 'leie');
    expect(leie.score).toBeCloseTo(hitOf(eric({}), 'leie').score + 0.02, 4);
    expect(leie.explanation.adjustments).toContainEqual({ reason: 'NPPES practice state CA (NPI 1245319599) agrees with the list record', effect: 0.02 });
    // In the reviewer's words (the drawer's lines).
    expect(explanationLine(withNpi.explanation)).toContain('License NPPES lists for the NPI: the list record carries it (A 012345)');
    expect(explanationLine(leie.explanation)).toContain("NPPES practice state: the list record's state (CA)");
  });

  it("counts a state once: the query's own agreeing state, not NPPES's again", () => {
    const own = hitOf(eric({ state: 'CA' }), 'leie');
    const both = hitOf(eric({ state: 'CA', npi: '1245319599' }), 'leie');
    expect(both.score).toBe(own.score);
  });

  it('lowers nothing when NPPES differs from the list record (another state, other licences)', () => {
    const plain = hitOf({ type: 'individual', firstName: 'Dana', lastName: 'Whitfield' }, 'state-tx');
    const q: IndividualQuery = { type: 'individual', firstName: 'Dana', lastName: 'Whitfield', npi: '1245319599' };
    const hit = hitOf(q, 'state-tx');
    expect(hit.score).toBe(plain.score);
    expect(hit.explanation.adjustments.some((a) => /NPPES/.test(a.reason))).toBe(false);
  });

  it('takes the facts a caller read by key (the server), only for the NPI they belong to', () => {
    const facts = { npi: '1245319599', state: 'TX', licenseNumbers: ['R44120'], credential: 'RN' };
    const q: IndividualQuery = { type: 'individual', firstName: 'Dana', lastName: 'Whitfield', npi: '1245319599', nppes: facts };
    const plain = hitOf({ type: 'individual', firstName: 'Dana', lastName: 'Whitfield' }, 'state-tx');
    // TX-R44120 on a Texas record is R44120; the state is the record's too, but the name's place bonus is capped.
    expect(hitOf(q, 'state-tx').score).toBeCloseTo(plain.score + ADD.licenseAgrees + 0.02, 4);
    expect(hitOf({ ...q, nppes: { ...facts, npi: '1234567893' } }, 'state-tx').score).toBe(plain.score);
    expect(hitOf({ ...q, nppes: null }, 'state-tx').score).toBe(plain.score);
  });

  it('answers queries without a licence or an NPI exactly as before', () => {
    for (const q of [eric({}), eric({ state: 'CA', dateOfBirth: '1960-01-01' }), eric({ licenseNumber: '' }), eric({ licenseNumber: 'N/A' })]) {
      const hits = screen(index, q, { minScore: 0.5 }).hits;
      for (const h of hits) expect(h.explanation.adjustments.some((a) => /license|NPPES/i.test(a.reason))).toBe(false);
    }
  });
});

describe('licence evidence and the collection filter (ADR 075, 120)', () => {
  it('answers rows with licences as the filter after collection does, licence agreements and differences among the hits', () => {
    // State-list people with licence numbers; rows with the record's licence (some written another way), another one, or a typo'd surname.
    const records = [...syntheticRecords(6000, 31)].map((r, i) => (r.source.startsWith('state-') || i % 3 === 0 ? { ...r, licenseNumbers: [`RN${String(100000 + i)}`] } : r));
    const big = buildIndex(records, { version: 'licences' });
    const rows: IndividualQuery[] = records.slice(0, 600).flatMap((r, i) => {
      if (!r.lastName) return [];
      const licence = r.licenseNumbers[0] ? [r.licenseNumbers[0], `rn 0${r.licenseNumbers[0].slice(2)}`, 'RN999999'][i % 3] : 'RN123456';
      return [{ type: 'individual' as const, firstName: r.firstName ?? '', lastName: i % 4 === 3 ? r.lastName.slice(0, -1) + 'q' : r.lastName, dateOfBirth: i % 2 ? r.dateOfBirth : null, licenseNumber: licence }];
    });
    const options = { threshold: 0.85, minScore: 0.7 };
    const answers = (on: boolean) => {
      collectionFilter.on = on;
      try {
        return rows.map((q) => JSON.stringify(screen(big, q, options)));
      } finally {
        collectionFilter.on = true;
      }
    };
    const during = answers(true);
    expect(answers(false)).toEqual(during);
    // Both kinds of licence evidence reach the hits.
    expect(during.filter((a) => a.includes("is the employee's license")).length).toBeGreaterThan(50);
    expect(during.filter((a) => a.includes("differs from the employee's license")).length).toBeGreaterThan(10);
  });
});
