/** Small hand-written list records for engine tests (kept beside the engine: tests only). */
import { emptyListRecord, type EntityKind, type ListRecord, type SourceId } from '#shared/list-record';

/** A list record with the given fields set. */
export function listRecord(source: SourceId, id: string, kind: EntityKind, fields: Partial<ListRecord>): ListRecord {
  return { ...emptyListRecord(source, id, kind), ...fields };
}

/** A small mixed list: people with DOBs/NPIs/AKAs, businesses with DBAs, NPPES and DMF entries. */
export function sampleRecords(): ListRecord[] {
  return [
    listRecord('leie', 'L1', 'person', { firstName: 'Robert', middleName: 'James', lastName: 'Smith', dateOfBirth: '1961-04-12', npi: '1234567893', state: 'NY', city: 'Albany', postalCode: '12207' }),
    listRecord('leie', 'L2', 'person', { firstName: 'Robert', lastName: 'Smith', dateOfBirth: '1975-09-30', state: 'CA' }),
    listRecord('sam', 'S1', 'person', { firstName: 'Maria', lastName: 'Garcia-Lopez', state: 'TX' }),
    listRecord('ofac-sdn', 'O1', 'person', { firstName: 'Catherine', lastName: 'Jones', akas: ['Kathy Brown', 'Miller'] }),
    listRecord('state-ny', 'N1', 'person', { firstName: 'Sean', lastName: "O'Brien", suffix: 'Jr' }),
    listRecord('leie', 'L3', 'business', { businessName: 'Acme Home Health LLC', dbas: ['Sunrise Pharmacy'], npi: '1790777944', state: 'FL', ein: '123456789' }),
    listRecord('sam', 'S2', 'business', { businessName: 'Acme Home Care Inc', state: 'FL' }),
    listRecord('nppes', '1234567893', 'person', { firstName: 'Robert', middleName: 'J', lastName: 'Smith', npi: '1234567893', extra: { entityType: '1' } }),
    listRecord('nppes', '1770626038', 'person', { firstName: 'Linda', lastName: 'Park', npi: '1770626038', extra: { entityType: '1', deactivationDate: '2020-03-01' } }),
    listRecord('nppes', '1790777944', 'business', { businessName: 'Acme Home Health LLC', npi: '1790777944', extra: { entityType: '2', deactivationDate: '2018-01-01', reactivationDate: '2019-06-01' } }),
    listRecord('dmf', 'D1', 'person', { firstName: 'Harold', lastName: 'Finch', ssn: '123-45-6780', dateOfDeath: '2015-02-02' }),
  ];
}
