import { describe, expect, it } from 'vitest';
import type { IndividualQuery } from '../src/engine/query-types';
import type { RecordView } from '../src/engine/record-view';
import { isNamesake } from './namesake';

const record = (over: Partial<RecordView>): RecordView =>
  ({ ordinal: 0, source: 'state-ca', sourceRecordId: '1', kind: 'person', firstName: null, middleName: null, lastName: null, suffix: null, businessName: null, akas: [], dbas: [], dateOfBirth: null, dateOfDeath: null, npi: null, ssn: null, ein: null, state: null, city: null, postalCode: null, exclusionType: null, exclusionDate: null, reinstatementDate: null, extra: {}, ...over }) as RecordView;
const person: IndividualQuery = { type: 'individual', firstName: 'Cynthia', lastName: 'Thomas' };

describe('a namesake on a list (issue 52 measure)', () => {
  it('is the same surname and first name (or a nickname of it), under the name or an alias', () => {
    expect(isNamesake(person, record({ firstName: 'CYNTHIA', lastName: 'THOMAS' }))).toBe(true);
    expect(isNamesake(person, record({ firstName: 'Cindy', lastName: 'Thomas' }))).toBe(true);
    expect(isNamesake(person, record({ firstName: 'Cynthia', lastName: 'Thompson' }))).toBe(false);
  });

  it('reads an alias written "LAST, FIRST MIDDLE" by its comma', () => {
    expect(isNamesake(person, record({ firstName: 'Cynthia', lastName: 'McCurty', akas: ['Thomas, Cynthia Rita'] }))).toBe(true);
    expect(isNamesake(person, record({ firstName: 'Rita', lastName: 'McCurty', akas: ['Rita, Thomas'] }))).toBe(false);
  });

  it('reads an alias without a comma from either end', () => {
    expect(isNamesake(person, record({ firstName: 'C', lastName: 'Mc', akas: ['Cynthia R Thomas'] }))).toBe(true);
    expect(isNamesake(person, record({ firstName: 'C', lastName: 'Mc', akas: ['THOMAS CYNTHIA'] }))).toBe(true);
  });
});
