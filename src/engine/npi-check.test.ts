import { describe, expect, it } from 'vitest';
import { buildIndex } from './index-builder';
import { checkNpiInIndex } from './npi-check';
import { sampleRecords } from './test-records';

const index = buildIndex(sampleRecords());

describe('checkNpiInIndex', () => {
  it('reports an active individual NPI and how well the name agrees', () => {
    const good = checkNpiInIndex(index, '1234567893', { type: 'person', firstName: 'Bob', lastName: 'Smith' });
    expect(good).toMatchObject({ valid: true, found: true, status: 'active', entityType: 'individual', nppesName: 'Smith, Robert J', nppesRecordId: '1234567893' });
    expect(good.nameAgreement?.agrees).toBe(true);
    const bad = checkNpiInIndex(index, '1234567893', { type: 'person', firstName: 'Alice', lastName: 'Walker' });
    expect(bad.nameAgreement?.agrees).toBe(false);
  });

  it('reports deactivation with its date', () => {
    expect(checkNpiInIndex(index, '1770626038')).toMatchObject({ found: true, status: 'deactivated', deactivationDate: '2020-03-01', reactivationDate: null });
  });

  it('says when a valid NPI is not in NPPES, and when an NPI is malformed', () => {
    expect(checkNpiInIndex(index, '1245319599')).toMatchObject({ valid: true, found: false, status: null });
    expect(checkNpiInIndex(index, '12345')).toMatchObject({ valid: false, found: false, message: 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces' });
  });
});
