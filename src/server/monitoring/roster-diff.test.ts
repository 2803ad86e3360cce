import { describe, expect, it } from 'vitest';
import { diffRoster, type RosterMember, type StoredMember } from './roster-diff';

const member = (rowIndex: number, first: string, last: string, o: { dob?: string; id?: string; ssn?: string; dept?: string } = {}): RosterMember => ({
  rowIndex,
  values: { 'First Name': first, 'Last Name': last, ...(o.dob ? { 'Date of Birth': o.dob } : {}), ...(o.ssn ? { SSN: o.ssn } : {}) },
  additional: o.dept ? { Department: o.dept } : {},
  uniqueId: o.id ?? null,
});
const row = (first: string, last: string, o: Parameters<typeof member>[3] = {}): StoredMember => {
  const { rowIndex: _r, ...rest } = member(0, first, last, o);
  return rest;
};

describe('comparing a new roster file with the members', () => {
  it('without a unique id, tells people apart by name and date of birth, ignoring case and spacing', () => {
    const members = [member(0, 'Ann', 'Lee', { dob: '1970-01-02', dept: 'ICU' }), member(1, 'Bo', 'Chan', { dob: '1980-03-04' })];
    const { diff, plan } = diffRoster(members, [row(' ann ', 'LEE', { dob: '1970-01-02', dept: 'ER' }), row('Cy', 'Diaz')], { byUniqueId: false, skippedRows: 0 });
    expect(diff.changed).toEqual([{ person: expect.objectContaining({ rowIndex: 0 }), changes: [{ field: 'First Name', before: 'Ann', after: ' ann ' }, { field: 'Last Name', before: 'Lee', after: 'LEE' }, { field: 'Department', before: 'ICU', after: 'ER' }] }]);
    expect(diff.removed.map((p) => p.name)).toEqual(['Bo Chan']);
    expect(diff.added.map((p) => p.name)).toEqual(['Cy Diaz']);
    expect(plan).toMatchObject({ removed: [1], changed: [{ rowIndex: 0 }], added: [{ values: { 'First Name': 'Cy' } }] });
  });

  it('with unique ids, a renamed person is a change of name, not a leaver and a joiner', () => {
    const { diff } = diffRoster([member(0, 'Ann', 'Lee', { id: 'E1' })], [row('Ann', 'Lee-Park', { id: 'e1' })], { byUniqueId: true, skippedRows: 0 });
    expect(diff).toMatchObject({ added: [], removed: [], unchanged: 0 });
    expect(diff.changed[0].changes).toEqual([
      { field: 'Last Name', before: 'Lee', after: 'Lee-Park' },
      { field: 'Unique ID', before: 'E1', after: 'e1' },
    ]);
  });

  it('pairs two people with the same name in order, and shows only the last four digits of an SSN', () => {
    const members = [member(0, 'Jo', 'Smith', { ssn: '123-45-6789' }), member(1, 'Jo', 'Smith')];
    const { diff } = diffRoster(members, [row('Jo', 'Smith', { ssn: '123-45-0000' }), row('Jo', 'Smith'), row('Jo', 'Smith')], { byUniqueId: false, skippedRows: 2 });
    expect(diff.changed).toEqual([{ person: expect.objectContaining({ rowIndex: 0, fields: expect.objectContaining({ SSN: '•••-••-0000' }) }), changes: [{ field: 'SSN', before: '•••-••-6789', after: '•••-••-0000' }] }]);
    expect(diff).toMatchObject({ unchanged: 1, removed: [], skippedRows: 2 });
    expect(diff.added).toHaveLength(1);
  });
});
