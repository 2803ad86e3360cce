import { describe, expect, it } from 'vitest';
import { explanationLine } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { nppesFactsOfRecord } from './nppes-facts';
import { compareProfessions, professionNames, professionOfTaxonomy, professionsOf } from './profession';
import type { IndividualQuery } from './query-types';
import { collectionFilter, screen } from './screen';
import { syntheticRecords } from './synthetic-records';
import { listRecord } from './test-records';

// Issue 52 (ADR 121): the list record's provider type is compared with the roster's, or with what NPPES
// says of the roster's NPI (taxonomy, credential). The same kind raises the score; another is said, not counted.
describe('provider types as families', () => {
  it('reads the provider types the real lists write, and credentials as written', () => {
    const cases: [string, string][] = [
      ['REGISTERED NURSE', 'nurse'],
      ['LVN', 'nurse'],
      ['38 - NON-AGENCY NURSE PDN -- RN OR LPN', 'nurse'],
      ['CERTIFIED NURSE ASSISTANT / HOME HEALTH AIDE', 'aide'],
      ['C N A', 'aide'],
      ['NURSE/NURSES AIDE', 'nurse, aide'],
      ['PHYSICIAN (010)', 'physician'],
      ["PHYSICIAN'S ASSISTAN", 'physician assistant'],
      ['M.D.', 'physician'],
      ['PSYCHIATRIC TECHNICIAN', 'behavioral health'],
      ['MARRIAGE & FAMILY COUNSELOR/THERAPIST', 'behavioral health'],
      ['PHARMACY TECHNICIAN', 'pharmacy'],
      ['RPH', 'pharmacy'],
      ['DENTIST | DDS', 'dental'],
      ['EMERGENCY MED TECH', 'emergency medical'],
      ['DURABLE MEDICAL EQUIPMENT', 'medical equipment'],
    ];
    for (const [text, families] of cases) expect([text, professionNames(professionsOf(text))]).toEqual([text, families]);
  });

  it('reads no family from a role, a category or a code', () => {
    for (const text of ['OWNER-PHARMACY', 'PHARMACY EMPLOYEE', 'BUSINESS OWNER', 'OTHER', 'MEDICAL', '20', 'NO KNOWN AFFILIATION', '', null]) expect(professionsOf(text)).toBe(0);
  });

  it('reads NPPES taxonomy codes by their grouping', () => {
    expect(professionNames(professionOfTaxonomy('207Q00000X'))).toBe('physician');
    expect(professionNames(professionOfTaxonomy('163W00000X'))).toBe('nurse');
    expect(professionNames(professionOfTaxonomy('363A00000X'))).toBe('physician assistant');
    expect(professionNames(professionOfTaxonomy('183500000X'))).toBe('pharmacy');
    expect(professionOfTaxonomy('not a code')).toBe(0);
  });

  it('compares families: the same, one career (nurse and aide), or different', () => {
    expect(compareProfessions(professionsOf('RN'), professionsOf('REGISTERED NURSE'))).toBe('agrees');
    expect(compareProfessions(professionsOf('LPN'), professionsOf('CNA'))).toBe('related');
    expect(compareProfessions(professionsOf('Pharmacist'), professionsOf('REGISTERED NURSE'))).toBe('differs');
  });
});

