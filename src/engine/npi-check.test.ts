import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { checkNpiInIndex } from './npi-check';
import { screen } from './screen';
import { listRecord, sampleRecords } from './test-records';

const index = buildIndex(sampleRecords());
// NPPES keeps a person's former (e.g. maiden) names as other names.
const withOtherNames = buildIndex([
  ...sampleRecords(),
  listRecord('nppes', '1245319599', 'person', { firstName: 'Jennifer', lastName: 'Lopez', npi: '1245319599', akas: ['GARCIA, JENNIFER'], extra: { entityType: '1' } }),
  listRecord('nppes', '1003000126', 'person', { firstName: 'James', middleName: 'Kenneth', lastName: 'Wang', npi: '1003000126', extra: { entityType: '1' } }),
]);

describe('checkNpiInIndex', () => {
  it('reports an active individual NPI and how well the name agrees', () => {
    const good = checkNpiInIndex(index, '1234567893', { type: 'person', firstName: 'Bob', lastName: 'Smith' });
    expect(good).toMatchObject({ valid: true, found: true, status: 'active', entityType: 'individual', nppesName: 'Smith, Robert J', nppesRecordId: '1234567893' });
    expect(good.nameAgreement?.agrees).toBe(true);
    const bad = checkNpiInIndex(index, '1234567893', { type: 'person', firstName: 'Alice', lastName: 'Walker' });
    expect(bad.nameAgreement?.agrees).toBe(false);
  });

  it("finds that an NPI registered to someone else does not agree, with both names side by side", () => {
    const check = checkNpiInIndex(withOtherNames, '1003000126', { type: 'person', firstName: 'Jennifer', lastName: 'Garcia' });
    expect(check).toMatchObject({ valid: true, found: true, status: 'active' });
    expect(check.nameAgreement).toMatchObject({ agrees: false, customerName: 'Jennifer Garcia', nppesName: 'Wang, James Kenneth', matchedThrough: 'name' });
    expect(check.nameAgreement?.explanation.fields.map((f) => [f.queryField, f.method])).toEqual([['lastName', 'different'], ['firstName', 'different']]);
  });

  it('agrees through nicknames, typos, swapped order and NPPES other (maiden) names', () => {
    const agrees = (npi: string, firstName: string, lastName: string) => checkNpiInIndex(withOtherNames, npi, { type: 'person', firstName, lastName }).nameAgreement;
    expect(agrees('1234567893', 'Bob', 'Smith')?.agrees).toBe(true);
    expect(agrees('1003000126', 'Jmaes', 'Wang')?.agrees).toBe(true);
    expect(agrees('1003000126', 'Wang', 'James')?.agrees).toBe(true);
    expect(agrees('1245319599', 'Jennifer', 'Garcia')).toMatchObject({ agrees: true, matchedThrough: 'other-name', nppesName: 'GARCIA, JENNIFER' });
    expect(agrees('1003000126', 'Mary', 'Wang')?.agrees).toBe(false);
  });

  it("compares a business with an organisation's name, and a person's name with an organisation's", () => {
    expect(checkNpiInIndex(index, '1790777944', { type: 'business', name: 'ACME HOME HEALTH, L.L.C.' }).nameAgreement?.agrees).toBe(true);
    expect(checkNpiInIndex(index, '1790777944', { type: 'business', name: 'Bayside Dialysis Inc' }).nameAgreement?.agrees).toBe(false);
    expect(checkNpiInIndex(index, '1790777944', { type: 'person', firstName: 'Robert', lastName: 'Smith' }).nameAgreement?.agrees).toBe(false);
  });

  it('has no agreement to report when no name is given', () => {
    expect(checkNpiInIndex(index, '1234567893').nameAgreement).toBeNull();
    expect(checkNpiInIndex(index, '1234567893', { type: 'person', firstName: ' ', lastName: '' }).nameAgreement).toBeNull();
  });

  it('answers an NPI query with the name agreement, and a malformed NPI as invalid with its reason', () => {
    const r = screen(withOtherNames, { type: 'npi', npi: '1003000126', name: { type: 'person', firstName: 'Jennifer', lastName: 'Garcia' } }, { sources: ['optout'] });
    expect(r.npiCheck?.nameAgreement?.agrees).toBe(false);
    expect(screen(index, { type: 'npi', npi: '1234567890' }, { sources: ['optout'] }).npiCheck).toMatchObject({ valid: false, message: 'NPI check digit is not valid.' });
  });

  it('reports deactivation with its date', () => {
    expect(checkNpiInIndex(index, '1770626038')).toMatchObject({ found: true, status: 'deactivated', deactivationDate: '2020-03-01', reactivationDate: null });
  });

  it('says when a valid NPI is not in NPPES, and when an NPI is malformed', () => {
    expect(checkNpiInIndex(index, '1245319599')).toMatchObject({ valid: true, found: false, status: null });
    expect(checkNpiInIndex(index, '12345')).toMatchObject({ valid: false, found: false, message: 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces' });
  });

  it('is not made for queries whose caller reads none (npiCheck: false, ADR 089), their hits unchanged', () => {
    const queries = [
      { type: 'npi' as const, npi: '1234567893' },
      { type: 'npi' as const, npi: '1234567893', name: { type: 'person' as const, firstName: 'Bob', lastName: 'Smith' } },
      { type: 'individual' as const, firstName: 'Robert', lastName: 'Smith', npi: '1234567893' },
    ];
    for (const q of queries) {
      const made = screen(index, q, { sources: ['leie', 'nppes'] });
      const skipped = screen(index, q, { sources: ['leie', 'nppes'], npiCheck: false });
      expect(made.npiCheck).toMatchObject({ found: true, nppesRecordId: '1234567893' });
      expect(skipped.npiCheck).toBeNull();
      expect(skipped.hits).toEqual(made.hits);
      expect(made.hits.length).toBeGreaterThan(0);
    }
  });
});