describe('provider type as evidence', () => {
  const records = [
    listRecord('state-ca', 'ca-1', 'person', { firstName: 'Marisol', lastName: 'Quintero', specialty: 'REGISTERED NURSE' }),
    listRecord('state-ny', 'ny-1', 'person', { firstName: 'Marisol', lastName: 'Quintero', specialty: 'OWNER' }),
    listRecord('nppes', '1245319599', 'person', { firstName: 'Marisol', lastName: 'Quintero', npi: '1245319599', specialty: '163W00000X', extra: { entityType: '1', taxonomyCodes: '163W00000X', credential: 'RN' } }),
  ];
  const index = buildIndex(records);
  const marisol = (more: Partial<IndividualQuery>): IndividualQuery => ({ type: 'individual', firstName: 'Marisol', lastName: 'Quintero', ...more });
  const hitOf = (q: IndividualQuery, source: string) => screen(index, q, { minScore: 0.5 }).hits.find((h) => h.record.source === source)!;

  it('raises a record of the same kind of provider, and says so', () => {
    const plain = hitOf(marisol({}), 'state-ca');
    const nurse = hitOf(marisol({ providerType: 'RN' }), 'state-ca');
    expect(nurse.score).toBeCloseTo(plain.score + 0.02, 4);
    expect(nurse.explanation.adjustments).toContainEqual({ reason: "List record's provider type REGISTERED NURSE is the same kind of provider as the employee's (RN)", effect: 0.02 });
    expect(explanationLine(nurse.explanation)).toContain('Provider type: the same kind of provider (RN vs REGISTERED NURSE)');
  });

  it("reads a roster's taxonomy code as NPPES's", () => {
    expect(hitOf(marisol({ providerType: '163W00000X' }), 'state-ca').explanation.adjustments.some((a) => a.reason.includes('is the same kind of provider'))).toBe(true);
  });

  it('says a different provider type and does not count it against the record', () => {
    const plain = hitOf(marisol({}), 'state-ca');
    const pharmacist = hitOf(marisol({ providerType: 'Pharmacist' }), 'state-ca');
    expect(pharmacist.score).toBe(plain.score);
    expect(pharmacist.explanation.adjustments.find((a) => a.reason.includes('differs'))?.reason).toBe(
      "List record's provider type REGISTERED NURSE differs from the employee's (Pharmacist); not counted against, as an excluded person may not work in any role",
    );
    expect(explanationLine(pharmacist.explanation)).toContain('Provider type: different (Pharmacist vs REGISTERED NURSE)');
  });

  it("compares nothing with a record whose provider type is a role", () => {
    const owner = hitOf(marisol({ providerType: 'RN' }), 'state-ny');
    expect(owner.score).toBe(hitOf(marisol({}), 'state-ny').score);
    expect(owner.explanation.fields.some((f) => f.listField === 'providerType')).toBe(false);
  });

  it("uses NPPES's taxonomy and credential for the roster's NPI when the roster gives no provider type", () => {
    const plain = hitOf(marisol({}), 'state-ca');
    const byNpi = hitOf(marisol({ npi: '1245319599' }), 'state-ca');
    expect(byNpi.score).toBeCloseTo(plain.score + 0.02, 4);
    expect(byNpi.explanation.adjustments.some((a) => a.reason.startsWith("List record's provider type REGISTERED NURSE is the same kind of provider as NPPES's record of NPI 1245319599"))).toBe(true);
    // The facts a server reads by key carry the same families.
    const facts = nppesFactsOfRecord(records[2])!;
    expect(professionNames(facts.professions ?? 0)).toBe('nurse');
    expect(facts.professionText).toBe('taxonomy 163W00000X; credential RN');
    const given = hitOf(marisol({ npi: '1245319599', nppes: facts }), 'state-ca');
    expect(given.score).toBe(byNpi.score);
  });

  it('keeps the collection filter in step with the score (the same answers with it and without it)', () => {
    const kinds = ['REGISTERED NURSE', 'PHYSICIAN', 'PHARMACIST', 'CNA'];
    const records = [...syntheticRecords(6000, 37)].map((r, i) => (r.kind === 'person' && i % 2 === 0 ? { ...r, specialty: kinds[i % 4] } : r));
    const big = buildIndex(records, { version: 'professions' });
    const given = ['RN', 'MD', 'Pharmacist', 'Home health aide'];
    const rows: IndividualQuery[] = records.slice(0, 600).flatMap((r, i) =>
      r.lastName ? [{ type: 'individual' as const, firstName: r.firstName ?? '', lastName: i % 4 === 3 ? r.lastName.slice(0, -1) + 'q' : r.lastName, dateOfBirth: i % 2 ? r.dateOfBirth : null, providerType: given[i % 4] }] : [],
    );
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
    expect(during.filter((a) => a.includes('is the same kind of provider')).length).toBeGreaterThan(5);
    expect(during.filter((a) => a.includes('differs from the employee')).length).toBeGreaterThan(5);
  });
});
